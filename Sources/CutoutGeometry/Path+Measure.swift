import Foundation

extension Path {
    /// The total arc length of all subpaths, closing segments included. Never NaN: a length
    /// beyond `CGFloat`'s range (coordinates near ±1.8e308) is `+infinity`.
    ///
    /// Complexity: O(n) in the number of elements; curves are measured to about 1e-6 of
    /// their size.
    public var length: CGFloat { PathMeasure(self).totalLength }

    /// The point at `distance` along the path (clamped to `0...length`), or `nil` for a path
    /// with no length.
    public func point(atDistance distance: CGFloat) -> CGPoint? {
        PathMeasure(self).position(at: distance)?.point
    }

    /// The unit tangent (direction of travel, as a point used as a vector; Linux Foundation has no `CGVector`) at `distance` along the path, or `nil` for a
    /// path with no length.
    public func tangent(atDistance distance: CGFloat) -> CGPoint? {
        PathMeasure(self).position(at: distance)?.tangent
    }

    /// The part of the path between two fractions of its total length, as `strokeStart` and
    /// `strokeEnd` select it on a shape layer. Fractions are clamped to `0...1` (NaN counts as
    /// 0); `from ≥ to` gives an empty path. A closed subpath that is kept whole stays closed.
    public func trimmed(from start: CGFloat, to end: CGFloat) -> Path {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        let s0 = clamp(start), s1 = clamp(end)
        if s0 == 0 && s1 == 1 { return self }
        guard s0 < s1 else { return Path() }
        let m = PathMeasure(self)
        return m.trimmed(from: s0 * m.totalLength, to: s1 * m.totalLength)
    }
}

