import Foundation

extension CGRect {
    /// Whether no edge is NaN (NaN anywhere, or an origin of -inf with an infinite size, makes
    /// `maxX` or `maxY` NaN). Foundation on Linux traps in `intersection(_:)`, `intersects(_:)`
    /// and `contains(_:)` on such rects, and public inputs (viewport bounds, clip rects) may be
    /// anything.
    var hasNaNFreeEdges: Bool { !minX.isNaN && !maxX.isNaN && !minY.isNaN && !maxY.isNaN }

    /// `intersection(_:)`, but `.null` instead of a trap when either rect has a NaN edge.
    func nanSafeIntersection(_ other: CGRect) -> CGRect {
        guard hasNaNFreeEdges, other.hasNaNFreeEdges else { return .null }
        return intersection(other)
    }

    /// `contains(_:)` for a point, but `false` instead of a trap when the rect has a NaN edge
    /// or the point a NaN coordinate.
    func nanSafeContains(_ point: CGPoint) -> Bool {
        guard hasNaNFreeEdges, !point.x.isNaN, !point.y.isNaN else { return false }
        return contains(point)
    }
}
