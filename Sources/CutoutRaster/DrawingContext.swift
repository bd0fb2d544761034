import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// An immediate-mode drawing context over a ``Pixmap``, with Core Graphics' vocabulary:
/// a graphics-state stack, a current transform (CTM), clipping, fills and transparency layers.
///
/// Geometry is given in points; the initial CTM maps points to pixels by the pixmap's scale,
/// with the origin at the top-left and y growing downward.
///
/// Guarantees:
/// - A value type: copying a context copies its pixels and state (buffers are copy-on-write,
///   scratch memory is never shared between two contexts that draw).
/// - Anti-aliased with exact-area coverage; curves are flattened in device space to within
///   ``flatteningTolerance`` pixels. Coordinates of any finite size are accepted: geometry is
///   clipped in floating point before rasterisation (see the rasteriser's documentation).
/// - Bad input never traps: non-finite transforms, alphas and rects are ignored; unbalanced
///   `restoreGState()` / `endTransparencyLayer()` calls do nothing.
/// - Drawing with an empty clip or a fully transparent colour touches no pixel.
public struct DrawingContext {
    /// The root pixels. While a transparency layer is open, its drawing is not in here yet:
    /// it is composited by ``endTransparencyLayer()``.
    public private(set) var pixmap: Pixmap

    var gstate: GState
    var stateStack: [GState] = []
    var layers: [TransparencyLayer] = []
    var scratch = Scratch()
    private var threads = 1

    /// Most threads a fill or stroke may use (default 1: everything on the calling thread).
    ///
    /// Above 1, large fills (at least ``Rasterizer/threadingMinimumPixels`` pixels of path box
    /// inside the clip) split their rows into bands shared among that many threads; the pixels
    /// are bit-identical to a single-threaded render, only faster on several cores. Worth it
    /// for big canvases (say a 3× screenshot); small shapes always stay on one thread. Values
    /// are clamped to `1...64`.
    public var renderingThreadCount: Int {
        get { threads }
        set { threads = min(max(newValue, 1), 64) }
    }

    /// Maximum distance, in device pixels, between a curve and the straight pieces that
    /// stand for it when filling. Values that are not positive and finite are ignored.
    public var flatteningTolerance: Double {
        get { scratch.rasterizer.tolerance }
        set {
            guard newValue > 0, newValue.isFinite else { return }
            uniqueScratch().rasterizer.tolerance = newValue
        }
    }

    /// Whether fills resolve pixels where a shape overlaps itself exactly (default `false`).
    ///
    /// The rasteriser computes exact area coverage and applies the fill rule to each pixel's
    /// mean winding, as FreeType and Blend2D do. That is exact wherever the rule is linear over
    /// the windings inside the pixel; it is not where windings 0 and 2 or more meet in one pixel
    /// (non-zero: self-crossing paths, overlapping subpaths, a stroke that crosses or comes back
    /// over itself; even-odd: any two layers), where coverage can be off by up to about 150/255.
    /// (A stroke's inner corners, between lines or curves and where a closed subpath closes,
    /// are cut where the offsets cross, so they do not overlap and are exact either way.) With
    /// `true`, the rows that may hold such pixels are checked and those pixels are recomputed
    /// exactly (within 2/255 of a 128-sub-row reference).
    ///
    /// Cost: one convex or y-monotone polygon costs one pass over its points; other paths one
    /// sweep of their points, which finds the rows where sides cross or windings that mix come
    /// together (for a stroke round a closed path, only the rows near a corner its inner side
    /// had to go through; for a screen-sized frame with rounded holes cut in it, none), and
    /// only those rows are checked. Measured at 1.00× (polys) to 1.33× (the stroke-heavy
    /// tiger) the instructions of the default per frame, and 1.01× for a frame with 24 rounded
    /// holes; in time the tiger takes 1.6 to 1.7× the default, so it is off by default. Of the
    /// tiger's extra work, finding the rows is about half (the sweep: some 200 instructions
    /// and 2.5 mispredicted branches per point of the 195 paths it runs on), checking and
    /// redoing the 2 % of their rows it marks most of the rest. Hostile shapes are bounded: a
    /// row whose exact check would grow faster than its pieces (dozens of sides crowded into
    /// a few pixels) is resolved on up to 128 sub-rows instead, as the reference samples, and
    /// the sweep gives up past 64 steps a point and marks every row. `LayerRenderer` turns
    /// this on by default.
    public var exactOverlapCoverage: Bool {
        get { scratch.rasterizer.exactOverlaps }
        set { uniqueScratch().rasterizer.exactOverlaps = newValue }
    }

