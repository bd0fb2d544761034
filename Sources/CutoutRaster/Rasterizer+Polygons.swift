import CutoutGeometry

extension Rasterizer {
    /// Replaces the stored contours with the polygons `body` adds to the buffer it is lent (in
    /// device coordinates, already clamped to ``coordinateLimit``): the rasteriser's own point
    /// memory, so that a stroker hands over its flattened outline without building a `Path`.
    func setPolygons(_ body: (inout PolygonBuffer) -> Void) {
        contourEnds.removeAll(keepingCapacity: true)
        var buffer = PolygonBuffer(points: points, capacity: pointCapacity, ends: contourEnds)
        // The buffer holds the only reference to the ends' memory while it appends.
        contourEnds = []
        body(&buffer)
        buffer.endPolygon()
        points = buffer.points; pointCapacity = buffer.capacity; contourEnds = buffer.ends
        pointCount = buffer.count; bounds = buffer.box
    }
}
