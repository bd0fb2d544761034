import Foundation

/// Receives the straight and cubic pieces of one side of a stroke outline (or of a cap).
protocol StrokeCurveReceiver {
    mutating func line(to p: StrokeVector)
    mutating func cubic(_ c1: StrokeVector, _ c2: StrokeVector, _ p: StrokeVector)
}

/// Receives a whole stroke outline, contour by contour, in the stroked path's space.
protocol StrokeOutlineSink: StrokeCurveReceiver {
    mutating func move(to p: StrokeVector)
    mutating func close()
}

/// Builds the outline as a ``Path`` (the public stroker's result).
struct PathOutlineSink: StrokeOutlineSink {
    var path = Path()

    mutating func move(to p: StrokeVector) { path.move(to: p.cgPoint) }
    mutating func line(to p: StrokeVector) { path.addLine(to: p.cgPoint) }
    mutating func cubic(_ c1: StrokeVector, _ c2: StrokeVector, _ p: StrokeVector) {
        path.addCurve(to: p.cgPoint, control1: c1.cgPoint, control2: c2.cgPoint)
    }
    mutating func close() { path.closeSubpath() }
}

/// Maps outline pieces to device space and flattens the cubics there into a ``PolygonBuffer``.
/// The arithmetic matches the rasteriser's own flattening of a path (same mapping, same
/// number of pieces per cubic), so a stroke drawn through it fills the same pixels as its
/// outline ``Path`` filled the ordinary way.
struct DeviceOutlineFlattener: StrokeOutlineSink {
    var buffer: PolygonBuffer
    private let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    private let tolerance: Double
    /// Device rectangle that matters: a cubic whose control polygon lies outside it is
    /// replaced by its chord, which winds the same inside the rectangle.
    private let cull: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    /// Device coordinates are clamped to this magnitude (NaN becomes 0) before flattening.
    private let limit: Double
    private var current = (x: 0.0, y: 0.0)

    init(buffer: PolygonBuffer, transform t: Transform, tolerance: Double,
         cull: (minX: Double, minY: Double, maxX: Double, maxY: Double), coordinateLimit: Double) {
        self.buffer = buffer
        limit = coordinateLimit
        a = Double(t.a); b = Double(t.b); c = Double(t.c); d = Double(t.d); tx = Double(t.tx); ty = Double(t.ty)
        self.tolerance = tolerance
        self.cull = cull
    }

    @inline(__always) private func map(_ p: StrokeVector) -> (x: Double, y: Double) {
        let x = Double(p.x), y = Double(p.y)
        return (clamp(a * x + c * y + tx), clamp(b * x + d * y + ty))
    }

    @inline(__always) private func clamp(_ v: Double) -> Double {
        v.isNaN ? 0 : min(max(v, -limit), limit)
    }

    mutating func move(to p: StrokeVector) {
        current = map(p)
        buffer.beginPolygon(x: current.x, y: current.y)
    }

    mutating func line(to p: StrokeVector) {
        current = map(p)
        buffer.addPoint(x: current.x, y: current.y)
    }

    mutating func cubic(_ c1: StrokeVector, _ c2: StrokeVector, _ p: StrokeVector) {
        let p0 = current, p1 = map(c1), p2 = map(c2), p3 = map(p)
        current = p3
        if max(p0.y, p1.y, p2.y, p3.y) <= cull.minY || min(p0.y, p1.y, p2.y, p3.y) >= cull.maxY
            || max(p0.x, p1.x, p2.x, p3.x) <= cull.minX || min(p0.x, p1.x, p2.x, p3.x) >= cull.maxX {
            buffer.addPoint(x: p3.x, y: p3.y)
            return
        }
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let m2 = max(ax * ax + ay * ay, bx * bx + by * by)
        let pieces = (0.75 * m2.squareRoot() / tolerance).squareRoot()
        let n = pieces.isFinite ? max(1, min(Int(pieces.rounded(.up)), 4096)) : 1
        if n > 1 {
            var steps = CurveSteps(cubic: SIMD2(p0.x, p0.y), SIMD2(p1.x, p1.y), SIMD2(p2.x, p2.y), SIMD2(p3.x, p3.y), count: n)
            for _ in 1..<n {
                let q = steps.next()
                buffer.addPoint(x: q.x, y: q.y)
            }
        }
        buffer.addPoint(x: p3.x, y: p3.y)
    }

    mutating func close() {}
}

/// Memory a stroker reuses from one stroke to the next, so that a steady stream of strokes
/// does not allocate. Not thread-safe: one per drawing context.
package final class StrokeScratch {
    var segments: [Path.StrokeSegment] = []
    var pieces: [StrokePiece] = []
    var left = StrokeSide(start: StrokeVector(x: 0, y: 0))
    var right = StrokeSide(start: StrokeVector(x: 0, y: 0))

    package init() {}
}