    /// A context over a new transparent pixmap of `width × height` **pixels**.
    /// - Throws: ``PixmapError`` when the size is outside ``Pixmap``'s limits.
    public init(width: Int, height: Int, scale: CGFloat = 1) throws(PixmapError) {
        self.init(pixmap: try Pixmap(width: width, height: height, scale: scale))
    }

    /// A context drawing over existing pixels; the CTM starts as the pixmap's scale.
    public init(pixmap: Pixmap) {
        self.pixmap = pixmap
        let s = pixmap.scale
        let all = PixelRect(minX: 0, minY: 0, maxX: pixmap.width, maxY: pixmap.height)
        gstate = GState(ctm: Transform(scaleX: s, y: s), clip: ClipState(bounds: all, mask: nil))
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, clip, fill, alpha).
    public mutating func saveGState() {
        stateStack.append(gstate)
    }

    /// Pops the graphics state saved by the matching ``saveGState()``; does nothing when
    /// there is none (or only states that belong to an open transparency layer).
    public mutating func restoreGState() {
        let floor = layers.last.map { $0.stackDepth + 1 } ?? 0
        guard stateStack.count > floor, let s = stateStack.popLast() else { return }
        gstate = s
    }

    /// The current transform from user space (points) to device pixels.
    public var ctm: Transform { gstate.ctm }

