import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct TransformTests {
    @Test func concatenationAppliesSelfFirst() {
        let t = Transform(translationX: 10, y: 0).concatenating(Transform(scaleX: 2, y: 3))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 3))
    }

    @Test func inverseUndoes() throws {
        let t = Transform(rotationAngle: 0.7).translatedBy(x: 3, y: -4).scaledBy(x: 2, y: 0.5)
        let inv = try #require(t.inverted())
        let p = CGPoint(x: 12.5, y: -7.25).applying(t).applying(inv)
        #expect(abs(p.x - 12.5) < 1e-12 && abs(p.y + 7.25) < 1e-12)
    }

    @Test func singularHasNoInverse() {
        #expect(Transform(scaleX: 0, y: 1).inverted() == nil)
    }

    @Test func quarterTurnIsExactAndClockwiseOnScreen() {
        let p = CGPoint(x: 1, y: 0).applying(Transform(rotationAngle: .pi / 2))
        #expect(p == CGPoint(x: 0, y: 1))
    }
}
