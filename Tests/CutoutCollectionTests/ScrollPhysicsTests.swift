import Foundation
import Testing
@testable import CutoutCollection

@Suite struct ScrollPhysicsTests {
    @Test func restingOffsetIsTheClosedForm() {
        // x0 − v0 / (1000 ln d)
        let x = ScrollPhysics.restingOffset(from: 100, velocity: 2000, rate: .normal)
        #expect(abs(x - (100 - 2000 / (1000 * log(0.998)))) < 1e-9)
        #expect(abs(x - 1098.999) < 0.01)   // ≈ 999 points for 2000 pt/s at 0.998
        let fast = ScrollPhysics.restingOffset(from: 0, velocity: 2000, rate: .fast)
        #expect(abs(fast - 199.0) < 0.01)
    }

    @Test func decelerationApproachesRestAndMatchesStepwiseSimulation() {
        // Simulate the per-millisecond rule directly: v ← v·d each ms.
        var x: Double = 0, v: Double = 1500 / 1000   // points per ms
        for _ in 0..<400 { x += v * (1 - 0.998) / -log(0.998) ; v *= 0.998 }
        let closed = ScrollPhysics.decelerationOffset(from: 0, velocity: 1500, rate: .normal, time: 0.4)
        #expect(abs(closed - x) < 1e-6)
        let far = ScrollPhysics.decelerationOffset(from: 0, velocity: 1500, rate: .normal, time: 60)
        #expect(abs(far - ScrollPhysics.restingOffset(from: 0, velocity: 1500, rate: .normal)) < 1e-6)
        #expect(ScrollPhysics.velocity(toTravel: 199.0, rate: .fast) > 1999 && ScrollPhysics.velocity(toTravel: 199.0, rate: .fast) < 2001)
    }

    @Test func rubberBandFormulaAndInverse() {
        let d: CGFloat = 800
        for x: CGFloat in [0, 1, 10, 100, 1000, 1e6] {
            let b = ScrollPhysics.rubberBand(x, dimension: d)
            #expect(abs(b - (1 - 1 / (x * 0.55 / d + 1)) * d) < 1e-9)
            #expect(b < d && b <= x)
            #expect(abs(ScrollPhysics.inverseRubberBand(b, dimension: d) - x) < max(1e-6, x * 1e-6))
            #expect(ScrollPhysics.rubberBand(-x, dimension: d) == -b)
        }
        #expect(ScrollPhysics.rubberBand(.nan, dimension: d) == 0)
    }

    @Test func bounceSpringReturnsToTheEdgeWithoutOvershootFromRest() {
        var prev = ScrollPhysics.bounce(displacement: 50, velocity: 0, time: 0)
        #expect(prev == 50)
        for step in 1...120 {
            let x = ScrollPhysics.bounce(displacement: 50, velocity: 0, time: CGFloat(step) / 60)
            #expect(x <= prev && x >= 0)
            prev = x
        }
        #expect(prev < 0.01)
    }
}
