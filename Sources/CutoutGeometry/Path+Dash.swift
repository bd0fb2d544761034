import Foundation

extension Path {
    /// Above this many dashes ``copy(dashingWithPhase:lengths:transform:)`` returns the path
    /// undashed, so a tiny pattern on a huge path cannot exhaust memory.
    public static let maximumDashCount = 1_000_000

    /// The path cut into dashes, as `CGPath.copy(dashingWithPhase:lengths:transform:)` and
    /// `lineDashPattern`/`lineDashPhase`: `lengths` alternate painted and unpainted lengths,
    /// starting `phase` into the pattern. Each dash is an open subpath following the path's
    /// lines and curves (curves are cut at the parameters of the requested arc lengths, so
    /// they stay curves).
    ///
    /// - An odd number of lengths repeats the list twice, as Core Graphics and SVG do.
    /// - `phase` is taken modulo the pattern length, so it may be negative or larger than the
    ///   pattern; a non-finite phase counts as 0.
    /// - The pattern restarts at each subpath. A closed subpath is dashed through its closing
    ///   segment, and a dash running over its start continues into the first dash as one
    ///   subpath (so it gets a join, not two caps), as Skia does; if the pattern paints the
    ///   whole closed subpath, it stays closed.
    /// - A zero length painted dash leaves a zero-length subpath (a dot for round or square
    ///   caps). Subpaths without length are dropped.
    /// - The path comes back undashed (only `transform` applied) when `lengths` is empty, sums
    ///   to zero, or holds a negative or non-finite value, and when there would be more than
    ///   ``maximumDashCount`` dashes. A non-finite `transform` gives an empty path.
    ///
    /// Arc lengths are integrated with Gauss–Legendre quadrature on 32 pieces per curve and
    /// inverted by bisection, to about 1e-9 of the curve's length on smooth curves.
    ///
    /// Complexity: O(n + k) for n elements and k dashes.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: Transform = .identity) -> Path {
        guard transform.isFinite else { return Path() }
        let undashed = transform.isIdentity ? self : applying(transform)
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return undashed }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return undashed }
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if offset < 0 { offset += period }

        let subpaths = DashSubpath.subpaths(of: self)
        var estimate: CGFloat = 0
        for s in subpaths { estimate += (s.length / period + 2) * CGFloat(pattern.count / 2) }
        guard estimate.isFinite, estimate <= CGFloat(Self.maximumDashCount) else { return undashed }

        var out = Path()
        for s in subpaths where s.length > 0 {
            s.appendDashes(pattern: pattern, offset: offset, to: &out)
        }
        return transform.isIdentity ? out : out.applying(transform)
    }
}

/// A subpath prepared for dashing: its segments with their arc lengths.
struct DashSubpath {
    var segments: [DashSegment]
    var isClosed: Bool
    /// Arc length at the end of each segment.
    var ends: [CGFloat]
    var length: CGFloat { ends.last ?? 0 }

    static func subpaths(of path: Path) -> [DashSubpath] {
        var out: [DashSubpath] = []
        var segments: [DashSegment] = []
        var start = StrokeVector(x: 0, y: 0), cur = start
        func flush(closed: Bool) {
            if closed, cur != start { segments.append(DashSegment(kind: .line, points: [cur, start])) }
            if !segments.isEmpty {
                var ends: [CGFloat] = []
                var total: CGFloat = 0
                for s in segments {
                    total += s.length
                    ends.append(total)
                }
                out.append(DashSubpath(segments: segments, isClosed: closed, ends: ends))
            }
            segments = []
        }
        for e in path.elements {
            switch e {
            case .moveTo(let p):
                flush(closed: false)
                start = StrokeVector(p); cur = start
            case .lineTo(let p):
                let end = StrokeVector(p)
                segments.append(DashSegment(kind: .line, points: [cur, end])); cur = end
            case .quadCurveTo(let p, let c):
                let end = StrokeVector(p)
                segments.append(DashSegment(kind: .quad, points: [cur, StrokeVector(c), end])); cur = end
            case .curveTo(let p, let c1, let c2):
                let end = StrokeVector(p)
                segments.append(DashSegment(kind: .cubic,
                                            points: [cur, StrokeVector(c1), StrokeVector(c2), end]))
                cur = end
            case .closeSubpath:
                flush(closed: true)
                cur = start
            }
        }
        flush(closed: false)
        return out
    }

