/// The points of a quadratic or cubic Bézier at parameters `i / n`, `i = 1, 2, …`, by forward
/// differences: one vector addition per degree and point instead of evaluating the Bernstein
/// form (a third of the work of flattening a curve that way).
///
/// Guarantees: the points agree with the Bernstein form up to rounding that grows with `n`
/// (for `n ≤ 4096` and coordinates of a few thousand, below 1e-6); callers end each curve on
/// its exact end point rather than on the last step.
struct CurveSteps {
    private var point: SIMD2<Double>
    private var first: SIMD2<Double>
    private var second: SIMD2<Double>
    private let third: SIMD2<Double>

    /// Steps of `1/n` along the quadratic from `p0` through control `p1` to `p2`.
    init(quadratic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, count n: Int) {
        let h = 1 / Double(n)
        let a = p0 - 2 * p1 + p2, b = 2 * (p1 - p0)
        point = p0
        first = (a * h + b) * h
        second = 2 * a * (h * h)
        third = .zero
    }

    /// Steps of `1/n` along the cubic from `p0` with controls `p1`, `p2` to `p3`.
    init(cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, count n: Int) {
        let h = 1 / Double(n)
        let a = p3 - p0 + 3 * (p1 - p2), b = 3 * (p0 - 2 * p1 + p2), c = 3 * (p1 - p0)
        let a3 = a * (h * h * h), b2 = b * (h * h)
        point = p0
        first = a3 + b2 + c * h
        second = 6 * a3 + 2 * b2
        third = 6 * a3
    }

    /// The next point.
    @inline(__always)
    mutating func next() -> SIMD2<Double> {
        point += first
        first += second
        second += third
        return point
    }
}
