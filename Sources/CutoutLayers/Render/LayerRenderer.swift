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
/// - ``Layer/masksToBounds`` clips contents, sublayers and the layer's own shadow to the
///   rounded bounds (as Core Animation: a shadow that must show goes on an unclipped container);
/// - with ``Layer/allowsGroupOpacity`` false, opacity applies to each drawing separately;
/// - ``Layer/mask``'s alpha multiplies the layer's whole rendering, its shadow included;
/// - ``Layer/filters`` run on the layer's rendering (shadow included), then ``Layer/blurSigma``
///   blurs it, both before mask and opacity;
/// - the shadow is ``Layer/shadowPath`` filled non-zero, or else the alpha of the layer's
///   rendering, tinted, blurred with sigma = ``Layer/shadowSigma(forRadius:)``, offset, and
///   drawn below the layer. Shadow offset and blur follow the layer's transform;
/// - paths are filled with `DrawingContext.exactOverlapCoverage` unless asked otherwise:
///   where a shape overlaps itself (a star's points, a stroke that crosses itself, overlapping
///   subpaths) its edge pixels get the fill rule's exact area, not the rule applied to the
///   pixel's mean winding. Interface shapes cost the same either way; a path that overlaps
///   itself in many rows, as the stroke-heavy tiger does, about 1.6 times its time.
public enum LayerRenderer {
    /// Renders `layer` on a transparent canvas of `size` points at `scale` pixels per point
    /// (pixel size = size × scale, rounded up), with exact coverage where shapes overlap
    /// themselves unless `exactOverlapCoverage` is false (see the rules above).
    /// - Throws: ``LayerRenderError/invalidCanvas(width:height:scale:)`` for sizes that are
    ///   not positive and finite or beyond the pixmap limits — checked before allocating.
    ///
    /// Complexity: proportional to the pixels touched. Each group (opacity below 1), mask,
    /// shadow cast from content and blur draws into an offscreen buffer the size of what it
    /// covers on the canvas (its device bounds, shadows and blur included, cut to the
    /// canvas), not of the canvas. The buffers alive at once in one render
    /// are capped at ``offscreenByteLimit(canvasWidth:canvasHeight:)``: a layer whose buffer
    /// would pass the cap is skipped (not drawn), so nesting cannot take the machine.
    public static func render(_ layer: Layer, size: CGSize, scale: CGFloat = 1,
                              exactOverlapCoverage: Bool = true) throws(LayerRenderError) -> Pixmap {
        try render(layer, size: size, scale: scale, byteLimit: nil, exactOverlapCoverage: exactOverlapCoverage).pixels
    }

    /// The cap on offscreen bytes alive at once while rendering a canvas of that many pixels:
    /// four canvases' worth (4 bytes a pixel), and at least 64 MiB.
    public static func offscreenByteLimit(canvasWidth: Int, canvasHeight: Int) -> Int {
        let canvas = canvasWidth.multipliedReportingOverflow(by: canvasHeight)
        guard !canvas.overflow, canvas.partialValue <= Int.max / 16 else { return Int.max }
        return max(canvas.partialValue * 16, 64 << 20)
    }

    /// ``render(_:size:scale:)`` with the offscreen work counted; `byteLimit` overrides the
    /// cap, `filterPixelLimit` the filter budget.
    static func render(_ layer: Layer, size: CGSize, scale: CGFloat, byteLimit: Int?,
                       filterPixelLimit: Int? = nil,
                       exactOverlapCoverage: Bool = true) throws(LayerRenderError) -> (pixels: Pixmap, statistics: OffscreenStatistics) {
        let fail = LayerRenderError.invalidCanvas(width: size.width, height: size.height, scale: scale)
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, size.width > 0, size.height > 0, scale > 0 else { throw fail }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w <= CGFloat(Pixmap.maxDimension), h <= CGFloat(Pixmap.maxDimension) else { throw fail }
        let renderer = Renderer(byteLimit: byteLimit ?? offscreenByteLimit(canvasWidth: Int(w), canvasHeight: Int(h)))
        renderer.state.exactOverlapCoverage = exactOverlapCoverage
        guard var ctx = renderer.context(width: Int(w), height: Int(h), scale: scale) else { throw fail }
        renderer.state.filterPixelLimit = filterPixelLimit ?? Filter.pixelBudget(canvasWidth: Int(w), canvasHeight: Int(h))
        renderer.draw(layer, in: &ctx, depth: 0)
        return (ctx.pixmap, renderer.state.statistics)
    }
}

