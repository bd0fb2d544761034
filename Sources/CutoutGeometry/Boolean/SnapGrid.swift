import Foundation

/// A point on the integer snapping grid of a boolean operation.
///
/// Ordered lexicographically (x, then y): that is the order in which the sweep visits points.
struct GridPoint: Hashable, Comparable {
    var x: Int64
    var y: Int64

    @inline(__always)
    static func < (l: GridPoint, r: GridPoint) -> Bool { l.x < r.x || (l.x == r.x && l.y < r.y) }
}

extension GridPoint {
    /// Twice the signed area of the triangle a, b, c: positive when c lies on the positive side of
    /// a→b (larger y for a rightward edge, smaller x for a downward one).
    ///
    /// Exact: grid coordinates stay within ±2^29, so every product fits in 62 bits.
    @inline(__always)
    static func orient(_ a: GridPoint, _ b: GridPoint, _ c: GridPoint) -> Int64 {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// Whether `p`, known to be collinear with a and b, lies strictly between them.
    @inline(__always)
    static func strictlyBetween(_ a: GridPoint, _ b: GridPoint, _ p: GridPoint) -> Bool {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = (p.x - a.x) * dx + (p.y - a.y) * dy
        return t > 0 && t < dx * dx + dy * dy
    }
}

/// The fixed grid that a boolean operation snaps every coordinate to.
///
/// The grid is a power of two (2^-k points) chosen so that the operands' joint extent spans at
/// most 2^29 cells: about 2×10⁻⁶ pt for a 1,000 pt scene, proportionally coarser for huge
/// coordinates and finer for tiny ones. A power of two keeps coordinates with few fractional
/// bits (integers, halves, quarters…) exact, so rectilinear input comes back unchanged. The
/// origin is the extent's centre rounded to the grid, so grid coordinates stay within ±2^29 and
/// the orientation predicate (``GridPoint/orient(_:_:_:)``) is exact in 64-bit integers.
struct SnapGrid {
    /// Grid cells per point (2^k).
    let scale: Double
    let originX: Double
    let originY: Double
    /// Grid coordinates never exceed this magnitude; input beyond the extent (none, by
    /// construction) would be clamped.
    static let limit: Int64 = 1 << 29

    /// A grid for everything inside `bounds`, or `nil` when the box is empty in both
    /// directions, too small (< 10⁻²⁰⁰) or not finite: such operands enclose no area.
    init?(bounds: CGRect) {
        guard !bounds.isNull, bounds.minX.isFinite, bounds.minY.isFinite,
              bounds.maxX.isFinite, bounds.maxY.isFinite else { return nil }
        // Halves first, so boxes spanning ±1e308 do not overflow.
        let halfExtent = max(bounds.maxX / 2 - bounds.minX / 2, bounds.maxY / 2 - bounds.minY / 2)
        guard halfExtent > 1e-200, halfExtent.isFinite else { return nil }
        let k = Int((Double(28) - log2(halfExtent)).rounded(.down))
        scale = scalbn(1.0, k)
        let cx = bounds.minX / 2 + bounds.maxX / 2, cy = bounds.minY / 2 + bounds.maxY / 2
        originX = (cx * scale).rounded() / scale
        originY = (cy * scale).rounded() / scale
        guard scale.isFinite, scale > 0, originX.isFinite, originY.isFinite else { return nil }
    }

    /// The grid point nearest to `p`.
    @inline(__always)
    func snap(_ p: CGPoint) -> GridPoint {
        GridPoint(x: Self.clamp((p.x - originX) * scale), y: Self.clamp((p.y - originY) * scale))
    }

    /// The position of a grid point in path coordinates.
    @inline(__always)
    func point(_ q: GridPoint) -> CGPoint {
        CGPoint(x: originX + Double(q.x) / scale, y: originY + Double(q.y) / scale)
    }

    @inline(__always)
    private static func clamp(_ v: Double) -> Int64 {
        let r = v.rounded()
        let l = Double(limit)
        if !(r > -l) { return -limit }  // also catches NaN
        if r > l { return limit }
        return Int64(r)
    }
}
