import Foundation
import CutoutGeometry
import CutoutRaster

/// A paint of SVG's `fill` or `stroke`.
enum SVGPaint: Equatable {
    case none
    case color(Color)
    case currentColor
    /// A reference to a paint server, with the fallback used when it cannot be resolved
    /// (a `currentColor` fallback is resolved where the paint is declared).
    case url(String, fallback: Color?)
    /// SVG 2's `context-fill` / `context-stroke`: the fill or stroke of the shape a marker is
    /// drawn for, or of the `<use>` showing the element (none elsewhere).
    case contextFill, contextStroke

    /// `currentColor` is the `color` in effect, for a fallback after a `url()`.
    static func parse(_ text: String, currentColor: Color = .black) -> SVGPaint? {
        let s = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if s == "none" { return SVGPaint.none }
        if s.lowercased() == "currentcolor" { return .currentColor }
        if s == "context-fill" { return .contextFill }
        if s == "context-stroke" { return .contextStroke }
        if s.hasPrefix("url("), let close = s.firstIndex(of: ")") {
            let inner = s[s.index(s.startIndex, offsetBy: 4)..<close]
                .trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
            guard inner.hasPrefix("#") else { return nil }
            let rest = s[s.index(after: close)...].trimmingCharacters(in: .whitespaces)
            // SVG 2's `<url> [none | <color>]?`: anything else after the URL (SVG 1.1's
            // `icc-color(…)`, which no renderer reads) makes the whole paint invalid, as in
            // resvg and browsers, just as it does after a plain colour.
            if rest.isEmpty || rest == "none" { return .url(String(inner.dropFirst()), fallback: nil) }
            if rest.lowercased() == "currentcolor" { return .url(String(inner.dropFirst()), fallback: currentColor) }
            guard let fallback = CSSColor.parse(rest) else { return nil }
            return .url(String(inner.dropFirst()), fallback: fallback)
        }
        return CSSColor.parse(s).map(SVGPaint.color)
    }
}

/// The inherited presentation properties in effect at an element.
struct SVGStyle {
    var fill: SVGPaint = .color(.black)
    var fillOpacity: CGFloat = 1
    var fillRule: FillRule = .winding
    var clipRule: FillRule = .winding
    var stroke: SVGPaint = .none
    var strokeOpacity: CGFloat = 1
    var strokeWidth: CGFloat = 1
    var lineCap = "butt"
    var lineJoin = "miter"
    var miterLimit: CGFloat = 4
    var dashArray: [CGFloat]?
    var dashOffset: CGFloat = 0
    /// `paint-order` puts the stroke before the fill.
    var strokeBeforeFill = false
    /// Where `paint-order` puts the markers among the three layers: 0 first, 1 between fill
    /// and stroke, 2 last (the default).
    var markersPosition = 2
    /// `vector-effect: non-scaling-stroke` (not inherited: set per element).
    var nonScalingStroke = false
    var color: Color = .black
    var visible = true
    /// `image-rendering` asks for the nearest pixel (`optimizeSpeed`, `pixelated`,
    /// `crisp-edges`) rather than smooth sampling.
    var pixelatedImages = false
    var font = SVGFontStyle()
    /// `marker-start`, `marker-mid`, `marker-end` (inherited): the references, nil for none.
    var markerStart: String?
    var markerMid: String?
    var markerEnd: String?
    /// What `context-fill` and `context-stroke` stand for (inherited into marker content).
    var contextFill: SVGPaint = .none
    var contextStroke: SVGPaint = .none
    /// The context element whose paints `contextFill` and `contextStroke` are: a `<use>`, or
    /// the shape a marker is drawn for.
    var contextOwner: ObjectIdentifier?
    /// Set when `fill` / `stroke` is a paint server taken from a context element's paint: it
    /// is then laid out on that element's bounding box and user space (see
    /// `SVGBuilder.fulfilContextPaints`).
    var fillFromContext: ObjectIdentifier?
    var strokeFromContext: ObjectIdentifier?
    /// The colour a paint resolves to (before opacity); nil for none and for url().
    func color(of paint: SVGPaint) -> Color? {
        switch paint {
        case .none, .url, .contextFill, .contextStroke: return nil
        case .color(let c): return c
        case .currentColor: return color
        }
    }

    /// Applies an opacity.
    func finalColor(_ c: Color, opacity: CGFloat) -> Color {
        c.withAlphaComponent(c.alpha * opacity)
    }
}

/// The inherited text properties (`font-*`, spacing, `text-anchor`, `text-decoration`).
struct SVGFontStyle {
    /// The family list; generic names resolve through ``FontCatalog``.
    var families = ["sans-serif"]
    /// Em size in user units (CSS `medium` is 16).
    var size: CGFloat = 16
    var weight = 400
    var italic = false
    var letterSpacing: CGFloat = 0
    var wordSpacing: CGFloat = 0
    /// `start`, `middle` or `end`.
    var anchor = "start"
    /// The font's kerning pairs apply (`font-kerning` other than `none`, and SVG 1.1's
    /// `kerning` other than `0`).
    var kerning = true
    /// Lines drawn through the text: `underline`, `overline`, `line-through`. Text decoration
    /// is not inherited in CSS but draws across the text of descendants, which this models.
    var decorations: Set<String> = []
}
