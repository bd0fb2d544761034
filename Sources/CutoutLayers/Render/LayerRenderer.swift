import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

/// Why a layer tree could not be rendered.
public enum LayerRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The canvas size or scale is not positive and finite, or the pixel size is beyond
    /// ``Pixmap``'s limits (``Pixmap/maxDimension`` per side, ``Pixmap/maxPixelCount`` in all).
    case invalidCanvas(width: CGFloat, height: CGFloat, scale: CGFloat)

    public var description: String {
        switch self {
        case .invalidCanvas(let w, let h, let s):
            return "cannot render \(w)×\(h) points at scale \(s): the pixel size must be 1...\(Pixmap.maxDimension) per side and at most \(Pixmap.maxPixelCount) pixels"
        }
    }
}

/// Renders a layer tree with Core Animation's rules, to pixels (``render(_:size:scale:)``)
/// (for SVG output see `SVGExporter` in `CutoutSVG`).
///
/// The root layer is placed on a canvas of `size` points by its own geometry (its frame, in
/// canvas coordinates). Rules:
/// - sublayers draw in ascending ``Layer/zPosition``, ties in insertion order, after the
///   layer's background and contents; the border draws last, above everything;
/// - ``Layer/opacity`` below 1 composites the whole subtree once, as a group;
/// - ``Layer/blendMode`` composites that group with its mode, onto what is beneath it in the
///   nearest ancestor drawn as a group (``Layer/isolatesBlending`` makes a layer one);
/// - ``Layer/masksToBounds`` clips contents and sublayers to the rounded bounds;
/// - ``Layer/mask``'s alpha multiplies the layer's whole rendering, its shadow included;
/// - ``Layer/blurSigma`` blurs the layer's rendering (shadow included) before mask and opacity;
/// - the shadow is ``Layer/shadowPath`` filled non-zero, or else the alpha of the layer's
///   rendering, tinted, blurred with sigma = ``Layer/shadowSigma(forRadius:)``, offset, and
///   drawn below the layer. Shadow offset and blur follow the layer's transform.
public enum LayerRenderer {
    /// Renders `layer` on a transparent canvas of `size` points at `scale` pixels per point
    /// (pixel size = size × scale, rounded up).
    /// - Throws: ``LayerRenderError/invalidCanvas(width:height:scale:)`` for sizes that are
    ///   not positive and finite or beyond the pixmap limits — checked before allocating.
    /// Complexity: proportional to the pixels touched; each group, mask or alpha shadow costs
    /// one extra canvas-sized buffer while it is drawn.
    public static func render(_ layer: Layer, size: CGSize, scale: CGFloat = 1) throws(LayerRenderError) -> Pixmap {
        let fail = LayerRenderError.invalidCanvas(width: size.width, height: size.height, scale: scale)
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, size.width > 0, size.height > 0, scale > 0 else { throw fail }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w <= CGFloat(Pixmap.maxDimension), h <= CGFloat(Pixmap.maxDimension) else { throw fail }
        guard var ctx = try? DrawingContext(width: Int(w), height: Int(h), scale: scale) else { throw fail }
        ctx.flatteningTolerance = Renderer.flatteningTolerance
        var renderer = Renderer()
        renderer.draw(layer, in: &ctx, depth: 0)
        return ctx.pixmap
    }
}

