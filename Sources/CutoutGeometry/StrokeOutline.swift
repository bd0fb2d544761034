import Foundation

/// One side of a stroke outline, recorded in the direction of the path so that the right
/// side can be replayed backwards.
struct StrokeSide: StrokeCurveReceiver {
    enum Segment {
        case line(StrokeVector)
        case cubic(StrokeVector, StrokeVector, StrokeVector)
    }

    private(set) var start: StrokeVector
    private(set) var segments: [Segment] = []
    private(set) var last: StrokeVector

    init(start: StrokeVector) {
        self.start = start
        self.last = start
    }

    /// Empties the side (keeping its memory) and starts it at `p`.
    mutating func reset(start p: StrokeVector) {
        segments.removeAll(keepingCapacity: true)
        start = p
        last = p
    }

    mutating func line(to p: StrokeVector) {
        guard p != last else { return }
        segments.append(.line(p))
        last = p
    }

    mutating func cubic(_ c1: StrokeVector, _ c2: StrokeVector, _ p: StrokeVector) {
        segments.append(.cubic(c1, c2, p))
        last = p
    }

    /// The last segment and where it starts (`nil` when the side has none).
    var lastSegment: (start: StrokeVector, segment: Segment)? {
        guard let s = segments.last else { return nil }
        return (segments.count > 1 ? segments[segments.count - 2].endPoint : start, s)
    }

    /// Replaces the last segment by `s`, which starts where it did.
    mutating func replaceLastSegment(with s: Segment) {
        segments[segments.count - 1] = s
        last = s.endPoint
    }

    /// The first segment, when there is another after it (`nil` otherwise).
    var firstOfSeveral: Segment? { segments.count > 1 ? segments[0] : nil }

    /// Starts the side at `p` with `s` as its first segment (which ends where it did).
    mutating func replaceFirstSegment(with s: Segment, start p: StrokeVector) {
        segments[0] = s
        start = p
    }

    /// Sends the side to `sink` from its start, which must be the sink's current point.
    func appendForward<S: StrokeCurveReceiver>(to sink: inout S) {
        for s in segments {
            switch s {
            case .line(let p): sink.line(to: p)
            case .cubic(let c1, let c2, let p): sink.cubic(c1, c2, p)
            }
        }
    }

    /// Sends the side to `sink` from its last point back to its start.
    func appendReversed<S: StrokeCurveReceiver>(to sink: inout S) {
        for i in segments.indices.reversed() {
            let target = i == 0 ? start : segments[i - 1].endPoint
            switch segments[i] {
            case .line: sink.line(to: target)
            case .cubic(let c1, let c2, _): sink.cubic(c2, c1, target)
            }
        }
    }
}

extension StrokeSide.Segment {
    var endPoint: StrokeVector {
        switch self {
        case .line(let p), .cubic(_, _, let p): return p
        }
    }
}

/// A piece of one stroked segment: a straight run or a curve whose offsets are fitted cubics.
/// Each piece, closed by the normals at its ends, covers its part of the stroke with winding
/// +1 (never negative), which is what makes the non-zero union of the outline exact.
struct StrokePiece {
    enum Offsets {
        case line
        /// Controls and end of the left and right offset cubics (left = `+halfWidth` along
        /// ``StrokeVector/leftNormal``).
        case cubic(left: (StrokeVector, StrokeVector, StrokeVector), right: (StrokeVector, StrokeVector, StrokeVector))
    }

    var start: StrokeVector
    var end: StrokeVector
    /// Unit tangents at both ends.
    var startTangent: StrokeVector
    var endTangent: StrokeVector
    var offsets: Offsets
    /// Whether the piece starts a path segment: it is joined to the previous piece with the
    /// user's join; pieces inside a curve (tangent to each other, or meeting at a cusp) are
    /// joined round.
    var isSegmentStart: Bool
}

