import CutoutGeometry

/// Rows that ``Accumulator/checkRow(_:head:evenOdd:)`` would take too long over, resolved by
/// sub-rows instead: the exact walk's cost grows with a row's intervals times its chains and
/// with the cube of a cluster's chains, and hostile shapes (hundreds of sides in one pixel,
/// thousands of tiny triangles in a few rows) would keep it busy for seconds.
extension Accumulator {
    /// Most work (``exactRowWork(_:_:intervals:)``) a row is checked and redone exactly with;
    /// past it the row is resolved by sub-rows. The tiger's checked rows estimate at most
    /// 2,124; 16 chains in one cluster about 5,000.
    static let maxExactRowWork = 16_384

    /// Sub-rows a row of `n` pieces in `nc` chains is resolved by in
    /// ``redoRowBySubRows(_:_:_:_:_:evenOdd:)``: the reference rasteriser's 128 while a row has
    /// up to 512 pieces and chains, then fewer, down to 16, so that a row costs at most about
    /// 2^16 steps plus 16 per piece and chain.
    static func subRows(pieces n: Int, chains nc: Int) -> Int {
        Swift.min(128, Swift.max(16, (1 << 16) / Swift.max(n + nc, 1)))
    }

    /// The work of ``checkRow(_:head:evenOdd:)``'s walk over the row's `nc` chains (sorted by
    /// left end) cut into `intervals` by the heights where chains start or end, as an upper
    /// bound up to a constant: every chain meets every interval, and each cluster of `c`
    /// chains sharing pixels with `q` pieces in all costs `c · (c · (intervals + c) + q)`
    /// (chains ordered in each interval, every pair compared at their vertices, and each of
    /// up to `c²` slabs walking the chains). O(nc).
    func exactRowWork(_ ch: UnsafeMutablePointer<RowChain>, _ nc: Int, intervals: Int) -> Int {
        var work = nc * intervals
        var i = 0
        while i < nc {
            let j = cluster(ch, nc, from: i).end
            var pieces = 0
            for k in i..<j { pieces += ch[k].count }
            let c = j - i
            // Checked: for a cluster of millions of chains the product passes Int.max.
            let (cost, overflow) = c.multipliedReportingOverflow(by: c * (intervals + c) + pieces)
            if overflow || cost > Accumulator.maxExactRowWork { return Int.max }
            work += cost
            i = j
        }
        return work
    }

    /// Makes the cells give every pixel of band row `r` (its `nc` chains of `n` pieces) the
    /// mean of the fill rule over ``subRows(pieces:chains:)`` heights, as the reference
    /// rasteriser does: at each, the chains' crossings in x order and the winding between
    /// them, every crossing a step of the rule's coverage, exact across the pixel it falls in.
    /// For the rows of hostile shapes (hundreds of sides in one pixel, thousands of tiny
    /// triangles in a few rows) that the exact walk would take seconds over. Left of the row's
    /// first piece and right of its last the winding is 0 (pieces are clamped to the region,
    /// so all of a row's crossings are logged), so no other pixel changes.
    ///
    /// Accuracy: where an edge ends, turns or crosses a pixel's side inside a sub-row, the
    /// sample misses up to half a sub-row's area of that pixel (at 128 sub-rows, 1/255 per
    /// such edge; at 16, 8/255).
    ///
    /// Complexity: O(s · (n + c log c)) for s sub-rows and c chains at a height.
    @inline(never)
    func redoRowBySubRows(_ r: Int, _ ch: UnsafeMutablePointer<RowChain>, _ nc: Int,
                                  _ p: UnsafeMutablePointer<RowPiece>, _ n: Int, evenOdd: Bool) {
        let line = cells + r * stride
        for q in 0..<n {
            _ = Accumulator.add(line, p[q].x0, p[q].x1, -(p[q].y1 - p[q].y0) * Double(p[q].dir))
        }
        // Each chain's x at the current height, and the chains met there in x order.
        let xs = log.pointee.mids, order = log.pointee.members
        var first = Int.max, last = Int.min
        for c in 0..<nc {
            first = Swift.min(first, ch[c].firstColumn)
            last = Swift.max(last, ch[c].lastColumn)
        }
        let subRows = Accumulator.subRows(pieces: n, chains: nc)
        WorkMeter.record(subRows * (n + nc), .overlapRowSteps)
        let h = 1 / Double(subRows)
        var count = 0
        var previous = -1.0
        for s in 0..<subRows {
            let y = (Double(s) + 0.5) * h
            // The chains met at the last height that go on, in their order there (from one
            // height to the next it seldom changes), then those that begin.
            var kept = 0
            for a in 0..<count where ch[order[a]].y1 > y {
                order[kept] = order[a]
                kept += 1
            }
            count = kept
            for c in 0..<nc where previous < ch[c].y0 && ch[c].y0 <= y && y < ch[c].y1 {
                order[count] = c
                count += 1
            }
            previous = y
            for a in 0..<count { xs[order[a]] = ch[order[a]].x(at: y, p) }
            // Insertion while the order holds but for a few moves; else the library's sort.
            var moves = 0
            for a in Swift.stride(from: 1, to: count, by: 1) {
                let c = order[a], x = xs[c]
                var b = a
                while b > 0 && xs[order[b - 1]] > x { order[b] = order[b - 1]; b -= 1 }
                order[b] = c
                moves += a - b
                if moves > 4 * count + 64 {
                    var met = UnsafeMutableBufferPointer(start: order, count: count)
                    met.sort { xs[$0] < xs[$1] }
                    break
                }
            }
            var w = 0
            for a in 0..<count {
                let c = order[a]
                let next = w + ch[c].dir
                let weight = Accumulator.rule(next, evenOdd: evenOdd) - Accumulator.rule(w, evenOdd: evenOdd)
                if weight != 0 { _ = Accumulator.add(line, xs[c], xs[c], Double(weight) * h) }
                w = next
            }
        }
        markDirty(row: r, first, last + 1)
    }
}
