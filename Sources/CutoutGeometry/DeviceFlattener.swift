import Foundation

/// Maps points to device space and flattens curves there into a ``PolygonBuffer``: what the
/// rasteriser's point memory is filled with, whether from a path
/// (``Path/flattenForDevice(transform:tolerance:cull:coordinateLimit:into:)``) or from a stroke
/// outline (``Path/strokeFlattened(width:lineCap:lineJoin:miterLimit:deviceTolerance:deviceTransform:flatteningTolerance:cull:coordinateLimit:scratch:into:)``),
/// so a stroke fills the same pixels as its outline ``Path`` filled the ordinary way.
///
/// Guarantees: device coordinates are clamped to ±`coordinateLimit` (NaN and magnitudes below
/// 1e-270 become 0); a curve is cut into `n` equal parameter steps with `n` from its second
/// differences (Wang's bound for `tolerance` device pixels), at most ``maxPieces``; a curve
/// whose control polygon lies outside `cull` is replaced by its chord, which winds the same
/// inside the rectangle.
package struct DeviceFlattener: StrokeOutlineSink {
    /// Most straight pieces one curve is flattened into, whatever its size.
    package static let maxPieces = Bezier.maxSegments

    var buffer: PolygonBuffer
    private let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    private let tolerance: Double
    private let cull: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    private let limit: Double
    private var current = SIMD2<Double>(0, 0)
    private var subpathStart = SIMD2<Double>(0, 0)

    init(buffer: PolygonBuffer, transform t: Transform, tolerance: Double,
         cull: (minX: Double, minY: Double, maxX: Double, maxY: Double), coordinateLimit: Double) {
        self.buffer = buffer
        limit = coordinateLimit
        a = Double(t.a); b = Double(t.b); c = Double(t.c); d = Double(t.d); tx = Double(t.tx); ty = Double(t.ty)
        self.tolerance = tolerance
        self.cull = cull
    }

    @inline(__always) private func map(_ p: StrokeVector) -> SIMD2<Double> {
        let x = Double(p.x), y = Double(p.y)
        return SIMD2(clamp(a * x + c * y + tx), clamp(b * x + d * y + ty))
    }

    /// Magnitudes below 1e-270 become 0 as well: then distinct coordinates lie at least about
    /// 2e-286 apart, so the slope of every edge (at most 2 · `coordinateLimit` wide) stays
    /// finite, and a rasteriser following an edge across a row boundary finds a finite x.
    @inline(__always) private func clamp(_ v: Double) -> Double {
        v.isNaN || abs(v) < 1e-270 ? 0 : min(max(v, -limit), limit)
    }

    @inline(__always) private mutating func add(_ p: SIMD2<Double>) {
        buffer.addPoint(x: p.x, y: p.y)
    }

    /// Whether the control polygon lies on the far side of one of `cull`'s edges.
    @inline(__always) private func outside(_ xs: (Double, Double, Double, Double), _ ys: (Double, Double, Double, Double)) -> Bool {
        max(ys.0, ys.1, ys.2, ys.3) <= cull.minY || min(ys.0, ys.1, ys.2, ys.3) >= cull.maxY
            || max(xs.0, xs.1, xs.2, xs.3) <= cull.minX || min(xs.0, xs.1, xs.2, xs.3) >= cull.maxX
    }

    mutating func move(to p: StrokeVector) {
        current = map(p)
        subpathStart = current
        buffer.beginPolygon(x: current.x, y: current.y)
    }

    mutating func line(to p: StrokeVector) {
        current = map(p)
        add(current)
    }

    mutating func quadratic(_ c1: StrokeVector, _ p: StrokeVector) {
        let p0 = current, p1 = map(c1), p2 = map(p)
        current = p2
        if outside((p0.x, p1.x, p2.x, p2.x), (p0.y, p1.y, p2.y, p2.y)) { add(p2); return }
        let n = Bezier.quadSegments(p0, p1, p2, tolerance: tolerance)
        if n > 1 {
            var steps = CurveSteps(quadratic: p0, p1, p2, count: n)
            for _ in 1..<n { add(steps.next()) }
        }
        add(p2)
    }

    mutating func cubic(_ c1: StrokeVector, _ c2: StrokeVector, _ p: StrokeVector) {
        let p0 = current, p1 = map(c1), p2 = map(c2), p3 = map(p)
        current = p3
        if outside((p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)) { add(p3); return }
        let n = Bezier.cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
        if n > 1 {
            var steps = CurveSteps(cubic: p0, p1, p2, p3, count: n)
            for _ in 1..<n { add(steps.next()) }
        }
        add(p3)
    }

    /// Ends the polygon; a segment that follows without a move starts from the subpath's start.
    mutating func close() {
        buffer.endPolygon()
        current = subpathStart
    }
}
