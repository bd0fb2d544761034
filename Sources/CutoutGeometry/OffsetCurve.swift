import Foundation

/// Cuts a cubic Bézier into ``StrokePiece``s whose offsets at ± half the line width are
/// within `tolerance` of the true offset curves.
///
/// Where the curve is gentle (curvature radius above 4/3 of the half width, so both offsets
/// are smooth), each offset is a cubic that matches the true offset's end points and end
/// derivatives (Hermite fitting), subdivided until sampled points agree within `tolerance`.
/// Where the curve is tighter than that, the inner offset folds back on itself; there the
/// curve is cut into straight pieces (within a quarter of `tolerance` of the curve) joined by
/// round wedges, whose union is the stroke of those pieces whatever the fold. Cusps (zero
/// derivative inside the segment) split the curve and get a round join, as a disc there.
///
/// Complexity: at most 2^``maxDepth`` pieces per cusp-free part of a segment, so hostile
/// input stays bounded; pieces at that depth are taken as straight even if not flat enough.
struct OffsetCurve {
    let halfWidth: CGFloat
    let tolerance: CGFloat

    static let maxDepth = 10
    /// Above this product of half width and curvature an offset is not fitted with cubics.
    static let maxFittedCurvature: CGFloat = 0.75
    /// Inner parameters (`i / (checkSamples + 1)`) at which a fitted offset is compared with
    /// the true offset. Fewer (say the quarters alone) let fits through that stray up to half
    /// as far again beyond the tolerance between the samples.
    static let checkSamples = 5

    typealias Cubic = (StrokeVector, StrokeVector, StrokeVector, StrokeVector)

    /// Appends the pieces of the cubic `q` to `pieces`; the first one is marked as the start
    /// of a segment so that it gets the user's join.
    func appendPieces(of q: Cubic, to pieces: inout [StrokePiece]) {
        var isFirst = true
        var t0: CGFloat = 0
        let cusps = cuspParameters(q)
        let before = pieces.count
        defer { WorkMeter.record(pieces.count - before, .strokePieces) }
        for i in 0...cusps.count {
            let t1 = i < cusps.count ? cusps[i] : 1
            let part = Self.subCubic(q, from: t0, to: t1)
            subdivide(part, depth: 0, isFirst: &isFirst, into: &pieces)
            t0 = t1
        }
    }

    /// At most four parameters, kept without allocating.
    struct Parameters {
        private var values: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        private(set) var count = 0

        subscript(i: Int) -> CGFloat {
            switch i {
            case 0: return values.0
            case 1: return values.1
            case 2: return values.2
            default: return values.3
            }
        }

        /// Adds `t` unless it is within 1e-9 of one already there, keeping the values sorted.
        mutating func insert(_ t: CGFloat) {
            for i in 0..<count where abs(self[i] - t) < 1e-9 { return }
            var i = count
            count += 1
            while i > 0, self[i - 1] > t { set(i, self[i - 1]); i -= 1 }
            set(i, t)
        }

        private mutating func set(_ i: Int, _ t: CGFloat) {
            switch i {
            case 0: values.0 = t
            case 1: values.1 = t
            case 2: values.2 = t
            default: values.3 = t
            }
        }
    }

    /// Parameters in (0, 1) where the derivative vanishes, increasing.
    private func cuspParameters(_ q: Cubic) -> Parameters {
        let a = q.3 - q.0 + (q.1 - q.2) * 3
        let b = (q.0 - q.1 * 2 + q.2) * 2
        let c = q.1 - q.0
        let scale = max(a.length, b.length, c.length)
        var found = Parameters()
        guard scale > 0 else { return found }
        func consider(_ t: CGFloat) {
            guard t > 1e-9 && t < 1 - 1e-9 else { return }
            let d = a * (t * t) + b * t + c
            if d.length <= 1e-6 * scale { found.insert(t) }
        }
        Bezier.forEachQuadraticRoot(a.x, b.x, c.x, consider)
        Bezier.forEachQuadraticRoot(a.y, b.y, c.y, consider)
        return found
    }

    private func subdivide(_ q: Cubic, depth: Int, isFirst: inout Bool, into pieces: inout [StrokePiece]) {
        // Lengths are compared squared throughout: a square root per test is much of the
        // cost of stroking a scene of thin curved strokes.
        let scale = max((q.1 - q.0).length, (q.2 - q.0).length, (q.3 - q.0).length)
        guard scale > 0 else { return }
        if let offsets = fittedOffsets(q, scale: scale) {
            let t0 = Self.unit(Self.derivative(q, 0))
            let t1 = Self.unit(Self.derivative(q, 1))
            pieces.append(StrokePiece(start: q.0, end: q.3, startTangent: t0, endTangent: t1,
                                      offsets: offsets, isSegmentStart: isFirst))
            isFirst = false
            return
        }
        let flat = tolerance / 4
        if depth >= Self.maxDepth || Self.flatnessSquared(q) <= flat * flat {
            let chord = q.3 - q.0
            let len = chord.length
            guard len > 1e-12 * scale else { return }
            let d = chord * (1 / len)
            pieces.append(StrokePiece(start: q.0, end: q.3, startTangent: d, endTangent: d,
                                      offsets: .line, isSegmentStart: isFirst))
            isFirst = false
            return
        }
        let (l, r) = Self.split(q, at: 0.5)
        subdivide(l, depth: depth + 1, isFirst: &isFirst, into: &pieces)
        subdivide(r, depth: depth + 1, isFirst: &isFirst, into: &pieces)
    }

