import Foundation
@testable import CutoutGeometry

/// An independent check that a line-only path has no crossing edges: every pair of its edges
/// (O(n²)) is tested with an exact orientation predicate on the path's own coordinates, not on
/// the boolean engine's grid.
enum ExactCrossingCheck {
    /// The straight edges of `path` (closed subpaths include their closing edge); curves are
    /// not expected in a boolean result and are reported by `unexpectedCurves`.
    static func edges(_ path: Path) -> (edges: [(CGPoint, CGPoint)], unexpectedCurves: Int) {
        var out: [(CGPoint, CGPoint)] = []
        var curves = 0
        var start = CGPoint.zero, current = CGPoint.zero
        for e in path.elements {
            switch e {
            case .moveTo(let p): start = p; current = p
            case .lineTo(let p): out.append((current, p)); current = p
            case .quadCurveTo(let p, _), .curveTo(let p, _, _): curves += 1; current = p
            case .closeSubpath: out.append((current, start)); current = start
            }
        }
        return (out.filter { $0.0 != $0.1 }, curves)
    }

    /// Pairs of edges whose interiors cross at a point, or that overlap along a stretch of
    /// positive length. Edges touching at an endpoint, or one's endpoint lying on the other,
    /// are allowed (contours may touch at isolated vertices).
    static func crossings(_ path: Path, limit: Int = 10) -> [String] {
        let (segs, curves) = edges(path)
        var found: [String] = curves > 0 ? ["\(curves) curve elements"] : []
        // Each edge's box once, so the pair loop compares four numbers (this oracle is O(n²),
        // and a debug build runs `min` and `max` as generic calls).
        let boxes = segs.map { a, b in (minX: min(a.x, b.x), maxX: max(a.x, b.x), minY: min(a.y, b.y), maxY: max(a.y, b.y)) }
        for i in segs.indices {
            let (a, b) = segs[i]
            let p = boxes[i]
            for j in (i + 1)..<segs.count {
                let q = boxes[j]
                if q.maxX < p.minX || q.minX > p.maxX || q.maxY < p.minY || q.minY > p.maxY { continue }
                let (c, d) = segs[j]
                let o1 = orientation(a, b, c), o2 = orientation(a, b, d)
                let o3 = orientation(c, d, a), o4 = orientation(c, d, b)
                let crossing = o1 * o2 < 0 && o3 * o4 < 0
                let overlap = o1 == 0 && o2 == 0 && collinearOverlap(a, b, c, d)
                if crossing || overlap {
                    found.append("\(crossing ? "crossing" : "overlap"): \(a)–\(b) and \(c)–\(d)")
                    if found.count >= limit { return found }
                }
            }
        }
        return found
    }

    /// Whether collinear segments a–b and c–d share more than a point.
    private static func collinearOverlap(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> Bool {
        let useX = abs(b.x - a.x) >= abs(b.y - a.y)
        let (p0, p1) = useX ? (min(a.x, b.x), max(a.x, b.x)) : (min(a.y, b.y), max(a.y, b.y))
        let (q0, q1) = useX ? (min(c.x, d.x), max(c.x, d.x)) : (min(c.y, d.y), max(c.y, d.y))
        return min(p1, q1) > max(p0, q0)
    }

    /// The exact sign (−1, 0, 1) of (b − a) × (c − a). A floating-point filter with Shewchuk's
    /// error bound answers most calls; the rest are summed exactly as a floating-point
    /// expansion (two-sum and fused-multiply-add two-product), whose largest nonzero
    /// component carries the sign. Valid while no product overflows or underflows.
    static func orientation(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Int {
        let ax = Double(a.x), ay = Double(a.y), bx = Double(b.x), by = Double(b.y)
        let cx = Double(c.x), cy = Double(c.y)
        let left = (bx - ax) * (cy - ay), right = (by - ay) * (cx - ax)
        let det = left - right
        let bound = 4e-16 * (abs(left) + abs(right))  // Shewchuk's (3 + 16ε)ε, rounded up
        if det > bound { return 1 }
        if det < -bound { return -1 }
        let ux = twoSum(bx, -ax), uy = twoSum(by, -ay), vx = twoSum(cx, -ax), vy = twoSum(cy, -ay)
        var terms: [Double] = []
        for (p, q, sign) in [(ux, vy, 1.0), (uy, vx, -1.0)] {
            for f in [p.0, p.1] {
                for g in [q.0, q.1] {
                    let (hi, lo) = twoProduct(f, g)
                    terms.append(sign * hi); terms.append(sign * lo)
                }
            }
        }
        var expansion: [Double] = []
        for t in terms {
            var q = t
            var grown: [Double] = []
            for e in expansion {
                let (s, err) = twoSum(q, e)
                if err != 0 { grown.append(err) }
                q = s
            }
            grown.append(q)
            expansion = grown
        }
        guard let top = expansion.last(where: { $0 != 0 }) else { return 0 }
        return top > 0 ? 1 : -1
    }

    private static func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        let bv = s - a, av = s - bv
        return (s, (a - av) + (b - bv))
    }

    private static func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
        let p = a * b
        return (p, (-p).addingProduct(a, b))
    }
}
