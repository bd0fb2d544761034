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

/// Memory a stroker reuses from one stroke to the next, so that a steady stream of strokes
/// does not allocate. Not thread-safe: one per drawing context.
package final class StrokeScratch {
    var segments: [Path.StrokeSegment] = []
    var pieces: [StrokePiece] = []
    var left = StrokeSide(start: StrokeVector(x: 0, y: 0))
    var right = StrokeSide(start: StrokeVector(x: 0, y: 0))

    package init() {}
}
