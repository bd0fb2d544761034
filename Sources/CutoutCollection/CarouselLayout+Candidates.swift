import Foundation

extension CarouselLayout {
    /// The items a query for `rect` computes: ascending, disjoint ranges of item indices that
    /// hold every item whose transformed frame can meet `rect`.
    ///
    /// Found in closed form from the offset: ``candidatePositions(in:)`` gives the positions
    /// relative to the centre (in items) that can reach `rect`; each interval becomes an index
    /// range by adding the centre index, taken modulo the item count when wrapping. Each
    /// interval is widened by one item on both sides, so rounding in the per-item placement
    /// can never drop an item at the edge. Degenerate geometry (a non-finite or
    /// non-positive spacing or item size, an offset beyond 2⁵² spacings) yields every item,
    /// which is slow at large counts but still exact.
    func candidateItems(in rect: CGRect) -> [Range<Int>] {
        let all = [0..<n]
        let s = scrollIndex(offset: context.bounds.origin)
        guard n > 0, s.isFinite, abs(s) < Self.maxExactPosition, let positions = candidatePositions(in: rect) else { return all }
        var ranges: [Range<Int>] = []
        for interval in positions {
            let lo = interval.lowerBound - 1, hi = interval.upperBound + 1
            guard let shifts = periodShifts(of: lo...hi, scrollIndex: s) else { return all }
            for shift in shifts {
                let first = (lo + shift + s).rounded(.up), last = (hi + shift + s).rounded(.down)
                guard first <= last else { continue }
                if wrapsAround {
                    guard last - first + 1 < CGFloat(n), abs(first) < Self.maxExactPosition else { return all }
                    let start = ((Int(first) % n) + n) % n
                    let count = Int(last - first) + 1
                    if start + count <= n {
                        ranges.append(start..<start + count)
                    } else {
                        ranges.append(start..<n)
                        ranges.append(0..<start + count - n)
                    }
                } else {
                    let a = max(first, 0), b = min(last, CGFloat(n - 1))
                    if a <= b { ranges.append(Int(a)..<Int(b) + 1) }
                }
            }
        }
        return Self.merged(ranges)
    }

    /// Offsets beyond this many spacings (2⁵²) no longer tell neighbouring items apart.
    static let maxExactPosition = CGFloat(1 << 52)

    /// The positions relative to the centre (item index − centre index, before wrapping) whose
    /// item can meet `rect`, within one turn for the circular styles; `nil` when the geometry
    /// is degenerate.
    ///
    /// An item is drawn no wider than its untransformed width (every style scales by at most
    /// 1), or for the wheel no wider than its diagonal (it is rotated), so its centre must lie
    /// within that half-extent of `rect` horizontally; the styles' horizontal placement is
    /// inverted in closed form:
    /// - linear: x = p · spacing, a single interval.
    /// - cover flow: x rises monotonically with p (the neighbours slide aside by 0.55 item
    ///   widths, the rest stack 0.35 spacings apart), a single interval.
    /// - rotary: x = r · sin θ with θ = p · step on a circle; the front arc and the back arc
    ///   (far items are smaller but shown), about `rect.width / spacing` items each.
    /// - cylinder: the front arc only (items facing away are hidden).
    /// - wheel: the front arc only (items past a quarter turn are hidden).
    /// The vertical extent is left to the exact filter: it only removes items.
    func candidatePositions(in rect: CGRect) -> [ClosedRange<CGFloat>]? {
        let cx = context.bounds.midX
        let width = abs(itemSize.width), height = abs(itemSize.height)
        let halfExtent = style == .wheel ? (width * width + height * height).squareRoot() / 2 : width / 2
        let x0 = rect.minX - halfExtent - cx, x1 = rect.maxX + halfExtent - cx
        guard itemSpacing > 0, itemSpacing.isFinite, halfExtent.isFinite, x0.isFinite, x1.isFinite else { return nil }
        switch style {
        case .linear:
            return [x0 / itemSpacing...x1 / itemSpacing]
        case .coverFlow:
            let side = width * Self.coverFlowSide, stacking = itemSpacing * Self.coverFlowStacking
            func position(_ x: CGFloat, inside: CGFloat) -> CGFloat {
                if x <= -side { return -1 + (x + side) / stacking }
                if x >= side { return 1 + (x - side) / stacking }
                return side > 0 ? x / side : inside
            }
            return [position(x0, inside: -1)...position(x1, inside: 1)]
        case .rotary, .cylinder, .wheel:
            let (step, radius) = circle(maxStep: style == .wheel ? Self.wheelMaxStep : Self.cylinderMaxStep)
            guard step > 0, radius > 0, radius.isFinite else { return nil }
            let a = x0 / radius, b = x1 / radius
            guard a <= 1, b >= -1 else { return [] }
            let front = asin(max(a, -1)), frontEnd = asin(min(b, 1))
            var arcs = [front...frontEnd]
            if style == .rotary { arcs.append(.pi - frontEnd ... .pi - front) }
            return arcs.map { $0.lowerBound / step...$0.upperBound / step }
        }
    }

    /// The multiples of one turn to add to a relative-position interval so it meets every
    /// item it can: the circular styles repeat every 2π/step items (a turn), except the wheel,
    /// which hides items past a quarter turn whichever turn they are on. When wrapping,
    /// positions are taken modulo the item count, which is the turn, so no shift is needed.
    /// `nil` if the interval spans more turns than it can (degenerate geometry).
    private func periodShifts(of interval: ClosedRange<CGFloat>, scrollIndex s: CGFloat) -> [CGFloat]? {
        guard !wrapsAround, style == .rotary || style == .cylinder else { return [0] }
        let turn = 2 * .pi / circle(maxStep: Self.cylinderMaxStep).step
        // Items sit at positions −s ... n − 1 − s; a turn is at least n positions long, so
        // an interval meets them on at most three turns.
        let first = ((-s - interval.upperBound) / turn).rounded(.up)
        let last = ((CGFloat(n - 1) - s - interval.lowerBound) / turn).rounded(.down)
        guard first <= last else { return [] }
        guard last - first < 4 else { return nil }
        return stride(from: first, through: last, by: 1).map { $0 * turn }
    }

    /// Sorted, with overlapping or touching ranges joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = result.last, r.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                result.append(r)
            }
        }
        return result
    }
}