    /// Applies `transform` before the current CTM (as `CGContext.concatenate`). A transform
    /// with non-finite entries is ignored.
    public mutating func concatenate(_ transform: Transform) {
        guard transform.isFinite else { return }
        let t = transform.concatenating(gstate.ctm)
        guard t.isFinite else { return }
        gstate.ctm = t
    }

    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(Transform(translationX: x, y: y))
    }

    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(Transform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians (positive turns +x toward +y).
    public mutating func rotate(by angle: CGFloat) {
        guard angle.isFinite else { return }
        concatenate(Transform(rotationAngle: angle))
    }

    /// Sets the fill to a solid colour.
    public mutating func setFillColor(_ color: Color) {
        gstate.fillPaint = .color(color)
    }

    /// Sets the fill to any paint: a colour, a gradient or an image pattern. Gradient and
    /// pattern geometry is in user space at the time of each fill.
    public mutating func setFillPaint(_ paint: Paint) {
        gstate.fillPaint = paint
    }

    /// Sets how drawing composites onto the pixels below (as `CGContext.setBlendMode`).
    public mutating func setBlendMode(_ mode: BlendMode) {
        gstate.blendMode = mode
    }

    /// The current blend mode.
    public var blendMode: BlendMode { gstate.blendMode }

    /// Sets the global alpha multiplied into everything drawn; clamped to `0...1`, NaN ignored.
    public mutating func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return }
        gstate.alpha = min(max(alpha, 0), 1)
    }

    /// The global alpha.
    public var alpha: CGFloat { gstate.alpha }

    // MARK: Drawing

    /// Makes every pixel of the current target transparent, ignoring the clip.
    public mutating func clear() {
        withTarget { px, count, _ in px.update(repeating: 0, count: count) }
    }

    /// Fills `path` with the current fill paint, alpha and blend mode, using `rule`.
    public mutating func fill(_ path: Path, using rule: FillRule = .winding) {
        fill(path, transform: gstate.ctm, rule: rule, paint: gstate.fillPaint)
    }

    /// Fills `path` mapped by `transform` (to device pixels) with `paint`; the paint's own
    /// geometry is still in user space.
    mutating func fill(_ path: Path, transform: Transform, rule: FillRule, paint: Paint) {
        fill(rule: rule, paint: paint) { raster, _, cull in raster.setPath(path, transform: transform, cull: cull) }
    }

    /// Fills, with `paint`, the contours that `setContours` stores into the rasteriser (it is
    /// given the scratch memory and the device rectangle that matters). Inlined so that each
    /// caller's `setContours` is too: a call through a closure per fill shows on scenes of
    /// thousands of small fills.
    @inline(__always)
    mutating func fill(rule: FillRule, paint: Paint, contours setContours: (Rasterizer, Scratch, PixelRect) -> Void) {
        guard !gstate.clip.bounds.isEmpty else { return }
        let mode = gstate.blendMode, clip = gstate.clip
        WorkMeter.record(clip.bounds.width * clip.bounds.height, .fillRegionPixels)
        let scratch = uniqueScratch()
        let raster = scratch.rasterizer
        if case .color(let c) = paint, mode == .normal {
            let color = c.withAlphaComponent(c.alpha * gstate.alpha).premultiplied
            guard color.a != 0 else { return }
            let packed = PackedPixel.pack(color)
            let threads = self.threads
            withTarget { px, _, rowPixels in
                let solid = SolidSourceOverBlitter(pixels: px, rowPixels: rowPixels, color: packed)
                setContours(raster, scratch, clip.bounds)
                clip.rasterize(raster, rule: rule, threads: threads) { _ in solid }
            }
            return
        }
        if mode == .clear {
            // The paint and alpha play no part: covered pixels fade to transparent.
            let threads = self.threads
            withTarget { px, _, rowPixels in
                let clear = ClearBlitter(pixels: px, rowPixels: rowPixels)
                setContours(raster, scratch, clip.bounds)
                clip.rasterize(raster, rule: rule, threads: threads) { _ in clear }
            }
            return
        }
        let shader = Shader(paint: paint, transform: gstate.ctm, opacity: gstate.alpha)
        let solid = shader.solidColor
        if let solid, solid.a == 0, mode.transparentSourceIsIdentity { return }
        let opaque: Bool
        switch paint {
        case .color: opaque = solid?.a == 255
        case .linearGradient(let g): opaque = gstate.alpha >= 1 && g.gradient.stops.allSatisfy { $0.color.alpha >= 1 }
        default: opaque = false
        }
        let width = clip.bounds.maxX
        let threads = self.threads
        setContours(raster, scratch, clip.bounds)
        withTargetPixels { px, rowPixels in
            clip.rasterize(raster, rule: rule, threads: threads) { worker in
                PaintBlitter(pixels: px, rowPixels: rowPixels, shader: shader, solid: solid, mode: mode,
                             opaque: opaque, span: scratch.spanBuffer(width, worker: worker),
                             coverageRow: scratch.coverageBuffer(width, worker: worker))
            }
        }
    }

    /// Fills `rect` (user space) with the current fill.
    public mutating func fill(_ rect: CGRect) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let path = Path(rect: rect)
        // A solid colour over whole device pixels (a background, say): every pixel inside is
        // covered exactly, so the rows go straight to the blitter the rasteriser would feed,
        // with the same pixels and no scan.
        if gstate.clip.mask == nil, gstate.blendMode == .normal, case .color(let c) = gstate.fillPaint,
           let r = ClipState.pixelAlignedRect(path, transform: gstate.ctm) {
            let area = r.intersection(gstate.clip.bounds)
            let color = c.withAlphaComponent(c.alpha * gstate.alpha).premultiplied
            guard !area.isEmpty, color.a != 0 else { return }
            withTarget { px, _, rowPixels in
                var solid = SolidSourceOverBlitter(pixels: px, rowPixels: rowPixels, color: PackedPixel.pack(color))
                for y in area.minY..<area.maxY {
                    solid.blitRun(x: area.minX, y: y, count: area.width, coverage: 255)
                }
            }
            return
        }
        fill(path)
    }

    // MARK: Internals

    /// Runs `body` on the pixels drawing currently goes to (the innermost open layer, else
    /// the root): packed pixel words, their count, and pixels per row.
    mutating func withTarget(_ body: (UnsafeMutablePointer<UInt32>, Int, Int) -> Void) {
        if layers.isEmpty {
            let w = pixmap.width
            pixmap.data.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: UInt32.self) { body($0.baseAddress!, $0.count, w) }
            }
        } else {
            let i = layers.count - 1
            let w = layers[i].pixmap.width
            layers[i].pixmap.data.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: UInt32.self) { body($0.baseAddress!, $0.count, w) }
            }
        }
    }

    /// Like ``withTarget(_:)`` with typed pixels: the pixels and pixels per row.
    mutating func withTargetPixels(_ body: (UnsafeMutablePointer<PremultipliedRGBA8>, Int) -> Void) {
        if layers.isEmpty {
            let w = pixmap.width
            pixmap.data.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: PremultipliedRGBA8.self) { body($0.baseAddress!, w) }
            }
        } else {
            let i = layers.count - 1
            let w = layers[i].pixmap.width
            layers[i].pixmap.data.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: PremultipliedRGBA8.self) { body($0.baseAddress!, w) }
            }
        }
    }

    /// The scratch buffers, copied first if another context shares them.
    mutating func uniqueScratch() -> Scratch {
        if !isKnownUniquelyReferenced(&scratch) {
            let fresh = Scratch()
            fresh.rasterizer.tolerance = scratch.rasterizer.tolerance
            fresh.rasterizer.exactOverlaps = scratch.rasterizer.exactOverlaps
            scratch = fresh
        }
        return scratch
    }
}

