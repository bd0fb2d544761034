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

    /// Among the unused edges leaving `v`, the first one clockwise (in the grid's axes: from
    /// +x toward −y) from the direction back to `u`; the edge straight back comes last.
    private static func pickNext(from u: GridPoint, at v: GridPoint, _ candidates: [Int],
                                 _ edges: [(GridPoint, GridPoint)], _ used: [Bool]) -> Int? {
        let back = Direction(from: v, to: u)
        var best: Int?
        var bestDirection = back
        for k in candidates where !used[k] {
            let d = Direction(from: v, to: edges[k].1)
            if best == nil || back.turnsBefore(d, bestDirection) { best = k; bestDirection = d }
        }
        return best
    }

    /// An edge direction on the grid; compared exactly, by half-plane and then the sign of a
    /// cross product (grid coordinates stay within ±2^29, so products fit in 64 bits).
    struct Direction {
        var x: Int64
        var y: Int64

        init(from a: GridPoint, to b: GridPoint) { x = b.x - a.x; y = b.y - a.y }

        @inline(__always)
        static func cross(_ p: Direction, _ q: Direction) -> Int64 { p.x * q.y - p.y * q.x }

        /// Where d lies turning clockwise from self: 0 within the open half-turn, 1 exactly
        /// opposite, 2 within the second open half-turn, 3 along self (a full turn).
        @inline(__always)
        func halfTurn(of d: Direction) -> Int {
            let c = Self.cross(self, d)
            if c < 0 { return 0 }
            if c > 0 { return 2 }
            return x * d.x + y * d.y < 0 ? 1 : 3
        }

        /// Whether p comes strictly before q turning clockwise from self.
        @inline(__always)
        func turnsBefore(_ p: Direction, _ q: Direction) -> Bool {
            let hp = halfTurn(of: p), hq = halfTurn(of: q)
            if hp != hq { return hp < hq }
            // Same open half-turn: the angle between them is below π, so the sign is exact.
            return hp != 1 && hp != 3 && Self.cross(p, q) < 0
        }
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
