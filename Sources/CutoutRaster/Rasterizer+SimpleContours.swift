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
    /// skipped. Longer level edges (the tops and bottoms of rectangles, the steps of a
    /// staircase) move a side sideways at one height: every point they reach must lie between
    /// the side's neighbours there, and a level top between the sides around it. A lowest point
    /// on another side means false. Touching is allowed.
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
                    j -= 1
                }
                guard found else { continue }
                for i in contourStart..<end {
                    let k = i + 1 == end ? contourStart : i + 1
                    let dy = pts[2 * k + 1] - pts[2 * i + 1]
                    // Level edges keep the direction: a lowest point is where the contour starts
                    // down after going up, at the end of a level top.
                    if dy == 0 { continue }
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
                    // Two sides begin, at the ends of the level top that ends at the lowest
                    // point (the point itself when there is none): placed among the others by
                    // x at this height, none of which may meet the top, and between themselves
                    // by x, or by their first edges when they start at one point.
                    let m = lowest[begun]
                    begun += 1
                    let top = m.reversed.acrossLevelEdges(pts)
                    let x = pts[2 * m.vertex], y = pts[2 * m.vertex + 1]
                    var at = 0
                    for k in 0..<active {
                        let xk = SideEdge(sides[k], pts).x(at: y)
                        if xk >= top.minX && xk <= top.maxX { return false }
                        if xk < top.minX { at = k + 1 }
                    }
                    guard var forward = m.advanced(pts), var backward = top.side.advanced(pts) else { return false }
                    let xb = pts[2 * backward.vertex]
                    if xb != x {
                        if xb < x { swap(&forward, &backward) }
                    } else {
                        let f = (pts[2 * forward.next] - x, pts[2 * forward.next + 1] - y)
                        let b = (pts[2 * backward.next] - x, pts[2 * backward.next + 1] - y)
                        let order = f.0 * b.1 - b.0 * f.1
                        if order == 0 { return false }
                        if order > 0 { swap(&forward, &backward) }
                    }
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
                    // Windings that mix already decide it: the rest of the sweep would be wasted.
                    if seen.mixes(evenOdd: evenOdd) { return false }
                    continue
                }
                guard best >= 0 else { break }
                // The side walks down its vertices until another side's next vertex or the next
                // lowest point is as high: meanwhile its neighbours stay on one edge each, so
                // each vertex is checked against two straight lines.
                let limit = begun < lowestCount ? Swift.min(secondY, pts[2 * lowest[begun].vertex + 1]) : secondY
                let left = best > 0 ? SideEdge(sides[best - 1], pts) : SideEdge(x: -.infinity)
                let right = best + 1 < active ? SideEdge(sides[best + 1], pts) : SideEdge(x: .infinity)
                var side = sides[best]
                while true {
                    // The side reaches its next vertex, and moves along the level edges that
                    // follow it: the points it meets must lie between its neighbours there.
                    side.vertex = side.next
                    let y = side.nextY
                    var j = side.following(pts)
                    var minX = pts[2 * side.vertex], maxX = minX
                    if pts[2 * j + 1] == y {
                        let level = side.acrossLevelEdges(pts)
                        side = level.side
                        minX = level.minX; maxX = level.maxX
                        j = side.following(pts)
                    }
                    if left.x(at: y) > minX || right.x(at: y) < maxX { return false }
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

    /// This side moved along the level edges that follow `vertex` (repeated points skipped) to
    /// the last point at its height, and the x range of the points passed (`vertex` alone
    /// when the next point is not level).
    func acrossLevelEdges(_ pts: UnsafePointer<Double>) -> (side: MonotoneSide, minX: Double, maxX: Double) {
        var s = self
        let y = pts[2 * vertex + 1]
        var minX = pts[2 * vertex], maxX = minX
        // A contour has a point off this height (level ones are never walked), so the walk
        // stops within one turn; the bound only makes that plain.
        for _ in start..<end {
            let j = s.following(pts)
            guard j != s.vertex, pts[2 * j + 1] == y else { break }
            s.vertex = j
            minX = Swift.min(minX, pts[2 * j]); maxX = Swift.max(maxX, pts[2 * j])
        }
        return (s, minX, maxX)
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

/// A side's current edge, from its vertex down to its next point: x at any height between
/// them, exact at both (where the sweep compares points that touch).
struct SideEdge {
    private let x0, y0, slope, endY, endX: Double

    init(_ s: MonotoneSide, _ pts: UnsafePointer<Double>) {
        x0 = pts[2 * s.vertex]; y0 = pts[2 * s.vertex + 1]
        endX = pts[2 * s.next]; endY = s.nextY
        slope = (endX - x0) / (endY - y0)
    }

    /// A vertical line at `x` (±infinity: no neighbour on that side).
    init(x: Double) {
        x0 = x; y0 = 0; slope = 0; endY = .nan; endX = x
    }

    @inline(__always)
    func x(at y: Double) -> Double { y == endY ? endX : x0 + (y - y0) * slope }
}
