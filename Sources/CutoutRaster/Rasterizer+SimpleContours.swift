/// Paths whose pixels cannot mix windings, found from their contours before any row is
/// logged, so that ``DrawingContext/exactOverlapCoverage`` costs them nothing.
///
/// A pixel mixes only where windings that the fill rule does not treat linearly meet in it
/// (see ``WindingSet``). Contours whose sides never cross bound regions of constant winding,
/// so the set of those windings, if it does not mix, rules out every pixel at once: one simple
/// contour (0 and ±1), or a stroke's outer and inner outline round a closed path (0 and 1).
extension Rasterizer {
    /// Most y-monotone sides (two per lowest point of a contour) that
    /// ``sidesCannotMix(evenOdd:)`` follows; past them the rows are checked.
    static let maxMonotoneSides = 64

    /// Level edges at most this long (device pixels) count as repeated points: stroke outlines
    /// have such, where two offsets of one corner differ by a rounding error.
    static let repeatTolerance = 1e-9

    /// Whether no pixel of the stored contours can hold windings that mix under the rule:
    /// ``isSingleSimpleContour()``, or ``sidesCannotMix(evenOdd:)``.
    func contoursCannotMix(evenOdd: Bool) -> Bool {
        switch singleContourVerdict() {
        case .simple: return true
        // The sweep would find the same crossing, after as much work again.
        case .crosses: return false
        case .unknown: return sidesCannotMix(evenOdd: evenOdd)
        }
    }

    /// What the monotone merge finds of the stored contours.
    enum SingleContourVerdict {
        /// One contour that cannot overlap itself (``isSingleSimpleContour()``).
        case simple
        /// One y-monotone contour whose two sides cross.
        case crosses
        /// Not one y-monotone contour, or one with a level edge away from its top and bottom.
        case unknown
    }

    /// ``singleContourVerdict()`` is ``SingleContourVerdict/simple``.
    func isSingleSimpleContour() -> Bool { singleContourVerdict() == .simple }

    /// Simple when the stored contours are one polygon that cannot overlap itself, so that its
    /// windings are 0 and one of ±1 only, no pixel can mix and its rows need no check: a
    /// y-monotone polygon (its direction in y changes twice; level edges only along its top
    /// and bottom) whose two sides, from its top down to its bottom, never cross (crosses when
    /// they do). Convex polygons are such. Linear in the points: a pass that stops at a third
    /// change of direction, then a merge of the two sides by height.
    func singleContourVerdict() -> SingleContourVerdict {
        guard contourEnds.count == 1 else { return .unknown }
        let n = contourEnds[0]
        // Three points or fewer: a triangle at most, which cannot cross itself.
        guard n > 3 else { return .simple }
        let pts = UnsafePointer(points)
        var down = false, started = false
        var yTurns = 0
        var top = 0, bottom = 0
        var previousY = pts[2 * n - 1]
        for i in 0..<n {
            let y = pts[2 * i + 1]
            if y != previousY {
                let goesDown = y > previousY
                if started && goesDown != down {
                    yTurns += 1
                    if yTurns > 2 { return .unknown }
                }
                down = goesDown
                started = true
            }
            previousY = y
            if y < pts[2 * top + 1] { top = i }
            if y > pts[2 * bottom + 1] { bottom = i }
        }
        return sidesDoNotCross(pts, count: n, top: top, bottom: bottom)
    }

    /// For one contour of `count` points whose y only grows from vertex `top` (lowest y) to
    /// vertex `bottom` (highest) either way round: whether the two ways never cross, checked
    /// at every vertex of either, between which both are straight. Unknown where an edge is
    /// level away from the top and bottom.
    private func sidesDoNotCross(_ pts: UnsafePointer<Double>, count n: Int, top: Int, bottom: Int) -> SingleContourVerdict {
        let minY = pts[2 * top + 1], maxY = pts[2 * bottom + 1]
        if minY == maxY { return .simple }
        @inline(__always) func next(_ i: Int) -> Int { i + 1 == n ? 0 : i + 1 }
        @inline(__always) func previous(_ i: Int) -> Int { i == 0 ? n - 1 : i - 1 }
        // Both sides leave the top where it ends: along a level top edge, at its two ends.
        var ia = top, ib = top
        while pts[2 * next(ia) + 1] == minY { ia = next(ia) }
        while pts[2 * previous(ib) + 1] == minY { ib = previous(ib) }
        var na = next(ia), nb = previous(ib)
        // The sign of (forward side's x − backward side's x) once they part; it may not flip.
        var side = pts[2 * ia] - pts[2 * ib]
        while true {
            let ya = pts[2 * ia + 1], yb = pts[2 * ib + 1]
            let aDone = ya == maxY, bDone = yb == maxY
            if aDone && bDone { break }
            // A side's next vertex at its current height: a repeated point (skipped) or a level
            // edge, which these sides may not have (and an edge level at the other side's
            // height could not be followed by its x).
            if !aDone && pts[2 * na + 1] == ya {
                guard pts[2 * na] == pts[2 * ia] else { return .unknown }
                na = next(na)
                continue
            }
            if !bDone && pts[2 * nb + 1] == yb {
                guard pts[2 * nb] == pts[2 * ib] else { return .unknown }
                nb = previous(nb)
                continue
            }
            let d: Double
            if !aDone && (bDone || pts[2 * na + 1] <= pts[2 * nb + 1]) {
                d = pts[2 * na] - (bDone ? pts[2 * ib] : x(at: pts[2 * na + 1], pts, ib, nb))
                ia = na
                na = next(na)
            } else {
                d = (aDone ? pts[2 * ia] : x(at: pts[2 * nb + 1], pts, ia, na)) - pts[2 * nb]
                ib = nb
                nb = previous(nb)
            }
            if d != 0 {
                if side == 0 { side = d } else if (d > 0) != (side > 0) { return .crosses }
            }
        }
        // Along a level bottom edge, the sides end at its two ends.
        let d = pts[2 * ia] - pts[2 * ib]
        return d == 0 || side == 0 || (d > 0) == (side > 0) ? .simple : .crosses
    }