/// Everything ``DrawingContext/saveGState()`` saves.
struct GState {
    var ctm: Transform
    var clip: ClipState
    var fillPaint: Paint = .color(.black)
    var alpha: CGFloat = 1
    var blendMode: BlendMode = .normal
    var stroke = StrokeStyle()
}

/// Reusable per-context memory, so steady drawing does not allocate.
final class Scratch {
    let rasterizer = Rasterizer()
    let stroker = StrokeScratch()
    let maskBlur = MaskBlur()
    private var masks: [UnsafeMutablePointer<UInt8>] = [.allocate(capacity: 0), .allocate(capacity: 0)]
    private var maskCapacities = [0, 0]
    /// Per worker thread (index 0: the calling thread).
    private var spans: [UnsafeMutablePointer<PremultipliedRGBA8>] = []
    private var spanCapacities: [Int] = []
    private var coverages: [UnsafeMutablePointer<UInt8>] = []
    private var coverageCapacities: [Int] = []

    /// At least `count` scratch pixels for `worker`, valid until the next call.
    func spanBuffer(_ count: Int, worker: Int = 0) -> UnsafeMutablePointer<PremultipliedRGBA8> {
        while spans.count <= worker { spans.append(.allocate(capacity: 0)); spanCapacities.append(0) }
        if spanCapacities[worker] >= count { return spans[worker] }
        spans[worker].deallocate()
        let n = max(count, 64)
        let s = UnsafeMutablePointer<PremultipliedRGBA8>.allocate(capacity: n)
        s.initialize(repeating: .transparent, count: n)
        spans[worker] = s
        spanCapacities[worker] = n
        return s
    }

    /// At least `count` scratch coverage bytes for `worker`, valid until the next call.
    func coverageBuffer(_ count: Int, worker: Int = 0) -> UnsafeMutablePointer<UInt8> {
        while coverages.count <= worker { coverages.append(.allocate(capacity: 0)); coverageCapacities.append(0) }
        if coverageCapacities[worker] >= count { return coverages[worker] }
        coverages[worker].deallocate()
        let n = max(count, 64)
        let c = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        c.initialize(repeating: 0, count: n)
        coverages[worker] = c
        coverageCapacities[worker] = n
        return c
    }

    /// At least `count` bytes in mask slot `slot` (0 or 1), zeroed when asked, valid until the
    /// next call for that slot.
    func maskBuffer(_ slot: Int, count: Int, zeroed: Bool) -> UnsafeMutablePointer<UInt8> {
        if maskCapacities[slot] < count {
            masks[slot].deallocate()
            masks[slot] = .allocate(capacity: count)
            maskCapacities[slot] = count
        }
        if zeroed { masks[slot].update(repeating: 0, count: count) }
        return masks[slot]
    }

    deinit {
        for m in masks { m.deallocate() }
        for s in spans { s.deallocate() }
        for c in coverages { c.deallocate() }
    }
}
