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
/// vertically. Cost: O(height · subrows · edges · log edges) — meant for small test images.
public enum ReferenceRasterizer {
    public static let subrows = 128

    /// Coverage in `0...1` of each pixel of a `width × height` canvas (row-major) by `path`
    /// after `transform`, filled with `rule`. Every subpath is closed implicitly.
    public static func coverage(of path: Path, transform: Transform = .identity, rule: FillRule,
                         width: Int, height: Int, tolerance: CGFloat = 0.001) -> [Double] {
        analyse(path, transform: transform, rule: rule, width: width, height: height, tolerance: tolerance).coverage
    }

    /// Coverage, plus for each pixel whether it is *single-layer*: one where adding up signed
    /// areas (what area-accumulation rasterisers do) is exact. That holds when the pixel only
    /// meets winding `0` and one winding `±1`, or when it meets no winding `0` at all and
    /// its windings all have one sign (non-zero); for even-odd, when the windings met
    /// (counting `0`) are at most two neighbouring integers. Elsewhere several layers meet
    /// inside the pixel and signed areas differ from the true union.
    public static func analyse(_ path: Path, transform: Transform = .identity, rule: FillRule,
                        width: Int, height: Int, tolerance: CGFloat = 0.001) -> (coverage: [Double], singleLayer: [Bool]) {
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
        var out = [Double](repeating: 0, count: width * height)
        var minW = [Int](repeating: .max, count: width * height)
        var maxW = [Int](repeating: .min, count: width * height)
        var windingArea = [Double](repeating: 0, count: width * height)
        let weight = 1.0 / Double(subrows)
        var crossings: [(x: Double, dir: Int)] = []
        for y in 0..<height {
            for s in 0..<subrows {
                let sy = Double(y) + (Double(s) + 0.5) * weight
                crossings.removeAll(keepingCapacity: true)
                for e in edges where e.y0 <= sy && sy < e.y1 {
                    let x = e.x0 + (e.x1 - e.x0) * (sy - e.y0) / (e.y1 - e.y0)
                    crossings.append((x, e.dir))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for i in 0..<crossings.count {
                    winding += crossings[i].dir
                    guard i + 1 < crossings.count, winding != 0 else { continue }
                    let xa = max(crossings[i].x, 0), xb = min(crossings[i + 1].x, Double(width))
                    guard xa < xb else { continue }
                    let inside = rule.isInside(winding: winding)
                    var px = Int(xa.rounded(.down))
                    while Double(px) < xb && px < width {
                        let overlap = min(xb, Double(px + 1)) - max(xa, Double(px))
                        if overlap > 0 {
                            let k = y * width + px
                            if inside { out[k] += overlap * weight }
                            minW[k] = min(minW[k], winding)
                            maxW[k] = max(maxW[k], winding)
                            windingArea[k] += overlap * weight
                        }
                        px += 1
                    }
                }
            }
        }
        let single = (0..<out.count).map { k -> Bool in
            if minW[k] == .max { return true }
            let uniform = minW[k] == maxW[k]
            let meetsZero = windingArea[k] < 1 - 1e-9
            let unit = uniform && abs(minW[k]) == 1
            switch rule {
            case .winding: return (minW[k] > 0 || maxW[k] < 0) && (!meetsZero || unit)
            case .evenOdd:
                // Folding a sum of areas is exact when the windings span two neighbours k, k+1.
                let lo = meetsZero ? min(minW[k], 0) : minW[k], hi = meetsZero ? max(maxW[k], 0) : maxW[k]
                return hi - lo <= 1
            }
        }
        return (out, single)
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
