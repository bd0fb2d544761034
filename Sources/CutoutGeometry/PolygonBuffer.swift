import Foundation

/// Closed polygons in device coordinates, written point by point into memory a rasteriser
/// owns and lends: what a stroker flattens its outline into, so that no `Path` is built in
/// between. A concrete type (not a protocol) so that the stroker's flattening loop, compiled in
/// this module, stores points without a call per point. Polygons of fewer than two points are
/// dropped, as a rasteriser drops such contours of a path.
package struct PolygonBuffer {
    /// x, y pairs; ``count`` `Double`s are in use.
    package private(set) var points: UnsafeMutablePointer<Double>
    /// `Double`s allocated at ``points``.
    package private(set) var capacity: Int
    package private(set) var count = 0
    /// End (exclusive, in points) of each finished polygon.
    package private(set) var ends: [Int]
    /// Bounding box of every point added.
    package private(set) var box = (minX: Double.infinity, minY: Double.infinity,
                                    maxX: -Double.infinity, maxY: -Double.infinity)
    private var polygonStart = 0

    /// Takes over `points` (`capacity` `Double`s, owned by the caller, reallocated when they
    /// run out) and `ends` (empty, lending its capacity); nothing is in use at first.
    package init(points: UnsafeMutablePointer<Double>, capacity: Int, ends: [Int]) {
        self.points = points
        self.capacity = capacity
        self.ends = ends
    }

    /// Ends the current polygon (if any) and starts a new one at (`x`, `y`).
    @inline(__always)
    package mutating func beginPolygon(x: Double, y: Double) {
        endPolygon()
        addPoint(x: x, y: y)
    }

    /// Adds a vertex to the current polygon, which is implicitly closed.
    @inline(__always)
    package mutating func addPoint(x: Double, y: Double) {
        if count + 2 > capacity { grow() }
        points[count] = x; points[count + 1] = y
        count += 2
        // Selects (minimum and maximum instructions), not branches: whether a point extends
        // the box follows the outline's turns, which a predictor cannot learn.
        box.minX = x < box.minX ? x : box.minX
        box.maxX = x > box.maxX ? x : box.maxX
        box.minY = y < box.minY ? y : box.minY
        box.maxY = y > box.maxY ? y : box.maxY
    }

    private mutating func grow() {
        let larger = max(256, 2 * capacity)
        let grown = UnsafeMutablePointer<Double>.allocate(capacity: larger)
        grown.update(from: points, count: count)
        points.deallocate()
        points = grown
        capacity = larger
    }

    /// Finishes the current polygon (dropping it when it has fewer than two points).
    package mutating func endPolygon() {
        let n = count / 2
        if n - polygonStart >= 2 { ends.append(n) } else { count = 2 * polygonStart }
        polygonStart = count / 2
    }

    /// This buffer, leaving an empty one in its place, so that the moved copy holds the only
    /// reference to ``ends`` (appending to it then never copies it).
    mutating func take() -> PolygonBuffer {
        let moved = self
        self = PolygonBuffer(points: points, capacity: capacity, ends: [])
        return moved
    }
}