    /// Appends this subpath's dashes. `offset` is how far into `pattern` the subpath starts.
    func appendDashes(pattern: [CGFloat], offset: CGFloat, to out: inout Path) {
        let total = length
        var index = 0
        var remaining = offset
        while remaining > 0, remaining >= pattern[index] {
            remaining -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var intervals: [(CGFloat, CGFloat)] = []
        var s: CGFloat = 0
        var left = pattern[index] - remaining
        while s < total {
            let e = s + left
            if index % 2 == 0 { intervals.append((s, min(e, total))) }
            s = e
            index = (index + 1) % pattern.count
            left = pattern[index]
        }
        WorkMeter.record(intervals.count, .dashes)
        guard !intervals.isEmpty else { return }
        if isClosed, intervals.count == 1, intervals[0].0 == 0, intervals[0].1 >= total {
            append(from: 0, to: total, startingSubpath: true, to: &out)
            out.closeSubpath()
            return
        }
        let wraps = isClosed && intervals.count >= 2 && intervals[0].0 == 0 && intervals[intervals.count - 1].1 >= total
        for (i, iv) in intervals.enumerated() where !(wraps && i == 0) {
            append(from: iv.0, to: iv.1, startingSubpath: true, to: &out)
        }
        if wraps { append(from: 0, to: intervals[0].1, startingSubpath: false, to: &out) }
    }

    /// Appends the part of the subpath between arc lengths `s0 ≤ s1`.
    private func append(from s0: CGFloat, to s1: CGFloat, startingSubpath: Bool, to out: inout Path) {
        var i = segmentIndex(at: s0)
        let t0 = parameter(in: i, at: s0)
        if startingSubpath { out.move(to: segments[i].point(at: t0).cgPoint) }
        if s1 <= s0 {
            out.addLine(to: segments[i].point(at: t0).cgPoint)
            return
        }
        var tStart = t0
        while i < segments.count {
            let segStart = i == 0 ? 0 : ends[i - 1]
            if ends[i] >= s1 || i == segments.count - 1 {
                segments[i].append(from: tStart, to: parameter(in: i, at: s1), to: &out)
                return
            }
            if ends[i] > segStart { segments[i].append(from: tStart, to: 1, to: &out) }
            i += 1
            tStart = 0
        }
    }

    /// The segment in which arc length `s` lies: the first one ending after `s`, or the last
    /// one with length when `s` is the end.
    private func segmentIndex(at s: CGFloat) -> Int {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] > s { hi = mid } else { lo = mid + 1 }
        }
        if lo < segments.count { return lo }
        return segments.lastIndex { $0.length > 0 } ?? segments.count - 1
    }

    private func parameter(in i: Int, at s: CGFloat) -> CGFloat {
        let segStart = i == 0 ? 0 : ends[i - 1]
        return segments[i].parameter(atLength: s - segStart)
    }
}

/// A line, quadratic or cubic with an arc-length table.
struct DashSegment {
    enum Kind { case line, quad, cubic }
    let kind: Kind
    let points: [StrokeVector]
    /// Arc length at the end of each of ``pieces`` equal parameter steps.
    private var table: [CGFloat] = []

    static let pieces = 32

    init(kind: Kind, points: [StrokeVector]) {
        self.kind = kind
        self.points = points
        if kind != .line {
            var total: CGFloat = 0
            for k in 0..<Self.pieces {
                total += integrate(CGFloat(k) / CGFloat(Self.pieces), CGFloat(k + 1) / CGFloat(Self.pieces))
                table.append(total)
            }
        }
    }

    var length: CGFloat {
        kind == .line ? (points[1] - points[0]).length : table[Self.pieces - 1]
    }

    func point(at t: CGFloat) -> StrokeVector {
        let p = points, mt = 1 - t
        switch kind {
        case .line: return p[0] + (p[1] - p[0]) * t
        case .quad: return p[0] * (mt * mt) + p[1] * (2 * mt * t) + p[2] * (t * t)
        case .cubic: return OffsetCurve.point((p[0], p[1], p[2], p[3]), t)
        }
    }

    private func speed(_ t: CGFloat) -> CGFloat {
        let p = points
        switch kind {
        case .line: return (p[1] - p[0]).length
        case .quad: return ((p[1] - p[0]) * (2 * (1 - t)) + (p[2] - p[1]) * (2 * t)).length
        case .cubic: return OffsetCurve.derivative((p[0], p[1], p[2], p[3]), t).length
        }
    }

    /// Five-point Gauss–Legendre integral of the speed over [a, b].
    private func integrate(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let nodes: [(CGFloat, CGFloat)] = [
            (0, 0.568_888_888_888_888_9),
            (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5), (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
            (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1), (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
        ]
        let h = (b - a) / 2, m = (a + b) / 2
        var sum: CGFloat = 0
        for (x, w) in nodes { sum += w * speed(m + h * x) }
        return sum * h
    }

    /// The parameter at arc length `s` from the start, clamped to [0, 1].
    func parameter(atLength s: CGFloat) -> CGFloat {
        let total = length
        guard total > 0, s > 0 else { return 0 }
        guard s < total else { return 1 }
        if kind == .line { return s / total }
        var lo = 0, hi = Self.pieces - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if table[mid] >= s { hi = mid } else { lo = mid + 1 }
        }
        let before = lo == 0 ? 0 : table[lo - 1]
        let a = CGFloat(lo) / CGFloat(Self.pieces)
        var t0 = a, t1 = CGFloat(lo + 1) / CGFloat(Self.pieces)
        for _ in 0..<48 {
            let mid = (t0 + t1) / 2
            if before + integrate(a, mid) < s { t0 = mid } else { t1 = mid }
        }
        return (t0 + t1) / 2
    }

    /// Appends the part between parameters `t0 ≤ t1`, from the path's current point.
    func append(from t0: CGFloat, to t1: CGFloat, to out: inout Path) {
        let p = points
        switch kind {
        case .line:
            out.addLine(to: point(at: t1).cgPoint)
        case .quad:
            // The quadratic on [t0, t1] has the tangent lines' intersection as control point:
            // evaluate the blossom B(t0, t1).
            let c = p[0] * ((1 - t0) * (1 - t1)) + p[1] * ((1 - t0) * t1 + t0 * (1 - t1)) + p[2] * (t0 * t1)
            out.addQuadCurve(to: point(at: t1).cgPoint, control: c.cgPoint)
        case .cubic:
            let q = OffsetCurve.subCubic((p[0], p[1], p[2], p[3]), from: t0, to: t1)
            out.addCurve(to: point(at: t1).cgPoint, control1: q.1.cgPoint, control2: q.2.cgPoint)
        }
    }
}