/// The recursive drawing, with the helpers that need a canvas-sized scratch context.
package struct Renderer {
    /// Curves are flattened to chords at most this far (device pixels) inside them. The chords
    /// of a convex curve all lie inside it, so the error is a bias, not noise: at the raster
    /// default (0.1 px) curved edges lose about 0.07 px of coverage (16/255 on a circle's
    /// rim, measured against resvg); at 0.02 px the loss is below 4/255.
    static let flatteningTolerance: Double = 0.02

    /// Deeper trees are cut off here (a tree built in code cannot be cyclic, but may be absurd).
    package static let maxDepth = 512

    mutating func draw(_ layer: Layer, in ctx: inout DrawingContext, depth: Int) {
        guard depth < Renderer.maxDepth, !layer.isHidden else { return }
        let opacity = layer.opacity.isNaN ? 0 : min(max(layer.opacity, 0), 1)
        guard opacity > 0 else { return }
        let toParent = layer.transformToSuperlayerBounds
        guard toParent.isFinite, layer.bounds.origin.x.isFinite, layer.bounds.origin.y.isFinite,
              layer.bounds.width.isFinite, layer.bounds.height.isFinite else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(toParent)

        let shadow = Renderer.shadowStyle(layer)
        let blur = layer.blurSigma.isFinite && layer.blurSigma > 0 ? layer.blurSigma : 0
        guard opacity < 1 || layer.mask != nil || shadow != nil || blur > 0 || layer.blendMode != .normal
                || layer.isolatesBlending else {
            return drawContent(layer, in: &ctx, depth: depth)
        }
        // A group is drawn on a clean offscreen canvas, then composited once through the clip
        // in force here: drawing it under that clip as well would apply a soft clip (an
        // ancestor's mask) twice, squaring its partial coverage.
        let group = offscreenRendering(like: ctx) { off in
            if let mask = layer.mask {
                var maskPixels = offscreenRendering(like: off) { maskCtx in
                    var sub = Renderer()
                    sub.draw(mask, in: &maskCtx, depth: depth + 1)
                }
                if mask.isLuminanceMask { Renderer.luminanceToAlpha(&maskPixels) }
                Renderer.clipDevice(&off, toAlphaOf: maskPixels)
            }
            if blur > 0 {
                let pixels = offscreenRendering(like: off) { inner in drawBody(layer, shadow: shadow, in: &inner, depth: depth) }
                let ctm = off.ctm
                let sigma = blur * abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot()
                Renderer.drawDevice(pixels.gaussianBlurred(sigma: sigma), into: &off, offset: .zero)
            } else {
                drawBody(layer, shadow: shadow, in: &off, depth: depth)
            }
        }
        ctx.setAlpha(ctx.alpha * opacity)
        ctx.setBlendMode(layer.blendMode)
        Renderer.drawDevice(group, into: &ctx, offset: .zero)
    }

    /// The shadow (when there is one) below the layer's content.
    mutating func drawBody(_ layer: Layer, shadow: ShadowStyle?, in ctx: inout DrawingContext, depth: Int) {
        guard let shadow else { return drawContent(layer, in: &ctx, depth: depth) }
        if let shadowPath = layer.shadowPath {
            let shape = offscreenRendering(like: ctx) { off in
                off.setFillColor(.black)
                off.fill(shadowPath, using: .winding)
            }
            Renderer.drawShadow(of: shape, shadow, ctm: ctx.ctm, into: &ctx)
            drawContent(layer, in: &ctx, depth: depth)
        } else {
            let content = offscreenRendering(like: ctx) { off in
                drawContent(layer, in: &off, depth: depth)
            }
            Renderer.drawShadow(of: content, shadow, ctm: ctx.ctm, into: &ctx)
            Renderer.drawDevice(content, into: &ctx, offset: .zero)
        }
    }

    /// Background, contents, shape, gradient or text, sublayers (clipped when `masksToBounds`), border.
    mutating func drawContent(_ layer: Layer, in ctx: inout DrawingContext, depth: Int) {
        let outline = layer.boundsPath
        if let bg = layer.backgroundColor, bg.alpha > 0 {
            ctx.setFillColor(bg)
            ctx.fill(outline, using: .winding)
        }
        ctx.saveGState()
        if layer.masksToBounds { ctx.clip(to: outline, using: .winding) }
        if let image = layer.contents { ContentsDrawing(layer: layer, image: image).draw(in: &ctx) }
        if let shape = layer as? ShapeLayer { Renderer.drawShape(shape, in: &ctx) }
        if let gradient = layer as? GradientLayer { Renderer.drawGradient(gradient, in: &ctx) }
        if let text = layer as? TextLayer { Renderer.drawText(text, in: &ctx) }
        if !layer.sublayers.isEmpty {
            ctx.concatenate(layer.effectiveSublayerTransform)
            for sub in layer.sublayersInDrawingOrder { draw(sub, in: &ctx, depth: depth + 1) }
        }
        ctx.restoreGState()
        Renderer.drawBorder(layer, in: &ctx)
    }

    static func drawBorder(_ layer: Layer, in ctx: inout DrawingContext) {
        guard let border = borderShape(layer) else { return }
        ctx.setFillColor(border.color)
        ctx.fill(border.path, using: border.rule)
    }

    /// The border as a fillable area: the rounded bounds minus the bounds inset by the width
    /// (corner radii shrunk by it), filled even-odd; the whole outline when the border is at
    /// least half the shorter side. nil when there is no visible border.
    package static func borderShape(_ layer: Layer) -> (path: Path, rule: FillRule, color: Color)? {
        let bw = layer.borderWidth
        guard bw.isFinite, bw > 0, let color = layer.borderColor, color.alpha > 0 else { return nil }
        let b = layer.bounds
        var path = layer.boundsPath
        guard bw * 2 < min(b.width, b.height) else { return (path, .winding, color) }
        let inner = b.insetBy(dx: bw, dy: bw)
        let r = layer.cornerRadius.isFinite ? max(layer.cornerRadius, 0) : 0
        let outerRadii = CornerRadii(radius: r, corners: layer.maskedCorners).clamped(to: b.size)
        func shrink(_ v: CGFloat) -> CGFloat { max(v - bw, 0) }
        let innerRadii = CornerRadii(topLeft: shrink(outerRadii.topLeft), topRight: shrink(outerRadii.topRight),
                                     bottomLeft: shrink(outerRadii.bottomLeft), bottomRight: shrink(outerRadii.bottomRight))
        path.addRoundedRect(in: inner, cornerRadii: innerRadii)
        return (path, .evenOdd, color)
    }

    // MARK: Offscreen helpers

    /// A canvas-sized transparent rendering made with the same CTM as `ctx` (no clip).
    func offscreenRendering(like ctx: DrawingContext, _ body: (inout DrawingContext) -> Void) -> Pixmap {
        let base = ctx.pixmap
        guard var off = try? DrawingContext(width: base.width, height: base.height, scale: base.scale) else { return base }
        off.flatteningTolerance = ctx.flatteningTolerance
        // `off` starts at the pixmap's scale S and concatenate(T) gives T then S: T = ctm then S⁻¹
        // makes its CTM equal to `ctx`'s. (S⁻¹ first multiplied every translation by S.)
        let s = base.scale
        off.concatenate(ctx.ctm.concatenating(Transform(scaleX: 1 / s, y: 1 / s)))
        body(&off)
        return off.pixmap
    }

    /// Draws a device-space pixmap 1:1 (shifted by `offset` pixels) through the current clip and alpha.
    static func drawDevice(_ pixels: Pixmap, into ctx: inout DrawingContext, offset: CGPoint) {
        guard let inv = ctx.ctm.inverted() else { return }
        ctx.saveGState()
        ctx.concatenate(inv)
        let rect = CGRect(x: offset.x, y: offset.y, width: CGFloat(pixels.width), height: CGFloat(pixels.height))
        let whole = offset.x == offset.x.rounded() && offset.y == offset.y.rounded()
        ctx.draw(pixels, in: rect, interpolation: whole ? .nearest : .bilinear)
        ctx.restoreGState()
    }

    /// Replaces each pixel's alpha by its luminance times its alpha: with premultiplied
    /// channels that is the luminance of the stored values (SVG's coefficients, applied to the
    /// sRGB values as common renderers do).
    static func luminanceToAlpha(_ pixels: inout Pixmap) {
        pixels.data.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let lum = 0.2125 * Double(px[i]) + 0.7154 * Double(px[i + 1]) + 0.0721 * Double(px[i + 2])
                px[i + 3] = UInt8(min(lum.rounded(), 255))
                i += 4
            }
        }
    }

    /// Intersects the clip with the alpha of a device-space pixmap, keeping the CTM.
    static func clipDevice(_ ctx: inout DrawingContext, toAlphaOf pixels: Pixmap) {
        let ctm = ctx.ctm
        guard let inv = ctm.inverted() else { return }
        ctx.concatenate(inv)
        ctx.clip(toMask: pixels, in: CGRect(x: 0, y: 0, width: CGFloat(pixels.width), height: CGFloat(pixels.height)))
        ctx.concatenate(ctm)
    }
}
