import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
import CutoutLayers

/// Writes a layer tree as an SVG document that draws like `LayerRenderer`.
///
/// The output is vector SVG 1.1 plus `mask-type` (SVG 2, supported by
/// browsers and resvg). Each layer is a `<g>` whose `transform` maps its coordinates to its
/// superlayer's exactly as the renderer composes them (position, anchor point, bounds origin,
/// `transform`, the superlayer's `sublayerTransform`), so every value below is written in the
/// layer's own coordinates:
/// - `opacity` on the `<g>` (SVG's `opacity` is group opacity, as Core Animation's);
/// - background, border (even-odd ring) and `masksToBounds` (`<clipPath>`) use the rounded
///   outline with `maskedCorners`;
/// - `mask` becomes a `<mask>` in user space; an alpha mask gets `mask-type="alpha"`;
/// - a shadow with `shadowPath` is that path, filled and blurred (`feGaussianBlur`,
///   stdDeviation = `Layer/shadowSigma(forRadius:)`) and offset, under the layer's content;
///   without a path, a drop-shadow filter on the content group (flood, `in` SourceAlpha, blur,
///   offset, merged under SourceGraphic) casts it from its alpha;
/// - `Layer/filters` become `<filter>` elements (units, region, colour spaces and the
///   primitive graph kept) applied by a `filter` list on a group inside the layer's group;
/// - `Layer/blurSigma` is an `feGaussianBlur` filter on the layer's group;
/// - `Layer/blendMode` is CSS `mix-blend-mode` in the group's `style` (the separable and
///   non-separable modes and `plus-lighter`; the Porter-Duff operators have no SVG spelling
///   and are drawn as `normal`); `Layer/isolatesBlending` is `isolation:isolate`;
/// - `ShapeLayer`: `d` from `path.svgPathData`, fill rule, stroke attributes, dashes; a
///   stroke limited by `strokeStart`/`strokeEnd` strokes the trimmed path;
/// - `GradientLayer`: a `linearGradient`/`radialGradient` in `userSpaceOnUse` units, one
///   `<stop>` per colour (both interpolate straight colours); a radial gradient's focal
///   circle as `fx`, `fy`, `fr`;
/// - `PatternLayer`: a `<pattern>` in `userSpaceOnUse` units whose tile is `tileRect` and
///   whose content is the tile's layer tree, filling the bounds;
/// - ``TextLayer``: the glyph outlines as one `<path>` clipped to the bounds, the string in
///   `aria-label` (outlines round-trip and draw the same without the font);
/// - contents: the image once as a PNG data URI in `<defs>`, placed by `<use>` through a clip
///   per piece (one piece, or nine for a nine-slice).
///
/// Filter and mask regions cover the canvas (mapped into the layer's coordinates), which is
/// all the renderer draws. Ids are `cutout-<kind><n>`, numbered as the tree is walked, so the
/// same tree always gives the same text. Layers the renderer skips (hidden, transparent,
/// non-finite geometry) are left out.
public enum SVGExporter {
    /// The SVG document for `layer` on a canvas of `size` points (`width`, `height` and
    /// `viewBox` are the size; one user unit is one point). A size that is not positive and
    /// finite gives an empty 0×0 document.
    /// Complexity: linear in the number of layers and path elements, plus PNG encoding of
    /// every contents image.
    public static func svg(for layer: Layer, size: CGSize) -> String {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\"/>\n"
        }
        var writer = SVGWriter(canvas: CGRect(origin: .zero, size: size))
        writer.emit(layer, parentCTM: .identity, depth: 0)
        let w = SVGWriter.number(size.width), h = SVGWriter.number(size.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
        out += "width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        if !writer.defs.isEmpty { out += "<defs>\n" + writer.defs + "</defs>\n" }
        out += writer.body
        out += "</svg>\n"
        return out
    }
}

/// The text being written: definitions and body, and the id counter.
struct SVGWriter {
    let canvas: CGRect
    var defs = ""
    var body = ""
    var counter = 0
    /// The layers an `feImage` is writing (a layer reached again is a cycle, written empty).
    var filterImageLayers: Set<ObjectIdentifier> = []

    init(canvas: CGRect) { self.canvas = canvas }

    mutating func newID(_ kind: String) -> String {
        counter += 1
        return "cutout-\(kind)\(counter)"
    }

    // MARK: Formatting

    /// The shortest text that reads back to the same `Double`; integers without a fraction.
    static func number(_ v: CGFloat) -> String {
        guard v.isFinite else { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(Double(v))"
    }

    static func matrix(_ t: Transform) -> String {
        [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: " ")
    }

    /// ` name="value"` pairs, values escaped.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\($0.1.xmlEscaped)\"" }.joined()
    }

    /// An 8-bit hex colour and its opacity (colours are sRGB with straight alpha).
    static func paint(_ c: Color) -> (rgb: String, opacity: String) {
        func byte(_ v: CGFloat) -> String {
            let b = Int((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded())
            return String(b, radix: 16).count == 1 ? "0" + String(b, radix: 16) : String(b, radix: 16)
        }
        let a = min(max(c.alpha.isFinite ? c.alpha : 0, 0), 1)
        return ("#" + byte(c.red) + byte(c.green) + byte(c.blue), number(a))
    }

    static func fill(_ c: Color) -> [(String, String)] {
        let p = paint(c)
        return p.opacity == "1" ? [("fill", p.rgb)] : [("fill", p.rgb), ("fill-opacity", p.opacity)]
    }

    // MARK: Regions

    /// The canvas in the coordinates of a layer whose canvas transform is `ctm`, grown by
    /// `margin`; nil when `ctm` cannot be inverted.
    func canvasRegion(ctm: Transform, margin: CGFloat) -> CGRect? {
        guard let inv = ctm.inverted(), inv.isFinite else { return nil }
        let r = canvas.applying(inv).insetBy(dx: -margin, dy: -margin)
        return r.isNull || !r.width.isFinite || !r.height.isFinite ? nil : r
    }

    static func region(_ r: CGRect) -> [(String, String)] {
        [("x", number(r.minX)), ("y", number(r.minY)), ("width", number(r.width)), ("height", number(r.height))]
    }
}
