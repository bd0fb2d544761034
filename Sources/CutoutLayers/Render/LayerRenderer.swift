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
/// or to SVG (``svgDocument(_:size:)``).
///
/// The root layer is placed on a canvas of `size` points by its own geometry (its frame, in
/// canvas coordinates). Rules:
/// - sublayers draw in ascending ``Layer/zPosition``, ties in insertion order, after the
///   layer's background and contents; the border draws last, above everything;
/// - ``Layer/opacity`` below 1 composites the whole subtree once, as a group;
/// - ``Layer/masksToBounds`` clips contents and sublayers to the rounded bounds;
/// - ``Layer/mask``'s alpha multiplies the layer's whole rendering, its shadow included;
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
        var renderer = Renderer()
        renderer.draw(layer, in: &ctx, depth: 0)
        return ctx.pixmap
    }
}

/// The recursive drawing, with the helpers that need a canvas-sized scratch context.
struct Renderer {
    /// Deeper trees are cut off here (a tree built in code cannot be cyclic, but may be absurd).
    static let maxDepth = 512

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

        if let mask = layer.mask {
            let maskPixels = offscreenRendering(like: ctx) { off in
                var sub = Renderer()
                sub.draw(mask, in: &off, depth: depth + 1)
            }
            Renderer.clipDevice(&ctx, toAlphaOf: maskPixels)
        }
        let shadow = Renderer.shadowStyle(layer)
        let group = opacity < 1 || layer.mask != nil || shadow != nil
        if group {
            ctx.setAlpha(ctx.alpha * opacity)
            ctx.beginTransparencyLayer()
        }
        if let shadow {
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
        } else {
            drawContent(layer, in: &ctx, depth: depth)
        }
        if group { ctx.endTransparencyLayer() }
    }

    /// Background, contents, shape or gradient, sublayers (clipped when `masksToBounds`), border.
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
        if !layer.sublayers.isEmpty {
            ctx.concatenate(layer.effectiveSublayerTransform)
            for sub in layer.sublayersInDrawingOrder { draw(sub, in: &ctx, depth: depth + 1) }
        }
        ctx.restoreGState()
        Renderer.drawBorder(layer, in: &ctx)
    }

    static func drawBorder(_ layer: Layer, in ctx: inout DrawingContext) {
        let bw = layer.borderWidth
        guard bw.isFinite, bw > 0, let color = layer.borderColor, color.alpha > 0 else { return }
        let b = layer.bounds
        var path = layer.boundsPath
        if bw * 2 < min(b.width, b.height) {
            let inner = b.insetBy(dx: bw, dy: bw)
            let r = layer.cornerRadius.isFinite ? max(layer.cornerRadius, 0) : 0
            let outerRadii = CornerRadii(radius: r, corners: layer.maskedCorners).clamped(to: b.size)
            func shrink(_ v: CGFloat) -> CGFloat { max(v - bw, 0) }
            let innerRadii = CornerRadii(topLeft: shrink(outerRadii.topLeft), topRight: shrink(outerRadii.topRight),
                                         bottomLeft: shrink(outerRadii.bottomLeft), bottomRight: shrink(outerRadii.bottomRight))
            path.addRoundedRect(in: inner, cornerRadii: innerRadii)
            ctx.setFillColor(color)
            ctx.fill(path, using: .evenOdd)
        } else {
            ctx.setFillColor(color)
            ctx.fill(path, using: .winding)
        }
    }

    // MARK: Offscreen helpers

    /// A canvas-sized transparent rendering made with the same CTM as `ctx` (no clip).
    func offscreenRendering(like ctx: DrawingContext, _ body: (inout DrawingContext) -> Void) -> Pixmap {
        let base = ctx.pixmap
        guard var off = try? DrawingContext(width: base.width, height: base.height, scale: base.scale) else { return base }
        let s = base.scale
        off.concatenate(Transform(scaleX: 1 / s, y: 1 / s).concatenating(ctx.ctm))
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

    /// Intersects the clip with the alpha of a device-space pixmap, keeping the CTM.
    static func clipDevice(_ ctx: inout DrawingContext, toAlphaOf pixels: Pixmap) {
        let ctm = ctx.ctm
        guard let inv = ctm.inverted() else { return }
        ctx.concatenate(inv)
        ctx.clip(toMask: pixels, in: CGRect(x: 0, y: 0, width: CGFloat(pixels.width), height: CGFloat(pixels.height)))
        ctx.concatenate(ctm)
    }
}