    /// x at height `y` of the edge from point `i` to point `j`, whose heights differ.
    @inline(__always)
    private func x(at y: Double, _ pts: UnsafePointer<Double>, _ i: Int, _ j: Int) -> Double {
        let x0 = pts[2 * i], y0 = pts[2 * i + 1]
        return x0 + (pts[2 * j] - x0) * (y - y0) / (pts[2 * j + 1] - y0)
    }

    /// Whether the stored contours, cut into sides along which y only grows (two from each
    /// lowest point, at most ``maxMonotoneSides`` in all), have no two sides that cross, and
    /// regions (between neighbouring sides, each of one winding) whose windings do not mix
    /// under the rule. A sweep down the contours keeps the sides it meets in order by x and
    /// checks every vertex against its neighbours in that order (sides that cross swap
    /// neighbours there first), as Shamos and Hoey's test does with its segments: O(n · s) for
    /// n points and s sides. Repeated points, and level edges within ``repeatTolerance``, are
    /// skipped; a longer level edge, or a lowest point on another side, means false. Touching
    /// is allowed.
    func sidesCannotMix(evenOdd: Bool) -> Bool {
        let pts = UnsafePointer(points)
        let cap = Rasterizer.maxMonotoneSides
        return withUnsafeTemporaryAllocation(of: MonotoneSide.self, capacity: cap + cap / 2) { buffer in
            let sides = buffer.baseAddress!
            // The lowest points, as sides not yet begun (one entry each), after the sides.
            let lowest = sides + cap
            var lowestCount = 0
            var contourStart = 0
            for end in contourEnds {
                defer { contourStart = end }
                guard end - contourStart >= 3 else { continue }
                // The direction of the last edge that has one (going down: y grows).
                var j = end - 1
                var down = false, found = false
                while j >= contourStart {
                    let i = j == end - 1 ? contourStart : j + 1
                    let dy = pts[2 * i + 1] - pts[2 * j + 1]
                    if dy != 0 { down = dy > 0; found = true; break }
                    if abs(pts[2 * i] - pts[2 * j]) > Rasterizer.repeatTolerance { return false }
                    j -= 1
                }
                guard found else { continue }
                for i in contourStart..<end {
                    let k = i + 1 == end ? contourStart : i + 1
                    let dy = pts[2 * k + 1] - pts[2 * i + 1]
                    if dy == 0 {
                        if abs(pts[2 * k] - pts[2 * i]) > Rasterizer.repeatTolerance { return false }
                        continue
                    }
                    if dy > 0 && !down {
                        guard lowestCount < cap / 2 else { return false }
                        lowest[lowestCount] = MonotoneSide(vertex: i, start: contourStart, end: end, step: 1)
                        lowestCount += 1
                    }
                    down = dy > 0
                }
            }
            // Lowest points in order of height.
            for i in 1..<Swift.max(lowestCount, 1) {
                let v = lowest[i]
                var j = i
                while j > 0 && pts[2 * lowest[j - 1].vertex + 1] > pts[2 * v.vertex + 1] { lowest[j] = lowest[j - 1]; j -= 1 }
                lowest[j] = v
            }
            var active = 0, begun = 0
            var seen = WindingSet()
            seen.insert(0)
            while true {
                // The side whose next vertex is highest, and the height of the others' next.
                var best = -1
                var bestY = Double.infinity, secondY = Double.infinity
                for k in 0..<active {
                    let y = sides[k].nextY
                    if y < bestY {
                        secondY = bestY
                        bestY = y
                        best = k
                    } else if y < secondY {
                        secondY = y
                    }
                }
                if begun < lowestCount && (best < 0 || pts[2 * lowest[begun].vertex + 1] <= bestY) {
                    // Two sides begin: placed among the others by x at this height, and
                    // between themselves by their first edges.
                    let m = lowest[begun]
                    begun += 1
                    let x = pts[2 * m.vertex], y = pts[2 * m.vertex + 1]
                    var at = 0
                    for k in 0..<active {
                        let xk = self.x(at: y, pts, sides[k].vertex, sides[k].next)
                        if xk == x { return false }
                        if xk < x { at = k + 1 }
                    }
                    guard var forward = m.advanced(pts), var backward = m.reversed.advanced(pts) else { return false }
                    let f = (pts[2 * forward.next] - x, pts[2 * forward.next + 1] - y)
                    let b = (pts[2 * backward.next] - x, pts[2 * backward.next + 1] - y)
                    let order = f.0 * b.1 - b.0 * f.1
                    if order == 0 { return false }
                    if order > 0 { swap(&forward, &backward) }
                    var k = active
                    while k > at { sides[k + 1] = sides[k - 1]; k -= 1 }
                    sides[at] = forward
                    sides[at + 1] = backward
                    active += 2
                    var w = 0
                    for k in 0..<active {
                        w += sides[k].step
                        seen.insert(w)
                    }
                    continue
                }
                guard best >= 0 else { break }
                // The side walks down its vertices until another side's next vertex or the next
                // lowest point is as high: meanwhile its neighbours stay on one edge each, so
                // each vertex is checked against two straight lines.
                let limit = begun < lowestCount ? Swift.min(secondY, pts[2 * lowest[begun].vertex + 1]) : secondY
                @inline(__always) func line(_ k: Int) -> (x: Double, y: Double, slope: Double) {
                    let n = sides[k]
                    let x0 = pts[2 * n.vertex], y0 = pts[2 * n.vertex + 1]
                    return (x0, y0, (pts[2 * n.next] - x0) / (n.nextY - y0))
                }
                let left = best > 0 ? line(best - 1) : (x: -Double.infinity, y: 0, slope: 0)
                let right = best + 1 < active ? line(best + 1) : (x: Double.infinity, y: 0, slope: 0)
                var side = sides[best]
                while true {
                    // The side reaches its next vertex: it must lie between its neighbours there.
                    let v = side.next, y = side.nextY
                    let x = pts[2 * v]
                    if left.x + (y - left.y) * left.slope > x || right.x + (y - right.y) * right.slope < x { return false }
                    side.vertex = v
                    let j = side.following(pts)
                    let yj = pts[2 * j + 1]
                    if yj > y {
                        side.next = j
                        side.nextY = yj
                        if yj < limit { continue }
                        sides[best] = side
                    } else if yj < y {
                        // A lowest point's two sides end together at a highest one, where the
                        // regions beside them (of one winding) meet: nothing new to note.
                        for k in best..<(active - 1) { sides[k] = sides[k + 1] }
                        active -= 1
                    } else {
                        return false
                    }
                    break
                }
            }
            return !seen.mixes(evenOdd: evenOdd)
        }
    }
}

