import Foundation
import CutoutGeometry

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

    /// Maximum distance, in device pixels, between a curve and the straight pieces that
    /// stand for it when filling. Values that are not positive and finite are ignored.
    public var flatteningTolerance: Double {
        get { scratch.rasterizer.tolerance }
        set {
            guard newValue > 0, newValue.isFinite else { return }
            uniqueScratch().rasterizer.tolerance = newValue
        }
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
    public var ctm: CutoutGeometry.Transform { gstate.ctm }

    /// Applies `transform` before the current CTM (as `CGContext.concatenate`). A transform
    /// with non-finite entries is ignored.
    public mutating func concatenate(_ transform: CutoutGeometry.Transform) {
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
        gstate.fillColor = color
    }

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

    /// Fills `path` with the current fill using `rule`.
    public mutating func fill(_ path: Path, using rule: FillRule = .winding) {
        let c = gstate.fillColor
        let color = c.withAlphaComponent(c.alpha * gstate.alpha).premultiplied
        guard color.a != 0, !gstate.clip.bounds.isEmpty else { return }
        let packed = PackedPixel.pack(color)
        let raster = uniqueScratch().rasterizer
        let clip = gstate.clip, ctm = gstate.ctm
        withTarget { px, _, rowPixels in
            let solid = SolidSourceOverBlitter(pixels: px, rowPixels: rowPixels, color: packed)
            raster.setPath(path, transform: ctm, cull: clip.bounds)
            clip.rasterize(raster, rule: rule, through: solid)
        }
    }

    /// Fills `rect` (user space) with the current fill.
    public mutating func fill(_ rect: CGRect) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        fill(Path(rect: rect))
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

    /// The scratch buffers, copied first if another context shares them.
    mutating func uniqueScratch() -> Scratch {
        if !isKnownUniquelyReferenced(&scratch) {
            let fresh = Scratch()
            fresh.rasterizer.tolerance = scratch.rasterizer.tolerance
            scratch = fresh
        }
        return scratch
    }
}

/// Everything ``DrawingContext/saveGState()`` saves.
struct GState {
    var ctm: Transform
    var clip: ClipState
    var fillColor: Color = .black
    var alpha: CGFloat = 1
}

/// Reusable per-context memory, so steady drawing does not allocate.
final class Scratch {
    let rasterizer = Rasterizer()
    private var span: UnsafeMutablePointer<UInt32>?
    private var spanCapacity = 0

    /// At least `count` scratch pixels, valid until the next call.
    func spanBuffer(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        if let s = span, spanCapacity >= count { return s }
        span?.deallocate()
        let n = max(count, 64)
        let s = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        s.initialize(repeating: 0, count: n)
        span = s
        spanCapacity = n
        return s
    }

    deinit { span?.deallocate() }
}