    /// Hermite-fitted cubic offsets on both sides, or `nil` when the curve is too tight or
    /// the fit is off by more than the tolerance.
    private func fittedOffsets(_ q: Cubic, scale: CGFloat) -> StrokePiece.Offsets? {
        let hw = halfWidth
        let minSpeed = 1e-9 * scale, minSpeed2 = minSpeed * minSpeed
        // Derivative and curvature at u = 0 and 1; the curvature is also bounded at the
        // quarters, as |C' × C''| · hw ≤ 0.75 · |C'|³, squared.
        let limit2 = Self.maxFittedCurvature * Self.maxFittedCurvature
        var d0 = StrokeVector(x: 0, y: 0), k0: CGFloat = 0, d3 = d0, k3: CGFloat = 0
        for i in 0...4 {
            let u = CGFloat(i) * 0.25
            let d1 = Self.derivative(q, u)
            let sp2 = d1.lengthSquared
            guard sp2 > minSpeed2 else { return nil }
            let cross = d1.cross(Self.secondDerivative(q, u))
            let bend = hw * cross
            guard bend * bend <= limit2 * (sp2 * sp2 * sp2) else { return nil }
            if i == 0 || i == 4 {
                let sp = sp2.squareRoot()
                let k = cross / (sp * sp * sp)
                if i == 0 { d0 = d1; k0 = k } else { d3 = d1; k3 = k }
            }
        }
        let n0 = (d0 * (1 / d0.length)).leftNormal, n3 = (d3 * (1 / d3.length)).leftNormal
        // The offset at distance d along the left normal has derivative C'·(1 + d·κ).
        let l0 = q.0 + n0 * hw, l3 = q.3 + n3 * hw
        let l1 = l0 + d0 * ((1 + hw * k0) / 3), l2 = l3 - d3 * ((1 + hw * k3) / 3)
        let r0 = q.0 + n0 * -hw, r3 = q.3 + n3 * -hw
        let r1 = r0 + d0 * ((1 - hw * k0) / 3), r2 = r3 - d3 * ((1 - hw * k3) / 3)
        let divisions = CGFloat(Self.checkSamples + 1)
        let tolerance2 = tolerance * tolerance
        for i in 1...Self.checkSamples {
            let u = CGFloat(i) / divisions
            let cd = Self.derivative(q, u)
            let sp2 = cd.lengthSquared
            guard sp2 > minSpeed2 else { return nil }
            let p = Self.point(q, u), n = (cd * (1 / sp2.squareRoot())).leftNormal
            guard (p + n * hw - Self.point((l0, l1, l2, l3), u)).lengthSquared <= tolerance2,
                  (p + n * -hw - Self.point((r0, r1, r2, r3), u)).lengthSquared <= tolerance2 else { return nil }
        }
        return .cubic(left: (l1, l2, l3), right: (r1, r2, r3))
    }

    static func point(_ q: Cubic, _ t: CGFloat) -> StrokeVector {
        let mt = 1 - t
        return q.0 * (mt * mt * mt) + q.1 * (3 * mt * mt * t) + q.2 * (3 * mt * t * t) + q.3 * (t * t * t)
    }

    static func derivative(_ q: Cubic, _ t: CGFloat) -> StrokeVector {
        let mt = 1 - t
        return (q.1 - q.0) * (3 * mt * mt) + (q.2 - q.1) * (6 * mt * t) + (q.3 - q.2) * (3 * t * t)
    }

    private static func secondDerivative(_ q: Cubic, _ t: CGFloat) -> StrokeVector {
        let a = q.0 - q.1 * 2 + q.2, b = q.1 - q.2 * 2 + q.3
        return (a * (1 - t) + b * t) * 6
    }

    /// The square of the largest distance of the control points from the chord (as a segment).
    static func flatnessSquared(_ q: Cubic) -> CGFloat {
        func distance2(_ p: StrokeVector) -> CGFloat {
            let ab = q.3 - q.0
            let l2 = ab.dot(ab)
            let t = l2 > 0 ? min(1, max(0, (p - q.0).dot(ab) / l2)) : 0
            return (p - (q.0 + ab * t)).lengthSquared
        }
        return max(distance2(q.1), distance2(q.2))
    }

    static func unit(_ v: StrokeVector) -> StrokeVector {
        let l = v.length
        return l > 0 ? v * (1 / l) : StrokeVector(x: 1, y: 0)
    }

    /// De Casteljau split at `t`.
    static func split(_ q: Cubic, at t: CGFloat) -> (Cubic, Cubic) {
        func lerp(_ a: StrokeVector, _ b: StrokeVector) -> StrokeVector { a + (b - a) * t }
        let ab = lerp(q.0, q.1), bc = lerp(q.1, q.2), cd = lerp(q.2, q.3)
        let abc = lerp(ab, bc), bcd = lerp(bc, cd)
        let m = lerp(abc, bcd)
        return ((q.0, ab, abc, m), (m, bcd, cd, q.3))
    }

    /// The part of `q` between parameters `t0 < t1`.
    static func subCubic(_ q: Cubic, from t0: CGFloat, to t1: CGFloat) -> Cubic {
        if t0 <= 0 && t1 >= 1 { return q }
        let head = t1 >= 1 ? q : split(q, at: t1).0
        if t0 <= 0 { return head }
        return split(head, at: t0 / t1).1
    }
}