/// Arc-length bookkeeping for a path: each drawn segment with its length and a table from
/// curve parameter to length, so positions and trims are found by binary search.
package struct PathMeasure {
    struct Segment {
        /// 2 points for a line, 3 for a quadratic, 4 for a cubic.
        var points: [CGPoint]
        var subpath: Int
        var closesSubpath: Bool
        var startDistance: CGFloat
        var length: CGFloat
        /// Cumulative length at uniformly spaced parameters t = i / (count − 1).
        var table: [CGFloat]
    }

    private(set) var segments: [Segment] = []
    package private(set) var totalLength: CGFloat = 0
    /// For each subpath: whether it is closed and its segment range.
    private(set) var subpaths: [(closed: Bool, range: Range<Int>)] = []

    package init(_ path: Path) {
        var cur = CGPoint.zero, start = CGPoint.zero
        var subpath = -1
        var first = 0
        func add(_ pts: [CGPoint], closing: Bool = false) {
            let table = PathMeasure.lengthTable(pts)
            let len = table.last ?? 0
            segments.append(Segment(points: pts, subpath: subpath, closesSubpath: closing,
                                    startDistance: totalLength, length: len, table: table))
            totalLength += len
        }
        func endSubpath(closed: Bool) {
            if subpath >= 0 { subpaths.append((closed, first..<segments.count)) }
        }
        var open = false
        for e in path.elements {
            switch e {
            case .moveTo(let p):
                if open { endSubpath(closed: false) }
                subpath += 1; first = segments.count
                cur = p; start = p; open = true
            case .lineTo(let p): add([cur, p]); cur = p
            case .quadCurveTo(let p, let c): add([cur, c, p]); cur = p
            case .curveTo(let p, let c1, let c2): add([cur, c1, c2, p]); cur = p
            case .closeSubpath:
                add([cur, start], closing: true)
                cur = start
                endSubpath(closed: true); open = false
            }
        }
        if open { endSubpath(closed: false) }
    }

    static func evaluate(_ p: [CGPoint], _ t: CGFloat) -> CGPoint {
        switch p.count {
        case 2: return CGPoint(x: p[0].x + (p[1].x - p[0].x) * t, y: p[0].y + (p[1].y - p[0].y) * t)
        case 3: return Bezier.quadPoint(p[0], p[1], p[2], t)
        default: return Bezier.cubicPoint(p[0], p[1], p[2], p[3], t)
        }
    }

    static func derivative(_ p: [CGPoint], _ t: CGFloat) -> CGPoint {
        switch p.count {
        case 2: return CGPoint(x: p[1].x - p[0].x, y: p[1].y - p[0].y)
        case 3: return Bezier.quadDerivative(p[0], p[1], p[2], t)
        default: return Bezier.cubicDerivative(p[0], p[1], p[2], p[3], t)
        }
    }

    /// Cumulative arc lengths at uniform parameters, each interval integrated with
    /// 3-point Gauss–Legendre quadrature of the speed, which is accurate to far below 1e-6 of
    /// the curve's size at these interval counts.
    static func lengthTable(_ p: [CGPoint]) -> [CGFloat] {
        if p.count == 2 { return [0, hypot(p[1].x - p[0].x, p[1].y - p[0].y)] }
        // Derivatives of curves with coordinates near ±1.8e308 overflow to ±inf and then cancel
        // to NaN; arc length scales linearly, so measure a copy scaled by a power of two (exact)
        // and scale the lengths back (at worst to +inf).
        let magnitude = p.reduce(CGFloat(0)) { max($0, abs($1.x), abs($1.y)) }
        if magnitude > 1e150 {
            let s = scalbn(CGFloat(1), -Int(magnitude.exponent))
            return lengthTable(p.map { CGPoint(x: $0.x * s, y: $0.y * s) }).map { $0 / s }
        }
        var hull: CGFloat = 0
        for k in 1..<p.count { hull += hypot(p[k].x - p[k - 1].x, p[k].y - p[k - 1].y) }
        let tol = max(hull * 1e-3, 1e-9)
        let n = p.count == 3
            ? Bezier.quadSegments(p[0], p[1], p[2], tolerance: tol)
            : Bezier.cubicSegments(p[0], p[1], p[2], p[3], tolerance: tol)
        let count = min(max(n, 8), 256)
        let nodes: [(CGFloat, CGFloat)] = [(-0.7745966692414834, 5.0 / 9), (0, 8.0 / 9), (0.7745966692414834, 5.0 / 9)]
        var table = [CGFloat](repeating: 0, count: count + 1)
        var acc: CGFloat = 0
        let h = 1 / CGFloat(count)
        for i in 0..<count {
            let mid = (CGFloat(i) + 0.5) * h
            var sum: CGFloat = 0
            for (x, w) in nodes {
                let d = derivative(p, mid + x * h / 2)
                sum += w * hypot(d.x, d.y)
            }
            acc += sum * h / 2
            table[i + 1] = acc
        }
        return table
    }

    /// The curve parameter at arc length `s` within a segment.
    static func parameter(in seg: Segment, at s: CGFloat) -> CGFloat {
        let table = seg.table
        if s <= 0 { return 0 }
        if s >= seg.length { return 1 }
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < s { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (s - table[lo]) / span : 0
        return (CGFloat(lo) + f) / CGFloat(table.count - 1)
    }

    /// The point and unit tangent at `distance` (clamped to `0...totalLength`); nil for a path
    /// with no length.
    package func position(at distance: CGFloat) -> (point: CGPoint, tangent: CGPoint)? {
        guard totalLength > 0, !distance.isNaN else { return nil }
        let d = min(max(distance, 0), totalLength)
        guard let idx = segmentIndex(at: d) else { return nil }
        let seg = segments[idx]
        let t = PathMeasure.parameter(in: seg, at: d - seg.startDistance)
        let p = PathMeasure.evaluate(seg.points, t)
        var v = PathMeasure.derivative(seg.points, t)
        if hypot(v.x, v.y) < 1e-12 {
            // A degenerate control point at an end: take the chord direction instead.
            let a = seg.points.first!, b = seg.points.last!
            v = CGPoint(x: b.x - a.x, y: b.y - a.y)
        }
        let l = hypot(v.x, v.y)
        return (p, l > 0 ? CGPoint(x: v.x / l, y: v.y / l) : CGPoint(x: 1, y: 0))
    }

    /// Index of the segment with positive length containing distance `d`.
    private func segmentIndex(at d: CGFloat) -> Int? {
        var lo = 0, hi = segments.count - 1
        guard hi >= 0 else { return nil }
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].startDistance + segments[mid].length < d { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < segments.count - 1, segments[i].length == 0 { i += 1 }
        return i
    }

    /// The sub-curve of `p` between parameters `t0 < t1`, by de Casteljau splitting.
    static func split(_ p: [CGPoint], from t0: CGFloat, to t1: CGFloat) -> [CGPoint] {
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        // Keep the part after t0, then the part of that before the rescaled t1.
        func after(_ q: [CGPoint], _ t: CGFloat) -> [CGPoint] {
            var levels = q, out: [CGPoint] = []
            out.append(levels.last!)
            while levels.count > 1 {
                levels = (0..<levels.count - 1).map { lerp(levels[$0], levels[$0 + 1], t) }
                out.append(levels.last!)
            }
            return out.reversed()
        }
        func before(_ q: [CGPoint], _ t: CGFloat) -> [CGPoint] {
            var levels = q, out: [CGPoint] = [q[0]]
            while levels.count > 1 {
                levels = (0..<levels.count - 1).map { lerp(levels[$0], levels[$0 + 1], t) }
                out.append(levels[0])
            }
            return out
        }
        let tail = t0 > 0 ? after(p, t0) : p
        let t1r = t0 < 1 ? (t1 - t0) / (1 - t0) : 1
        return t1r < 1 ? before(tail, t1r) : tail
    }

    func trimmed(from d0: CGFloat, to d1: CGFloat) -> Path {
        var out = Path()
        for sp in subpaths {
            let segs = segments[sp.range]
            guard let firstSeg = segs.first, let lastSeg = segs.last else { continue }
            let spStart = firstSeg.startDistance, spEnd = lastSeg.startDistance + lastSeg.length
            if spEnd <= d0 || spStart >= d1 { continue }
            if sp.closed && d0 <= spStart && d1 >= spEnd {
                out.move(to: firstSeg.points[0])
                for s in segs where !s.closesSubpath { out.appendSegment(s.points) }
                out.closeSubpath()
                continue
            }
            var started = false
            for s in segs {
                let a = s.startDistance, b = a + s.length
                if s.length == 0 {
                    if started && a < d1 { out.appendSegment(s.points) }
                    continue
                }
                if b <= d0 || a >= d1 { continue }
                let t0 = PathMeasure.parameter(in: s, at: d0 - a)
                let t1 = PathMeasure.parameter(in: s, at: d1 - a)
                guard t1 > t0 else { continue }
                let piece = (t0 == 0 && t1 == 1) ? s.points : PathMeasure.split(s.points, from: t0, to: t1)
                if !started { out.move(to: piece[0]); started = true }
                out.appendSegment(piece)
            }
        }
        return out
    }
}

extension Path {
    fileprivate mutating func appendSegment(_ pts: [CGPoint]) {
        switch pts.count {
        case 2: addLine(to: pts[1])
        case 3: addQuadCurve(to: pts[2], control: pts[1])
        default: addCurve(to: pts[3], control1: pts[1], control2: pts[2])
        }
    }
}
