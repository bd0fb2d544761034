import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct PathMeasureTests {
    @Test func lengthOfLinesAndClosingSegments() {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(p.length == 140)
        var open = Path()
        open.addLines(between: [.zero, CGPoint(x: 3, y: 4), CGPoint(x: 3, y: 10)])
        #expect(open.length == 11)
    }

    @Test func lengthOfAQuadraticMatchesItsClosedForm() {
        // B(t) = (2t, t²)·... the parabola from (0,0) to (2,1) with control (1,0): x = 2t, y = t².
        var p = Path()
        p.move(to: .zero)
        p.addQuadCurve(to: CGPoint(x: 2, y: 1), control: CGPoint(x: 1, y: 0))
        // ∫₀¹ √(4 + 4t²) dt = √2 + asinh(1)
        let exact = 2.0.squareRoot() + asinh(1.0)
        #expect(abs(p.length - exact) < 1e-9)
    }

    @Test func pointAndTangentAtDistance() throws {
        var p = Path()
        p.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(p.point(atDistance: 15) == CGPoint(x: 10, y: 5))
        #expect(p.tangent(atDistance: 15) == CGPoint(x: 0, y: 1))
        #expect(p.point(atDistance: -3) == .zero)
        #expect(p.point(atDistance: 99) == CGPoint(x: 10, y: 10))
        #expect(Path().point(atDistance: 1) == nil)
        #expect(p.point(atDistance: .nan) == nil)
    }

    @Test func trimmingAsStrokeEndHalf() throws {
        var p = Path()
        p.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let half = p.trimmed(from: 0, to: 0.5)
        #expect(half.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0))])
        let middle = p.trimmed(from: 0.25, to: 0.75)
        #expect(middle.elements == [.moveTo(CGPoint(x: 5, y: 0)), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 5))])
        #expect(p.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(p.trimmed(from: 0, to: 1) == p)
    }

    @Test func trimmingACurveKeepsItOnTheCurve() throws {
        var circle = Path()
        circle.addEllipse(in: CGRect(x: -50, y: -50, width: 100, height: 100))
        let half = circle.trimmed(from: 0, to: 0.5)
        #expect(abs(half.length - circle.length / 2) < 1e-6 * circle.length)
        let end = try #require(half.currentPoint)
        #expect(abs(end.x + 50) < 1e-3 && abs(end.y) < 1e-3)
        half.forEachFlattenedPoint(tolerance: 0.01) { e in
            if case .lineTo(let q) = e { #expect(abs(hypot(q.x, q.y) - 50) < 0.02) }
        }
    }

    @Test func aClosedSubpathKeptWholeStaysClosed() {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.move(to: CGPoint(x: 20, y: 0))
        p.addLine(to: CGPoint(x: 60, y: 0))
        // The rect is 40 long, the line 40: the first half is exactly the closed rect.
        let first = p.trimmed(from: 0, to: 0.5)
        #expect(first.elements.last == .closeSubpath)
        #expect(first.length == 40)
    }
}
