import Foundation

extension PizzaHalfSelectorLayout {
    /// The cells a query for `rect` computes: ascending item indices holding every cell whose
    /// transformed frame can meet `rect`, found in closed form from the offset.
    ///
    /// No cell is drawn taller than a row (scales are at most 1), so only where each style
    /// puts a cell's centre matters:
    /// - regular, compacting: cells are stacked out from the anchor (the row above the screen
    ///   centre) with their centres between `h · minimumScale` and `h` apart, so a cell k rows
    ///   from the anchor lies between `k · h · minimumScale` and `k · h` from it (give or take
    ///   a row for the blend between the two anchors); that bounds k on each side of the
    ///   anchor. With a minimum scale of 0 the cells beyond the compaction zone have no size,
    ///   so the zone bounds k instead.
    /// - regular, not compacting: the rows under the rect.
    /// - drum: a cell within the critical offset of the centre sits at `progress · critical
    ///   offset · drumSpacing` from it, linear in its row, so the rows that land on the rect
    ///   are a range; beyond, only the top cell of each stack can be seen (the others are
    ///   hidden), a few rows around each end of the critical zone (clamped to the items).
    /// Each range is widened by a row on both sides against rounding. Non-finite geometry
    /// yields every item (slow at large counts, still exact).
    func candidateItems(in rect: CGRect) -> [Int] {
        let n = numberOfItems
        guard n > 0 else { return [] }
        var ranges: [(CGFloat, CGFloat)] = []
        switch configuration.style {
        case .regular where configuration.compactsVertically:
            let a = (pizzaIndex(offset: context.bounds.origin) - 0.5).rounded(.down)
            let anchorMid = h * a + h / 2
            let m = minimumScale
            let zone = CGFloat(compactionZone)
            let belowLast = m > 0 ? a + ((rect.maxY - anchorMid + 1.5 * h) / (h * m)).rounded(.up) : a + zone + 1
            let belowFirst = max(a, a + ((rect.minY - anchorMid - 1.5 * h) / h).rounded(.down))
            let aboveFirst = m > 0 ? a - ((anchorMid + 1.5 * h - rect.minY) / (h * m)).rounded(.up) : a - zone - 1
            let aboveLast = min(a, a - ((anchorMid - 1.5 * h - rect.maxY) / h).rounded(.down))
            ranges = [(aboveFirst, aboveLast), (belowFirst, belowLast)]
        case .regular:
            ranges = [((rect.minY / h).rounded(.down), (rect.maxY / h).rounded(.up))]
        case .drum:
            let yc = screenCenterY
            let critical = max(configuration.criticalOffsetFromCenter, 1e-9)
            // A cell's distance from the centre over its row's (within the critical zone).
            let gain = configuration.criticalOffsetFromCenter * configuration.drumSpacing / critical
            let reach = (rect.minY - h / 2 - yc, rect.maxY + h / 2 - yc)
            var lo = -critical, hi = critical
            if gain != 0 {
                let ends = (reach.0 / gain, reach.1 / gain)
                lo = max(lo, min(ends.0, ends.1))
                hi = min(hi, max(ends.0, ends.1))
            }
            func row(_ mid: CGFloat) -> CGFloat { (mid - h / 2) / h }
            // The top of a stack is the item nearest the zone, or the end item when the zone
            // lies past the end.
            let lastRow = CGFloat(n - 1)
            let zoneTop = min(max(row(yc - critical), 0), lastRow), zoneBottom = min(max(row(yc + critical), 0), lastRow)
            if lo <= hi { ranges.append((row(yc + lo).rounded(.down), row(yc + hi).rounded(.up))) }
            ranges.append(((zoneTop - 1).rounded(.down), (zoneTop + 1).rounded(.up)))
            ranges.append(((zoneBottom - 1).rounded(.down), (zoneBottom + 1).rounded(.up)))
        }
        var items: [Int] = []
        var next = 0
        for (first, last) in ranges.sorted(by: { $0.0 < $1.0 }) {
            guard !first.isNaN, !last.isNaN else { return Array(0..<n) }
            let a = max(first - 1, CGFloat(next)), b = min(last + 1, CGFloat(n - 1))
            guard a <= b else { continue }
            items.append(contentsOf: Int(a)...Int(b))
            next = Int(b) + 1
        }
        return items
    }

    /// The items whose caption a query for `rect` computes: an ascending range holding every
    /// item whose caption is not fully transparent and whose transformed frame can meet `rect`.
    ///
    /// A caption shows only while its item's norm is strictly between −1 and 1, and it sits at
    /// the pinned place moved down by `norm · captionSlide`; the norm is linear in the row, so
    /// each condition bounds the rows to a range. The range is widened by a row on both sides
    /// against rounding. Where geometry leaves the slide's bound undefined (NaN), only the
    /// first condition is used; where that is undefined too, every item (the caption frames
    /// decide).
    func captionCandidateItems(in rect: CGRect) -> Range<Int> {
        let n = numberOfItems
        guard n > 0 else { return 0..<0 }
        let critical = max(configuration.criticalOffsetFromCenter, 1e-9)
        // Rows whose norm lies in lo...hi (the norm of row i is (h·i + h/2 − centre) / critical).
        func rows(_ lo: CGFloat, _ hi: CGFloat) -> (CGFloat, CGFloat) {
            ((screenCenterY + critical * lo) / h - 0.5, (screenCenterY + critical * hi) / h - 0.5)
        }
        var (first, last) = rows(-1, 1)
        // Whatever the sign of the caption's height, its vertical extent lies within ±height
        // of the slid pinned top; the slide must bring that band onto the rect.
        let top = context.bounds.minY + configuration.captionTop, extent = abs(configuration.captionHeight)
        let slide = configuration.captionSlide
        let reach = (rect.minY - top - extent, rect.maxY - top + extent)
        if slide == 0 {
            guard reach.0 < 0, 0 < reach.1 else { return 0..<0 }
        } else {
            let ends = (reach.0 / slide, reach.1 / slide)
            if !ends.0.isNaN, !ends.1.isNaN {
                let lo = max(min(ends.0, ends.1), -1), hi = min(max(ends.0, ends.1), 1)
                guard lo <= hi else { return 0..<0 }
                let narrowed = rows(lo, hi)
                if !narrowed.0.isNaN, !narrowed.1.isNaN { (first, last) = narrowed }
            }
        }
        guard !first.isNaN, !last.isNaN else { return 0..<n }
        let a = max(Int(saturating: first, rounding: .down) - 1, 0)
        let b = min(Int(saturating: last, rounding: .up) + 1, n - 1)
        return a <= b ? a..<(b + 1) : 0..<0
    }
}
