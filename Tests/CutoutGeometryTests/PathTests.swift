import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct PathTests {
    @Test func segmentOnOpenSubpathConnectsFromCurrentPoint() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(center: CGPoint(x: 10, y: 0), radius: 5, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(p.elements[1] == .lineTo(CGPoint(x: 15, y: 0)))
    }

    @Test func clockwiseSweepsIncreasingAnglesInYDownSpace() throws {
        var cw = Path()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Increasing angle from +x goes toward +y: the arc passes below the x axis on screen.
        let mid = try #require(cw.point(atDistance: cw.length / 2))
        #expect(abs(mid.x - 10 * cos(.pi / 4)) < 1e-3 && abs(mid.y - 10 * sin(.pi / 4)) < 1e-3)
        #expect(cw.elements.first == .moveTo(CGPoint(x: 10, y: 0)))
        let end = try #require(cw.currentPoint)
        #expect(abs(end.x) < 1e-12 && abs(end.y - 10) < 1e-12)

        var ccw = Path()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // The other way round: three quarters of the circle, through −y.
        #expect(abs(ccw.length - 15 * .pi) < 1e-4 * 15 * .pi)
        let m2 = try #require(ccw.point(atDistance: ccw.length / 3))
        // A third of the way (a quarter turn backwards) is straight up on screen.
        #expect(abs(m2.x) < 1e-3 && abs(m2.y + 10) < 1e-3)
        #expect(ccw.boundingBox.minY < -9.999)
    }

    @Test func fullTurnDrawsWholeCircle() {
        var p = Path()
        p.addArc(center: CGPoint(x: 5, y: 5), radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(abs(p.length - 10 * .pi) < 1e-4 * 10 * .pi)
        var q = Path()
        q.addArc(center: CGPoint(x: 5, y: 5), radius: 5, startAngle: 1, endAngle: 1 - 2 * .pi, clockwise: false)
        #expect(abs(q.length - 10 * .pi) < 1e-4 * 10 * .pi)
    }

    @Test func arcRadialErrorIsBelowOneTenThousandthOfRadius() {
        var p = Path()
        p.addArc(center: .zero, radius: 100, startAngle: 0.3, endAngle: 5.9, clockwise: true)
        var worst: CGFloat = 0
        p.forEachFlattenedPoint(tolerance: 1e-4) { e in
            if case .lineTo(let q) = e { worst = max(worst, abs(hypot(q.x, q.y) - 100)) }
        }
        #expect(worst <= 1e-4 * 100)
    }

    @Test func tangentArcMeetsBothLines() throws {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        // Tangent points are 4 from the corner on each line; the centre is (6, 4).
        guard case .lineTo(let t1) = p.elements[1] else { Issue.record("expected a line"); return }
        #expect(abs(t1.x - 6) < 1e-12 && t1.y == 0)
        let end = try #require(p.currentPoint)
        #expect(abs(end.x - 10) < 1e-9 && abs(end.y - 4) < 1e-9)
        let quarter: CGFloat = 2 * .pi * 4 / 4
        let mid = try #require(p.point(atDistance: 6 + quarter / 2))
        #expect(abs(hypot(mid.x - 6, mid.y - 4) - 4) < 1e-3)
    }

    @Test func collinearTangentArcIsALine() {
        var p = Path()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 3)
        #expect(p.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 5, y: 0))])
    }

    @Test func segmentAfterCloseReopensAtSubpathStart() {
        var p = Path()
        p.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        p.addLine(to: CGPoint(x: 9, y: 9))
        #expect(Array(p.elements.suffix(2)) == [.moveTo(CGPoint(x: 1, y: 2)), .lineTo(CGPoint(x: 9, y: 9))])
    }

    @Test func nonFiniteInputIsIgnored() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        p.addCurve(to: CGPoint(x: 1, y: 1), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
        p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        p.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        #expect(p.elements == [.moveTo(.zero)])
        #expect(p.applying(Transform(scaleX: .nan, y: 1)).isEmpty)
    }

    @Test func roundedRectRadiiAreClampedToHalfTheSide() {
        var p = Path()
        p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadii: CornerRadii(all: 500))
        // A capsule: straight top of length 60, two semicircles of radius 20.
        // Cubic arcs deviate from circles by < 1e-4 of the radius, so lengths agree to ~1e-4.
        #expect(abs(p.length - (2 * 60 + 2 * .pi * 20)) < 1e-4 * 245)
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 40))
    }

    @Test func perCornerRadii() {
        var p = Path()
        let radii = CornerRadii(radius: 10, corners: [.topLeft, .bottomRight])
        p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 50, height: 50), cornerRadii: radii)
        #expect(p.contains(CGPoint(x: 49.5, y: 0.5)))       // square top-right corner
        #expect(!p.contains(CGPoint(x: 0.5, y: 0.5)))       // rounded top-left corner
        #expect(!p.contains(CGPoint(x: 49.5, y: 49.5)))     // rounded bottom-right corner
        #expect(p.contains(CGPoint(x: 0.5, y: 49.5)))       // square bottom-left corner
    }

    @Test func tightBoundingBoxOfKnownCurves() {
        var q = Path()
        q.move(to: CGPoint(x: 0, y: 0))
        q.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(q.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(q.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))

        var c = Path()
        c.move(to: CGPoint(x: 0, y: 0))
        c.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 8, y: 0), control2: CGPoint(x: 8, y: 10))
        // x(t) = 24t(1−t): the extremum is at t = 1/2 with x = 6.
        let b = c.boundingBox
        #expect(abs(b.maxX - 6) < 1e-12 && b.minX == 0 && b.minY == 0 && b.maxY == 10)

        var e = Path()
        e.addEllipse(in: CGRect(x: 10, y: 20, width: 30, height: 40))
        let eb = e.boundingBox
        #expect(abs(eb.minX - 10) < 1e-9 && abs(eb.maxX - 40) < 1e-9 && abs(eb.minY - 20) < 1e-9 && abs(eb.maxY - 60) < 1e-9)
        #expect(Path().boundingBox.isNull)
    }

    @Test func containsUnderBothRulesForNestedShapes() {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))      // same direction
        #expect(p.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!p.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        #expect(!p.contains(CGPoint(x: 110, y: 10), using: .winding))
    }

    @Test func containsForASelfIntersectingStar() {
        var star = Path()
        let pts = (0..<5).map { i -> CGPoint in
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
        }
        star.addLines(between: pts)
        star.closeSubpath()
        #expect(star.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!star.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        #expect(star.contains(CGPoint(x: 50, y: 20), using: .evenOdd))  // a tip
    }

    @Test func clubJoiningLinesAreHarmlessUnderNonZero() {
        let club = Shapes.club(in: CGRect(x: 0, y: 0, width: 300, height: 300))
        // size 260, r 65; the three lobe centres and the stem are inside under non-zero.
        for p in [CGPoint(x: 85, y: 160), CGPoint(x: 150, y: 85), CGPoint(x: 215, y: 160), CGPoint(x: 150, y: 270),
                  CGPoint(x: 150, y: 150), CGPoint(x: 150, y: 158)] {
            #expect(club.contains(p, using: .winding), "\(p)")
        }
        // Where the top lobe overlaps the left one, even-odd toggles the area back out.
        #expect(!club.contains(CGPoint(x: 117.5, y: 122.5), using: .evenOdd))
        #expect(club.contains(CGPoint(x: 117.5, y: 122.5), using: .winding))
        #expect(!club.contains(CGPoint(x: 20, y: 20), using: .winding))
    }
}
