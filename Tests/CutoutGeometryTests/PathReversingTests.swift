import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct PathReversingTests {
    @Test func reversedOutlineCutsAHoleUnderNonZero() {
        var card = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(card.contains(CGPoint(x: 50, y: 50), using: .winding))
        card.addPath(Path(ellipseIn: CGRect(x: 25, y: 25, width: 50, height: 50)).reversing())
        #expect(!card.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(card.contains(CGPoint(x: 10, y: 10), using: .winding))
    }

    @Test func segmentsRunBackwardsAndClosedStaysClosed() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 12, y: 3), control2: CGPoint(x: 12, y: 7))
        p.closeSubpath()
        p.move(to: CGPoint(x: 20, y: 0))
        p.addQuadCurve(to: CGPoint(x: 30, y: 0), control: CGPoint(x: 25, y: 5))
        #expect(p.reversing().elements == [
            .moveTo(CGPoint(x: 10, y: 10)),
            .curveTo(CGPoint(x: 10, y: 0), control1: CGPoint(x: 12, y: 7), control2: CGPoint(x: 12, y: 3)),
            .lineTo(CGPoint(x: 0, y: 0)),
            .closeSubpath,
            .moveTo(CGPoint(x: 30, y: 0)),
            .quadCurveTo(CGPoint(x: 20, y: 0), control: CGPoint(x: 25, y: 5)),
        ])
        #expect(p.reversing().reversing().boundingBox == p.boundingBox)
    }
}
