import Foundation

extension Path {
    /// Adds the path mapped by `transform` and flattened in device space to within `tolerance`
    /// pixels to `buffer`, one polygon per subpath (implicitly closed, as a fill treats it),
    /// with the guarantees of ``DeviceFlattener``: what a rasteriser fills.
    ///
    /// Complexity: O(elements + points), at most ``DeviceFlattener/maxPieces`` points per curve.
    package func flattenForDevice(transform: Transform, tolerance: Double,
                                  cull: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                                  coordinateLimit: Double, into buffer: inout PolygonBuffer) {
        var flattener = DeviceFlattener(buffer: buffer.take(), transform: transform, tolerance: tolerance,
                                        cull: cull, coordinateLimit: coordinateLimit)
        for e in elements {
            switch e {
            case .moveTo(let p): flattener.move(to: StrokeVector(p))
            case .lineTo(let p): flattener.line(to: StrokeVector(p))
            case .quadCurveTo(let p, let c): flattener.quadratic(StrokeVector(c), StrokeVector(p))
            case .curveTo(let p, let c1, let c2): flattener.cubic(StrokeVector(c1), StrokeVector(c2), StrokeVector(p))
            case .closeSubpath: flattener.close()
            }
        }
        buffer = flattener.buffer
    }
}