/// What a render spent on offscreen buffers (for tests that count work and memory).
struct OffscreenStatistics: Hashable, Sendable {
    /// Offscreen buffers allocated (groups, masks, shadow sources, blur results).
    var buffers = 0
    /// Bytes of all those buffers together.
    var bytesAllocated = 0
    /// The most bytes alive at one time.
    var peakLiveBytes = 0
    /// Layers not drawn because their buffer would have passed the cap.
    var layersSkippedForBudget = 0
    /// Layers not drawn because they were already being drawn (a mask cycle).
    var cyclesCut = 0
    /// Filter primitives run (``Layer/filters``), and the pixels they produced together
    /// (a blur also counts its kernel's reach on every line).
    var filterPrimitives = 0
    var filterPixels = 0
    /// Pixels of pattern tile images rendered (see ``Renderer/maxPatternPixels``).
    var patternPixels = 0
    /// Pattern layers not drawn because their tile would pass ``Renderer/maxPatternPixels``.
    var patternsSkippedForBudget = 0
}

/// The recursive drawing, with the helpers that render offscreen.
package struct Renderer {
    /// Curves are flattened to chords at most this far (device pixels) inside them. The chords
    /// of a convex curve all lie inside it, so the error is a bias, not noise: at the raster
    /// default (0.1 px) curved edges lose about 0.07 px of coverage (16/255 on a circle's
    /// rim, measured against resvg); at 0.02 px the loss is below 4/255.
    static let flatteningTolerance: Double = 0.02

    /// Deeper trees are cut off here (a tree built in code cannot be cyclic, but may be absurd).
    package static let maxDepth = 512

    /// What the whole recursion shares: the buffer budget, its counts, and the layers being
    /// drawn (a class, so that the nested drawing closures can update it).
    final class State {
        let byteLimit: Int
        /// The most pixels all filter primitives of the render may produce (``Filter/pixelBudget(canvasWidth:canvasHeight:)``).
        var filterPixelLimit = Int.max
        /// Whether every context of the render fills with `DrawingContext.exactOverlapCoverage`.
        var exactOverlapCoverage = true
        var liveBytes = 0
        var statistics = OffscreenStatistics()
        var drawing: Set<ObjectIdentifier> = []

        init(byteLimit: Int) { self.byteLimit = byteLimit }

        /// Accounts for a buffer of `bytes`; false (and nothing accounted) when it would pass the cap.
        func reserve(_ bytes: Int) -> Bool {
            guard bytes <= byteLimit - liveBytes else {
                statistics.layersSkippedForBudget += 1
                return false
            }
            liveBytes += bytes
            statistics.buffers += 1
            statistics.bytesAllocated += bytes
            statistics.peakLiveBytes = max(statistics.peakLiveBytes, liveBytes)
            return true
        }

        func release(_ bytes: Int) { liveBytes -= bytes }
    }

    let state: State

    init(byteLimit: Int) { state = State(byteLimit: byteLimit) }

    func draw(_ layer: Layer, in ctx: inout DrawingContext, depth: Int) {
        guard depth < Renderer.maxDepth, !layer.isHidden else { return }
        let opacity = layer.opacity.isNaN ? 0 : min(max(layer.opacity, 0), 1)
        guard opacity > 0 else { return }
        let toParent = layer.transformToSuperlayerBounds
        guard toParent.isFinite, layer.bounds.origin.x.isFinite, layer.bounds.origin.y.isFinite,
              layer.bounds.width.isFinite, layer.bounds.height.isFinite else { return }
        let parentCTM = ctx.ctm
        // A product that overflows would be ignored by `concatenate`, drawing the layer with
        // its parent's transform; such a layer is skipped, as `Layer` documents.
        guard toParent.concatenating(parentCTM).isFinite else { return }
        // A layer reached again while it is being drawn is a mask cycle (`mask = self`, or a
        // mask whose tree holds the layer): the repeat is cut.
        guard state.drawing.insert(ObjectIdentifier(layer)).inserted else {
            state.statistics.cyclesCut += 1
            return
        }
        defer { state.drawing.remove(ObjectIdentifier(layer)) }
        WorkMeter.record(1, .layersDrawn)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(toParent)

        let shadow = Renderer.shadowStyle(layer)
        let blur = layer.blurSigma.isFinite && layer.blurSigma > 0 ? layer.blurSigma : 0
        let group = opacity < 1 && layer.allowsGroupOpacity
        guard group || layer.mask != nil || shadow != nil || blur > 0 || layer.blendMode != .normal
                || layer.isolatesBlending || !layer.filters.isEmpty else {
            // Without group opacity the layer and each sublayer are drawn with the opacity
            // themselves, so overlapping sublayers show through one another.
            if opacity < 1 { ctx.setAlpha(ctx.alpha * opacity) }
            return drawContent(layer, in: &ctx, depth: depth)
        }
        // A group is drawn on a clean offscreen buffer, then composited once through the clip
        // in force here: drawing it under that clip as well would apply a soft clip (an
        // ancestor's mask) twice, squaring its partial coverage.
        let rendered: Offscreen?
        if layer.filters.isEmpty {
            var visiting: Set<ObjectIdentifier> = []
            guard let box = Renderer.layerBox(layer, parentCTM: parentCTM, depth: depth, canvasScale: ctx.pixmap.scale, visiting: &visiting),
                  let area = Renderer.DeviceArea(covering: box, in: ctx) else { return }
            rendered = offscreen(like: ctx, area: area, { off in drawBody(layer, shadow: shadow, in: &off, depth: depth) })
        } else {
            rendered = drawFiltered(layer, shadow: shadow, in: ctx, depth: depth)
        }
        guard var buffer = rendered else { return }
        let area = buffer.area
        defer { state.release(buffer.bytes) }
        if blur > 0 {
            guard state.reserve(buffer.bytes) else { return }
            buffer.pixels = buffer.pixels.gaussianBlurred(sigma: blur * Renderer.linearScale(ctx.ctm))
            state.release(buffer.bytes)
        }
        if let mask = layer.mask {
            // The mask multiplies the finished group. As a soft clip on each drawing inside
            // the group it would let the edges of what lies below show through the partial
            // coverage of what lies above (a fringe where an opaque sublayer covers another).
            guard var maskBuffer = offscreen(like: ctx, area: area, { maskCtx in draw(mask, in: &maskCtx, depth: depth + 1) }) else { return }
            defer { state.release(maskBuffer.bytes) }
            if mask.isLuminanceMask { Renderer.luminanceToAlpha(&maskBuffer.pixels) }
            Renderer.multiply(&buffer.pixels, byAlphaOf: maskBuffer.pixels)
        }
        ctx.setAlpha(ctx.alpha * opacity)
        ctx.setBlendMode(layer.blendMode)
        Renderer.drawDevice(buffer.pixels, into: &ctx, offset: area.origin)
    }

    /// The shadow (when there is one) below the layer's content. With `masksToBounds` the
    /// shadow is clipped to the rounded bounds too, as in Core Animation (which is why a
    /// shadow that must show goes on an unclipped container).
    func drawBody(_ layer: Layer, shadow: ShadowStyle?, in ctx: inout DrawingContext, depth: Int) {
        guard let shadow else { return drawContent(layer, in: &ctx, depth: depth) }
        func castShadow(of source: Offscreen, in ctx: inout DrawingContext) {
            ctx.saveGState()
            if layer.masksToBounds { ctx.clip(to: layer.boundsPath, using: .winding) }
            Renderer.drawShadow(of: source.pixels, at: source.area.origin, shadow, ctm: ctx.ctm, into: &ctx)
            ctx.restoreGState()
        }
        if let shadowPath = layer.shadowPath {
            if let area = DeviceArea(covering: shadowPath.boundingBox.applying(ctx.ctm), in: ctx),
               let shape = offscreen(like: ctx, area: area, { off in
                   off.setFillColor(.black)
                   off.fill(shadowPath, using: .winding)
               }) {
                castShadow(of: shape, in: &ctx)
                state.release(shape.bytes)
            }
            drawContent(layer, in: &ctx, depth: depth)
        } else {
            var visiting: Set<ObjectIdentifier> = [ObjectIdentifier(layer)]
            guard let box = Renderer.contentBox(layer, ctm: ctx.ctm, depth: depth, canvasScale: ctx.pixmap.scale, visiting: &visiting),
                  let area = DeviceArea(covering: box, in: ctx),
                  let content = offscreen(like: ctx, area: area, { off in drawContent(layer, in: &off, depth: depth) }) else { return }
            defer { state.release(content.bytes) }
            castShadow(of: content, in: &ctx)
            Renderer.drawDevice(content.pixels, into: &ctx, offset: area.origin)
        }
    }

    /// Background, contents, shape, gradient or text, sublayers (clipped when `masksToBounds`), border.
    func drawContent(_ layer: Layer, in ctx: inout DrawingContext, depth: Int) {
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
        if let pattern = layer as? PatternLayer { drawPattern(pattern, in: &ctx, depth: depth) }
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
        if layer.cornerCurve == .continuous {
            path.addPath(Shapes.continuousRoundedRect(in: inner, cornerRadius: max(r - bw, 0), corners: layer.maskedCorners))
            return (path, .evenOdd, color)
        }
        let outerRadii = CornerRadii(radius: r, corners: layer.maskedCorners).clamped(to: b.size)
        func shrink(_ v: CGFloat) -> CGFloat { max(v - bw, 0) }
        let innerRadii = CornerRadii(topLeft: shrink(outerRadii.topLeft), topRight: shrink(outerRadii.topRight),
                                     bottomLeft: shrink(outerRadii.bottomLeft), bottomRight: shrink(outerRadii.bottomRight))
        path.addRoundedRect(in: inner, cornerRadii: innerRadii)
        return (path, .evenOdd, color)
    }

    // MARK: Offscreen helpers

    /// A rendering of part of a context's pixels: `pixels` cover `area` of them.
    struct Offscreen {
        var pixels: Pixmap
        let area: DeviceArea
        var bytes: Int { area.width * area.height * 4 }
    }

    /// A new transparent context for this render: curves flattened to
    /// ``flatteningTolerance``, overlaps covered as the render asked
    /// (``State/exactOverlapCoverage``). Nil when the size is beyond ``Pixmap``'s limits.
    func context(width: Int, height: Int, scale: CGFloat) -> DrawingContext? {
        guard var ctx = try? DrawingContext(width: width, height: height, scale: scale) else { return nil }
        ctx.flatteningTolerance = Renderer.flatteningTolerance
        ctx.exactOverlapCoverage = state.exactOverlapCoverage
        return ctx
    }

    /// A transparent rendering of `area` of `ctx`'s pixels, made with the same CTM (no clip);
    /// nil when the budget has no room for it. The caller releases its bytes from the budget.
    func offscreen(like ctx: DrawingContext, area: DeviceArea, _ body: (inout DrawingContext) -> Void) -> Offscreen? {
        let bytes = area.width * area.height * 4
        guard state.reserve(bytes) else { return nil }
        let s = ctx.pixmap.scale
        guard var off = context(width: area.width, height: area.height, scale: s) else {
            state.release(bytes)
            return nil
        }
        // The new context starts at the pixmap's scale; the CTM wanted is `ctx.ctm` moved by
        // the area's origin. `concatenate(t)` applies t *before* the current CTM, so t =
        // ctm · translation · scale⁻¹. (The order scale⁻¹ · ctm · scale keeps the linear part
        // but multiplies the translation by the scale: at scale ≠ 1 every group, mask, shadow
        // and blur landed scale× too far from the origin, compounding when nested.)
        off.concatenate(ctx.ctm.concatenating(Transform(translationX: -CGFloat(area.x), y: -CGFloat(area.y)))
            .concatenating(Transform(scaleX: 1 / s, y: 1 / s)))
        body(&off)
        return Offscreen(pixels: off.pixmap, area: area)
    }

    /// The linear scale of a transform (square root of its determinant's magnitude).
    static func linearScale(_ t: Transform) -> CGFloat { abs(t.a * t.d - t.b * t.c).squareRoot() }

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

    /// Multiplies every channel of `pixels` (premultiplied) by the alpha of the same pixel of
    /// `mask` (same size): `destinationIn` of one device-space buffer into another.
    static func multiply(_ pixels: inout Pixmap, byAlphaOf mask: Pixmap) {
        mask.data.withUnsafeBufferPointer { m in
            pixels.data.withUnsafeMutableBufferPointer { px in
                var i = 0
                let n = min(px.count, m.count)
                while i < n {
                    let a = UInt32(m[i + 3])
                    if a != 255 {
                        for k in 0..<4 {
                            let v = UInt32(px[i + k]) * a + 128
                            px[i + k] = UInt8((v + (v >> 8)) >> 8)
                        }
                    }
                    i += 4
                }
            }
        }
    }
}
