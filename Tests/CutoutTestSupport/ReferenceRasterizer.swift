import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

/// A slow, obviously-correct coverage calculator that the fast rasteriser is tested against.
///
/// Each pixel row is cut into ``subrows`` horizontal lines through the sub-row centres. On
/// every line the exact crossings with the flattened path are found, sorted, and walked with
/// the winding number; the inside intervals are then integrated exactly over each pixel's
/// width. Error: exact horizontally, at most `1 / (2·subrows)` of a pixel per horizontal edge
/// vertically. Cost: O(height · subrows · e · log e), e the most edges reaching one pixel row
/// — meant for small test images.
public enum ReferenceRasterizer {
    public static let subrows = 128

    /// Coverage in `0...1` of each pixel of a `width × height` canvas (row-major) by `path`
    /// after `transform`, filled with `rule`. Every subpath is closed implicitly.
    public static func coverage(of path: Path, transform: Transform = .identity, rule: FillRule,
                                width: Int, height: Int, tolerance: CGFloat = 0.001) -> [Double] {
        struct Edge { var x0, y0, x1, y1: Double; var dir: Int }
        var edges: [Edge] = []
        for poly in path.flattened(tolerance: tolerance, transform: transform) {
            let pts = poly.points
            guard pts.count >= 2 else { continue }
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y == b.y { continue }
                if a.y < b.y {
                    edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, dir: 1))
                } else {
                    edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, dir: -1))
                }
            }
        }
        // Each pixel row's edges (those whose y range meets the row), in their order, so that a
        // scan line tests only those: the crossings found are the same as with every edge.
        var rowEdges = [[Int]](repeating: [], count: max(height, 0))
        for (k, e) in edges.enumerated() where !e.y0.isNaN && !e.y1.isNaN {
            let first = Int(min(max(e.y0.rounded(.down), 0), Double(height)))
            let end = Int(min(max(e.y1.rounded(.up), 0), Double(height)))
            for y in first..<max(first, end) { rowEdges[y].append(k) }
        }
        var out = [Double](repeating: 0, count: width * height)
        let weight = 1.0 / Double(subrows)
        var crossings: [(x: Double, dir: Int)] = []
        for y in 0..<height {
            for s in 0..<subrows {
                let sy = Double(y) + (Double(s) + 0.5) * weight
                crossings.removeAll(keepingCapacity: true)
                for k in rowEdges[y] where edges[k].y0 <= sy && sy < edges[k].y1 {
                    let e = edges[k]
                    let x = e.x0 + (e.x1 - e.x0) * (sy - e.y0) / (e.y1 - e.y0)
                    crossings.append((x, e.dir))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for i in 0..<crossings.count {
                    winding += crossings[i].dir
                    guard i + 1 < crossings.count, rule.isInside(winding: winding) else { continue }
                    let xa = max(crossings[i].x, 0), xb = min(crossings[i + 1].x, Double(width))
                    guard xa < xb else { continue }
                    var px = Int(xa.rounded(.down))
                    while Double(px) < xb && px < width {
                        let overlap = min(xb, Double(px + 1)) - max(xa, Double(px))
                        if overlap > 0 { out[y * width + px] += overlap * weight }
                        px += 1
                    }
                }
            }
        }
        return out
    }

    /// Mean and largest difference, in 8-bit levels, between the alpha channel of `pixmap`
    /// and `coverage` (as ``coverage(of:transform:rule:width:height:tolerance:)`` gives it).
    public static func compareAlpha(_ pixmap: Pixmap, to coverage: [Double]) -> (mean: Double, max: Int) {
        var sum = 0.0, worst = 0
        for i in 0..<coverage.count {
            let expected = Int((min(max(coverage[i], 0), 1) * 255).rounded())
            let d = abs(Int(pixmap.data[4 * i + 3]) - expected)
            sum += Double(d)
            worst = Swift.max(worst, d)
        }
        return (sum / Double(max(coverage.count, 1)), worst)
    }
}
