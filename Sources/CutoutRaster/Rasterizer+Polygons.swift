import CutoutGeometry

/// Writes polygons point by point into a rasteriser's contour storage, so that a stroker can
/// hand over its flattened outline without building a `Path`. Contours of fewer than two
/// points are dropped, as ``Rasterizer/setPath(_:transform:cull:)`` drops them.
struct RasterPolygonSink: FlattenedOutlineSink {
    fileprivate var points: UnsafeMutablePointer<Double>
    fileprivate var capacity: Int
    fileprivate var count = 0
    fileprivate var ends: [Int]
    fileprivate var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
    private var contourStart = 0

    fileprivate init(points: UnsafeMutablePointer<Double>, capacity: Int, ends: [Int]) {
        self.points = points
        self.capacity = capacity
        self.ends = ends
    }

    mutating func beginPolygon(x: Double, y: Double) {
        endPolygon()
        addPoint(x: x, y: y)
    }

    @inline(__always)
    mutating func addPoint(x: Double, y: Double) {
        if count + 2 > capacity {
            let grown = UnsafeMutablePointer<Double>.allocate(capacity: max(256, 2 * capacity))
            grown.update(from: points, count: count)
            points.deallocate()
            points = grown
            capacity = max(256, 2 * capacity)
        }
        points[count] = x; points[count + 1] = y
        count += 2
        if x < box.minX { box.minX = x }
        if x > box.maxX { box.maxX = x }
        if y < box.minY { box.minY = y }
        if y > box.maxY { box.maxY = y }
    }

    fileprivate mutating func endPolygon() {
        let n = count / 2
        if n - contourStart >= 2 { ends.append(n) } else { count = 2 * contourStart }
        contourStart = count / 2
    }
}

extension Rasterizer {
    /// Replaces the stored contours with the polygons `body` writes (in device coordinates,
    /// already clamped to ``coordinateLimit``).
    func setPolygons(_ body: (inout RasterPolygonSink) -> Void) {
        contourEnds.removeAll(keepingCapacity: true)
        var sink = RasterPolygonSink(points: points, capacity: pointCapacity, ends: contourEnds)
        contourEnds = []
        body(&sink)
        sink.endPolygon()
        points = sink.points; pointCapacity = sink.capacity; contourEnds = sink.ends
        pointCount = sink.count; bounds = sink.box
    }
}