/// One y-monotone side of a contour for ``Rasterizer/sidesCannotMix(evenOdd:)``: at `vertex`,
/// heading to `next` (the next distinct point along the contour in direction `step`, ±1, which
/// is also the side's winding), whose height is `nextY`.
struct MonotoneSide {
    var vertex: Int
    var next: Int = 0
    var nextY: Double = 0
    /// The contour's points: `start ..< end`.
    var start: Int
    var end: Int
    var step: Int

    init(vertex: Int, start: Int, end: Int, step: Int) {
        self.vertex = vertex
        self.start = start
        self.end = end
        self.step = step
    }

    /// The same vertex, walking the other way round.
    var reversed: MonotoneSide { MonotoneSide(vertex: vertex, start: start, end: end, step: -step) }

    /// The next point along the contour from `vertex` that is not a repeat of it (see
    /// ``Rasterizer/repeatTolerance``).
    @inline(__always)
    func following(_ pts: UnsafePointer<Double>) -> Int {
        var j = vertex
        repeat {
            j += step
            if j == end { j = start } else if j < start { j = end - 1 }
        } while pts[2 * j + 1] == pts[2 * vertex + 1] && abs(pts[2 * j] - pts[2 * vertex]) <= Rasterizer.repeatTolerance
            && j != vertex
        return j
    }

    /// This side heading down to its next point, or nil when that is not lower.
    func advanced(_ pts: UnsafePointer<Double>) -> MonotoneSide? {
        let j = following(pts)
        guard pts[2 * j + 1] > pts[2 * vertex + 1] else { return nil }
        var s = self
        s.next = j
        s.nextY = pts[2 * j + 1]
        return s
    }
}
