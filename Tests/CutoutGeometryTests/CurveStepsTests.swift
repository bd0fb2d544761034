import Foundation
import Testing
import CutoutTestSupport
@testable import CutoutGeometry

/// Forward differences against the Bernstein form they replace when curves are flattened.
@Suite struct CurveStepsTests {
    /// Coordinates within ±4000 (a large canvas at 3×) and up to the flattener's 4096 pieces
    /// per curve: every step within 1e-6 of the exact point, the last one on the end point.
    @Test func stepsFollowTheBernsteinForm() {
        var rng = FuzzRandom(state: 0xC0FFEE)
        func point() -> CGPoint {
            CGPoint(x: Double(rng.below(8_000_001)) / 1000 - 4000, y: Double(rng.below(8_000_001)) / 1000 - 4000)
        }
        func v(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }
        var worst = 0.0
        for round in 0..<200 {
            let p0 = point(), p1 = point(), p2 = point(), p3 = point()
            let n = [1, 2, 3, 7, 64, 999, 4096][round % 7]
            var cubic = CurveSteps(cubic: v(p0), v(p1), v(p2), v(p3), count: n)
            var quad = CurveSteps(quadratic: v(p0), v(p1), v(p2), count: n)
            for i in 1...n {
                let t = CGFloat(i) / CGFloat(n)
                let c = cubic.next(), q = quad.next()
                let ec = Bezier.cubicPoint(p0, p1, p2, p3, t), eq = Bezier.quadPoint(p0, p1, p2, t)
                worst = max(worst, abs(c.x - Double(ec.x)), abs(c.y - Double(ec.y)),
                            abs(q.x - Double(eq.x)), abs(q.y - Double(eq.y)))
            }
        }
        #expect(worst < 1e-6, "worst deviation \(worst)")
    }

    @Test func aStraightCubicStepsEvenly() {
        var steps = CurveSteps(cubic: SIMD2(0, 0), SIMD2(1, 2), SIMD2(2, 4), SIMD2(3, 6), count: 3)
        #expect(steps.next() == SIMD2(1, 2))
        #expect(steps.next() == SIMD2(2, 4))
        #expect(steps.next() == SIMD2(3, 6))
    }
}
