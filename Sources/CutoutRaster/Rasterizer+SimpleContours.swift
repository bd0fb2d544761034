/// One contour that cannot overlap itself, found in one pass over its points before anything
/// else, so that ``DrawingContext/exactOverlapCoverage`` costs the commonest shapes (convex
/// and y-monotone polygons) nothing; other paths go to
/// ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``.
extension Rasterizer {
    /// Whether the stored contours are one polygon that cannot overlap itself, so that its
    /// windings are 0 and one of ±1 only, no pixel can mix and its rows need no check: a
    /// y-monotone polygon (its direction in y changes twice; level edges only along its top
    /// and bottom) whose two sides, from its top down to its bottom, never cross. Convex
    /// polygons are such. Linear in the points: a pass that stops at a third change of
    /// direction, then a merge of the two sides by height.
    func isSingleSimpleContour() -> Bool {
        guard contourEnds.count == 1 else { return false }
        let n = contourEnds[0]
        // Three points or fewer: a triangle at most, which cannot cross itself.
        guard n > 3 else { return true }
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
                    if yTurns > 2 { return false }
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
    /// at every vertex of either, between which both are straight. False also where an edge
    /// is level away from the top and bottom.
    private func sidesDoNotCross(_ pts: UnsafePointer<Double>, count n: Int, top: Int, bottom: Int) -> Bool {
        let minY = pts[2 * top + 1], maxY = pts[2 * bottom + 1]
        if minY == maxY { return true }
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
                guard pts[2 * na] == pts[2 * ia] else { return false }
                na = next(na)
                continue
            }
            if !bDone && pts[2 * nb + 1] == yb {
                guard pts[2 * nb] == pts[2 * ib] else { return false }
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
                if side == 0 { side = d } else if (d > 0) != (side > 0) { return false }
            }
        }
        // Along a level bottom edge, the sides end at its two ends.
        let d = pts[2 * ia] - pts[2 * ib]
        return d == 0 || side == 0 || (d > 0) == (side > 0)
    }

    /// x at height `y` of the edge from point `i` to point `j`, whose heights differ.
    @inline(__always)
    private func x(at y: Double, _ pts: UnsafePointer<Double>, _ i: Int, _ j: Int) -> Double {
        let x0 = pts[2 * i], y0 = pts[2 * i + 1]
        return x0 + (pts[2 * j] - x0) * (y - y0) / (pts[2 * j + 1] - y0)
    }
}