/// A point or vector in the stroker's arithmetic (kept apart from `CGPoint` so these
/// operators stay local to stroking).
struct StrokeVector: Equatable {
    var x: CGFloat
    var y: CGFloat

    init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    init(_ p: CGPoint) {
        self.init(x: p.x, y: p.y)
    }

    var cgPoint: CGPoint { CGPoint(x: x, y: y) }

    /// The left normal in y-down space: a quarter turn toward the screen's top for a vector
    /// pointing right.
    var leftNormal: StrokeVector { StrokeVector(x: y, y: -x) }
    var length: CGFloat { (x * x + y * y).squareRoot() }
    var lengthSquared: CGFloat { x * x + y * y }

    func cross(_ b: StrokeVector) -> CGFloat { x * b.y - y * b.x }
    func dot(_ b: StrokeVector) -> CGFloat { x * b.x + y * b.y }

    static func + (a: StrokeVector, b: StrokeVector) -> StrokeVector { StrokeVector(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: StrokeVector, b: StrokeVector) -> StrokeVector { StrokeVector(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: StrokeVector, k: CGFloat) -> StrokeVector { StrokeVector(x: a.x * k, y: a.y * k) }
}

/// Builds the outline of one subpath from its pieces: the left side forward and the right side
/// backward, with joins on the outer side of each turn. On the inner side, two pieces whose
/// offsets cross near the corner, within both, are cut at the crossing; otherwise the side is
/// routed through the corner point. Either way the outline, as a chain, is the sum of each piece's
/// closed outline (less, where cut, the part both pieces cover) plus one wedge per join and cap,
/// all wound the same way, so non-zero filling it gives exactly their union.
struct StrokeOutliner {
    let halfWidth: CGFloat
    let cap: LineCap
    let join: LineJoin
    let miterLimit: CGFloat

    /// Sends the outline of a subpath made of `pieces` (at least one) to `out`; `scratch`
    /// lends the memory of both sides.
    func appendOutline<S: StrokeOutlineSink>(of pieces: [StrokePiece], closed: Bool, scratch: StrokeScratch,
                                             to out: inout S) {
        guard let first = pieces.first, let lastPiece = pieces.last else { return }
        let hw = halfWidth
        var left = scratch.left, right = scratch.right
        scratch.left = StrokeSide(start: first.start)
        scratch.right = StrokeSide(start: first.start)
        defer { scratch.left = left; scratch.right = right }
        left.reset(start: first.start + first.startTangent.leftNormal * hw)
        right.reset(start: first.start - first.startTangent.leftNormal * hw)
        var previous: StrokePiece?
        for piece in pieces {
            var offsets = piece.offsets
            if let prev = previous {
                offsets = addJoin(at: piece.start, from: prev.endTangent, to: piece.startTangent,
                                  kind: piece.isSegmentStart ? join : .round, next: piece, left: &left, right: &right)
            }
            add(piece, offsets: offsets, left: &left, right: &right)
            previous = piece
        }
        if closed {
            addJoin(at: first.start, from: lastPiece.endTangent, to: first.startTangent, kind: join,
                    next: nil, left: &left, right: &right)
            out.move(to: left.start)
            left.appendForward(to: &out)
            out.close()
            out.move(to: right.last)
            right.appendReversed(to: &out)
            out.close()
        } else {
            out.move(to: left.start)
            left.appendForward(to: &out)
            appendCap(at: lastPiece.end, direction: lastPiece.endTangent, to: &out)
            right.appendReversed(to: &out)
            appendCap(at: first.start, direction: first.startTangent * -1, to: &out)
            out.close()
        }
    }

    /// Appends the cap-only outline of a subpath that has no length, facing +x (as Core
    /// Graphics does); butt caps leave nothing.
    func appendDot<S: StrokeOutlineSink>(at p: StrokeVector, to out: inout S) {
        guard cap != .butt else { return }
        let d = StrokeVector(x: 1, y: 0)
        out.move(to: p + d.leftNormal * halfWidth)
        appendCap(at: p, direction: d, to: &out)
        appendCap(at: p, direction: d * -1, to: &out)
        out.close()
    }

    /// Adds `piece` to both sides, with `offsets` in place of its own (trimmed by a join).
    private func add(_ piece: StrokePiece, offsets: StrokePiece.Offsets, left: inout StrokeSide, right: inout StrokeSide) {
        switch offsets {
        case .line:
            let n = piece.endTangent.leftNormal * halfWidth
            left.line(to: piece.end + n)
            right.line(to: piece.end - n)
        case .cubic(let l, let r):
            left.cubic(l.0, l.1, l.2)
            right.cubic(r.0, r.1, r.2)
        }
    }

    /// Joins the offsets at a corner turning from `d0` to `d1`, before the piece `next` (`nil`
    /// when closing a subpath, whose first piece then is the side's first segment). The outer
    /// side gets the join wedge; the inner side is cut or goes through the corner point (see
    /// ``addInnerCorner(at:along:sine:cosine:from:to:next:side:)``). Returns `next`'s offsets,
    /// the inner one trimmed where the side was cut.
    @discardableResult
    private func addJoin(at p: StrokeVector, from d0: StrokeVector, to d1: StrokeVector, kind: LineJoin,
                         next: StrokePiece?, left: inout StrokeSide, right: inout StrokeSide) -> StrokePiece.Offsets {
        let hw = halfWidth
        let n0 = d0.leftNormal, n1 = d1.leftNormal
        let c = d0.cross(d1), dt = d0.dot(d1)
        let offsets = next?.offsets ?? .line
        if abs(c) <= 1e-12 && dt > 0 {
            left.line(to: p + n1 * hw)
            right.line(to: p - n1 * hw)
            return offsets
        }
        // In y-down space a positive cross product is a turn toward the right side, so the
        // left side is outside the turn; a full reversal is treated the same way.
        let leftIsOuter = c >= 0
        // The next piece's inner offset, from where it starts (`p` + the inner normal).
        let start1 = leftIsOuter ? p - n1 * hw : p + n1 * hw
        var inner: StrokeSide.Segment?
        if let next {
            switch offsets {
            case .line: inner = .line(next.end + next.endTangent.leftNormal * (leftIsOuter ? -hw : hw))
            case .cubic(let l, let r):
                let c = leftIsOuter ? r : l
                inner = .cubic(c.0, c.1, c.2)
            }
        } else if let first = (leftIsOuter ? right : left).firstOfSeveral, (leftIsOuter ? right : left).start == start1 {
            inner = first
        }
        // The tangents are unit vectors: |c| and dt are the sine and cosine of the turn.
        let kept: StrokeSide.Segment?
        if leftIsOuter {
            addWedge(at: p, from: n0, to: n1, sine: abs(c), cosine: dt, sign: 1, kind: kind, side: &left)
            kept = addInnerCorner(at: p, along: d0, sine: abs(c), cosine: dt, from: p - n0 * hw, to: start1,
                                  next: inner, side: &right)
        } else {
            addWedge(at: p, from: n0 * -1, to: n1 * -1, sine: abs(c), cosine: dt, sign: -1, kind: kind, side: &right)
            kept = addInnerCorner(at: p, along: d0, sine: abs(c), cosine: dt, from: p + n0 * hw, to: start1,
                                  next: inner, side: &left)
        }
        guard let kept else { return offsets }
        if next == nil {
            // Closing: the side now starts, and ends, at the crossing.
            if leftIsOuter {
                right.replaceFirstSegment(with: kept, start: right.last)
            } else {
                left.replaceFirstSegment(with: kept, start: left.last)
            }
            return offsets
        }
        guard case .cubic(let c1, let c2, let end) = kept, case .cubic(let l, let r) = offsets else { return offsets }
        let trimmed = (c1, c2, end)
        return leftIsOuter ? .cubic(left: l, right: trimmed) : .cubic(left: trimmed, right: r)
    }

    /// The inner side of a corner at `p`, from `end0` (where the previous piece's offset
    /// ended, running along the unit vector `d0`) to `start1` (where the offset `next` of the
    /// next piece starts), for a turn whose sine and cosine are given.
    ///
    /// Where the two offsets cross near the corner, within both pieces, the side is cut at the
    /// crossing: the outline then does not overlap itself there, so coverage is exact at the
    /// corner even without the rasteriser's overlap check. Otherwise the side goes through
    /// `p`, which covers the union of both pieces with winding 2 where they overlap, whatever
    /// their lengths. Returns, when the side was cut, the part of `next` after the crossing (a
    /// line as it was: from the crossing, a point of it, it runs to the same end), `nil` when
    /// it was routed.
    private func addInnerCorner(at p: StrokeVector, along d0: StrokeVector, sine: CGFloat, cosine: CGFloat,
                                from end0: StrokeVector, to start1: StrokeVector, next: StrokeSide.Segment?,
                                side: inout StrokeSide) -> StrokeSide.Segment? {
        if let next, side.last == end0, let (start0, segment) = side.lastSegment, 1 + cosine > 1e-9 {
            // Straight offsets cross hw · tan(θ/2) back from their ends, for a turn by θ.
            let cut = halfWidth * sine / (1 + cosine)
            switch (segment, next) {
            case (.line, .line(let nextEnd)):
                let cut2 = cut * cut
                if cut2 < (end0 - start0).lengthSquared && cut2 < (nextEnd - start1).lengthSquared {
                    side.replaceLastSegment(with: .line(end0 - d0 * cut))
                    return next
                }
            default:
                let a: OffsetCurve.Cubic
                switch segment {
                case .line: a = Self.straightCubic(start0, end0)
                case .cubic(let c1, let c2, _): a = (start0, c1, c2, end0)
                }
                let b: OffsetCurve.Cubic
                switch next {
                case .line(let nextEnd): b = Self.straightCubic(start1, nextEnd)
                case .cubic(let c1, let c2, let end1): b = (start1, c1, c2, end1)
                }
                if let (s, u) = crossing(a, b, near: p, cut: cut) {
                    let head = OffsetCurve.split(a, at: s).0
                    if case .line = segment {
                        side.replaceLastSegment(with: .line(head.3))
                    } else {
                        side.replaceLastSegment(with: .cubic(head.1, head.2, head.3))
                    }
                    guard case .cubic = next else { return next }
                    let tail = OffsetCurve.split(b, at: u).1
                    return .cubic(tail.1, tail.2, tail.3)
                }
            }
        }
        side.line(to: p)
        side.line(to: start1)
        return nil
    }

    /// The segment from `a` to `b` as a cubic with the same parametrisation.
    private static func straightCubic(_ a: StrokeVector, _ b: StrokeVector) -> OffsetCurve.Cubic {
        let third = (b - a) * (1 / 3)
        return (a, a + third, b - third, b)
    }

    /// Parameters `(s, u)`, inside both curves, where `a(s) = b(u)`, for `a` ending and `b`
    /// starting near the corner `p`; `cut` is how far back from their ends straight offsets
    /// would cross. Newton's method from that estimate; `nil` unless it converges within
    /// 16 steps to a crossing no farther from `p` than twice the straight crossing is (a
    /// crossing farther along is not the corner's, and cutting there could drop area).
    private func crossing(_ a: OffsetCurve.Cubic, _ b: OffsetCurve.Cubic, near p: StrokeVector,
                          cut: CGFloat) -> (CGFloat, CGFloat)? {
        let speedA = OffsetCurve.derivative(a, 1).length, speedB = OffsetCurve.derivative(b, 0).length
        guard speedA > 0, speedB > 0 else { return nil }
        var s = max(0, 1 - cut / speedA), u = min(1, cut / speedB)
        let reach2 = 4 * (halfWidth * halfWidth + cut * cut)
        for _ in 0..<16 {
            let f = OffsetCurve.point(a, s) - OffsetCurve.point(b, u)
            let ja = OffsetCurve.derivative(a, s), jb = OffsetCurve.derivative(b, u) * -1
            let det = ja.cross(jb)
            // Near-parallel offsets: the crossing is ill-conditioned (and the turn slight).
            guard abs(det) > 1e-9 * ja.length * jb.length else { return nil }
            let ds = jb.cross(f) / det, du = f.cross(ja) / det
            s += ds
            u += du
            guard s > 0, s < 1, u > 0, u < 1 else { return nil }
            if abs(ds) < 1e-12 && abs(du) < 1e-12 {
                return (OffsetCurve.point(a, s) - p).lengthSquared <= reach2 ? (s, u) : nil
            }
        }
        return nil
    }

    /// The outer part of a join: from `p + u0·hw` to `p + u1·hw`, turning by the angle whose
    /// sine and cosine are given (in 0...π) in the direction `sign` (+1 = increasing coordinate
    /// angle).
    private func addWedge(at p: StrokeVector, from u0: StrokeVector, to u1: StrokeVector, sine: CGFloat, cosine: CGFloat,
                          sign: CGFloat, kind: LineJoin, side: inout StrokeSide) {
        let hw = halfWidth
        switch kind {
        case .bevel:
            side.line(to: p + u1 * hw)
        case .miter:
            // cos(angle / 2) without the angle: a reversal gives 0, which never miters.
            let half = (max(0, 1 + cosine) / 2).squareRoot()
            if half > 0, 1 / half <= miterLimit {
                let mid = u0 + u1
                let m = mid.length
                if m > 0 { side.line(to: p + mid * (hw / (m * half))) }
            }
            side.line(to: p + u1 * hw)
        case .round:
            addArc(center: p, from: u0, sweep: sign * atan2(sine, cosine), side: &side)
            side.line(to: p + u1 * hw)
        }
    }

    /// A circular arc of radius half the width from `center + u0·hw`, as cubics.
    private func addArc<R: StrokeCurveReceiver>(center: StrokeVector, from u0: StrokeVector, sweep: CGFloat,
                                                side: inout R) {
        guard abs(sweep) > 1e-9 else { return }
        let r = halfWidth
        let a0 = atan2(u0.y, u0.x)
        let n = max(1, Int((abs(sweep) / Path.maxArcSegmentAngle - 1e-9).rounded(.up)))
        let seg = sweep / CGFloat(n)
        let k = 4 / 3 * tan(seg / 4)
        for i in 0..<n {
            let a = a0 + seg * CGFloat(i), b = a + seg
            let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
            side.cubic(StrokeVector(x: center.x + r * (ca - k * sa), y: center.y + r * (sa + k * ca)),
                       StrokeVector(x: center.x + r * (cb + k * sb), y: center.y + r * (sb - k * cb)),
                       StrokeVector(x: center.x + r * cb, y: center.y + r * sb))
        }
    }

    /// The cap at an end point `p` whose path arrives in direction `d`: from the left offset
    /// around the front to the right offset. A start cap is an end cap facing backwards.
    private func appendCap<S: StrokeOutlineSink>(at p: StrokeVector, direction d: StrokeVector, to out: inout S) {
        let hw = halfWidth
        let n = d.leftNormal * hw
        switch cap {
        case .butt:
            out.line(to: p - n)
        case .square:
            let ahead = d * hw
            out.line(to: p + n + ahead)
            out.line(to: p - n + ahead)
            out.line(to: p - n)
        case .round:
            addArc(center: p, from: d.leftNormal, sweep: .pi, side: &out)
            out.line(to: p - n)
        }
    }
}
