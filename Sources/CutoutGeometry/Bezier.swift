import Foundation

/// Evaluation and analysis of quadratic and cubic Bézier segments.
enum Bezier {
    @inline(__always)
    static func quadPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
        let mt = 1 - t
        return CGPoint(x: mt * mt * p0.x + 2 * mt * t * p1.x + t * t * p2.x,
                       y: mt * mt * p0.y + 2 * mt * t * p1.y + t * t * p2.y)
    }

    @inline(__always)
    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                       y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Derivative of a cubic at `t`.
    static func cubicDerivative(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let mt = 1 - t
        let a = 3 * mt * mt, b = 6 * mt * t, c = 3 * t * t
        return CGPoint(x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                       y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// Derivative of a quadratic at `t`.
    static func quadDerivative(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: 2 * (1 - t) * (p1.x - p0.x) + 2 * t * (p2.x - p1.x),
                y: 2 * (1 - t) * (p1.y - p0.y) + 2 * t * (p2.y - p1.y))
    }

    /// Parameters in (0, 1) where a quadratic's x or y derivative vanishes.
    static func quadExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) -> [CGFloat] {
        var out: [CGFloat] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let den = a - 2 * b + c
            if den != 0 {
                let t = (a - b) / den
                if t > 0 && t < 1 { out.append(t) }
            }
        }
        return out
    }

    /// Parameters in (0, 1) where a cubic's x or y derivative vanishes.
    static func cubicExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGFloat] {
        var out: [CGFloat] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // d/dt = 3[(−a+3b−3c+d)t² + 2(a−2b+c)t + (b−a)]
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            for t in solveQuadratic(qa, qb, qc) where t > 0 && t < 1 { out.append(t) }
        }
        return out
    }

    /// Real roots of a·t² + b·t + c = 0, numerically stable; a linear equation when a ≈ 0.
    static func solveQuadratic(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        var roots: [CGFloat] = []
        forEachQuadraticRoot(a, b, c) { roots.append($0) }
        return roots
    }

    /// Calls `body` with each root of ``solveQuadratic(_:_:_:)``, in the same order, without
    /// building an array.
    @inline(__always)
    static func forEachQuadraticRoot(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ body: (CGFloat) -> Void) {
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return }
        if abs(a) <= 1e-12 * scale {
            if b != 0 { body(-c / b) }
            return
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return }
        if disc == 0 { return body(-b / (2 * a)) }
        let sq = disc.squareRoot()
        let q = -0.5 * (b + (b < 0 ? -sq : sq))
        body(q / a)
        body(c / q)
    }

    /// Most straight pieces one curve is cut into, whatever its size, so that huge or
    /// degenerate input stays cheap.
    static let maxSegments = 4096

    /// How many straight pieces a quadratic needs so that none strays more than `tolerance`.
    static func quadSegments(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, tolerance: CGFloat) -> Int {
        quadSegments(vector(p0), vector(p1), vector(p2), tolerance: Double(tolerance))
    }

    /// How many straight pieces a cubic needs so that none strays more than `tolerance`.
    static func cubicSegments(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat) -> Int {
        cubicSegments(vector(p0), vector(p1), vector(p2), vector(p3), tolerance: Double(tolerance))
    }

    /// ``quadSegments(_:_:_:tolerance:)`` of points as vectors: from the second difference.
    @inline(__always)
    static func quadSegments(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, tolerance: Double) -> Int {
        let d = p0 - 2 * p1 + p2
        return segmentCount(((d * d).sum().squareRoot() / (4 * tolerance)).squareRoot())
    }

    /// ``cubicSegments(_:_:_:_:tolerance:)`` of points as vectors: from the larger second
    /// difference (Wang's bound).
    @inline(__always)
    static func cubicSegments(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                              tolerance: Double) -> Int {
        let a = p0 - 2 * p1 + p2, b = p1 - 2 * p2 + p3
        let m = max((a * a).sum(), (b * b).sum()).squareRoot()
        return segmentCount((0.75 * m / tolerance).squareRoot())
    }

    @inline(__always)
    private static func vector(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }

    /// Rounds a piece count up and bounds it.
    @inline(__always)
    private static func segmentCount(_ n: Double) -> Int {
        guard n.isFinite else { return 1 }
        // Clamp before converting: a tolerance of 1e-300 asks for ~1e150 pieces, beyond Int.
        return max(1, Int(min(n, Double(maxSegments)).rounded(.up)))
    }
}
