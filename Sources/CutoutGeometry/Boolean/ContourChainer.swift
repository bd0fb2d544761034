import Foundation

/// Joins directed boundary edges (inside on the positive side) into closed contours.
///
/// Every vertex of a region boundary has as many edges leaving as arriving. Where contours
/// touch at a vertex, the walk takes the sharpest turn toward the inside, which keeps each
/// contour free of crossings (contours may still touch at isolated vertices). Straight-through
/// vertices are dropped.
enum ContourChainer {
    static func contours(_ edges: [(GridPoint, GridPoint)]) -> [[GridPoint]] {
        var outgoing: [GridPoint: [Int]] = [:]
        outgoing.reserveCapacity(edges.count)
        for (k, e) in edges.enumerated() { outgoing[e.0, default: []].append(k) }
        var used = [Bool](repeating: false, count: edges.count)
        var result: [[GridPoint]] = []
        for first in edges.indices where !used[first] {
            used[first] = true
            let start = edges[first].0
            var contour = [start]
            var prev = start, cur = edges[first].1
            while cur != start {
                contour.append(cur)
                guard let next = pickNext(from: prev, at: cur, outgoing[cur] ?? [], edges, used) else { break }
                used[next] = true
                prev = cur
                cur = edges[next].1
            }
            let simple = dropStraightVertices(contour)
            if simple.count >= 3 { result.append(simple) }
        }
        return result
    }

    /// Among the unused edges leaving `v`, the first one clockwise (decreasing angle) from the
    /// direction back to `u`.
    private static func pickNext(from u: GridPoint, at v: GridPoint, _ candidates: [Int],
                                 _ edges: [(GridPoint, GridPoint)], _ used: [Bool]) -> Int? {
        var best: Int?
        var bestAngle = Double.infinity
        let back = atan2(Double(u.y - v.y), Double(u.x - v.x))
        for k in candidates where !used[k] {
            let w = edges[k].1
            var turn = back - atan2(Double(w.y - v.y), Double(w.x - v.x))
            if turn <= 0 { turn += 2 * .pi }
            if turn < bestAngle { bestAngle = turn; best = k }
        }
        return best
    }

    private static func dropStraightVertices(_ pts: [GridPoint]) -> [GridPoint] {
        var out = pts
        var changed = true
        while changed && out.count >= 3 {
            changed = false
            var kept: [GridPoint] = []
            kept.reserveCapacity(out.count)
            let n = out.count
            for i in 0..<n {
                let a = kept.last ?? out[(i + n - 1) % n], b = out[i], c = out[(i + 1) % n]
                if GridPoint.orient(a, b, c) == 0 && (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) >= 0 {
                    changed = true
                } else {
                    kept.append(b)
                }
            }
            out = kept
        }
        return out
    }
}
