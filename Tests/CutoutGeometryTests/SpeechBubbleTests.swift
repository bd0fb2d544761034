import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct SpeechBubbleTests {
    let body = CGRect(x: 100, y: 200, width: 200, height: 80)

    @Test(arguments: [
        (SpeechBubble.Edge.top, CGPoint(x: 200, y: 190)),
        (.bottom, CGPoint(x: 200, y: 290)),
        (.left, CGPoint(x: 90, y: 240)),
        (.right, CGPoint(x: 310, y: 240)),
    ])
    func tipSticksOutOfTheMiddleOfEachEdge(edge: SpeechBubble.Edge, tip: CGPoint) {
        let b = SpeechBubble(body: body, cornerRadius: 12, arrowEdge: edge, arrowPosition: 0.5,
                             arrowWidth: 20, arrowLength: 10)
        #expect(b.tipPoint == tip)
        // The tip is a vertex of the outline and the outline's box is body ∪ tip.
        #expect(b.path.elements.contains(.lineTo(tip)))
        #expect(close(b.path.boundingBox, b.frame))
    }

    @Test(arguments: SpeechBubble.Edge.allCases)
    func arrowPositionIsMeasuredFromLeftOrTop(edge: SpeechBubble.Edge) {
        let b = SpeechBubble(body: body, cornerRadius: 0, arrowEdge: edge, arrowPosition: 0.25,
                             arrowWidth: 10, arrowLength: 5)
        switch edge {
        case .top, .bottom: #expect(b.arrowBaseCenter.x == 150)
        case .left, .right: #expect(b.arrowBaseCenter.y == 220)
        }
    }

    @Test func arrowStaysOnTheStraightPartOfTheEdge() {
        var b = SpeechBubble(body: body, cornerRadius: 12, arrowEdge: .bottom, arrowPosition: 0,
                             arrowWidth: 20, arrowLength: 10)
        // Left end: corner radius 12 plus half the base, 10.
        #expect(b.arrowBaseCenter.x == 122)
        b.arrowPosition = 1
        #expect(b.arrowBaseCenter.x == 278)
        b.arrowPosition = .nan
        #expect(b.arrowBaseCenter.x == 200)
    }

    @Test func aimingFollowsThePointAndClamps() {
        var b = SpeechBubble(body: body, cornerRadius: 10, arrowEdge: .top, arrowWidth: 16, arrowLength: 8)
        b.aimArrow(at: CGPoint(x: 140, y: 0))
        #expect(abs(b.tipPoint.x - 140) < 1e-9)
        #expect(b.tipPoint.y == 192)
        b.aimArrow(at: CGPoint(x: -500, y: 0))
        #expect(abs(b.tipPoint.x - 118) < 1e-9)
        b = SpeechBubble(body: body, cornerRadius: 10, arrowEdge: .right, arrowWidth: 16, arrowLength: 8)
        b.aimArrow(at: CGPoint(x: 0, y: 1000))
        #expect(abs(b.tipPoint.y - 262) < 1e-9)
        #expect(b.tipPoint.x == 308)
    }

    @Test func arrowWiderThanTheStraightPartShrinksTheCorners() {
        let b = SpeechBubble(body: CGRect(x: 0, y: 0, width: 40, height: 100), cornerRadius: 16,
                             arrowEdge: .top, arrowWidth: 30, arrowLength: 10)
        #expect(b.resolvedCornerRadius == 5)
        let wide = SpeechBubble(body: CGRect(x: 0, y: 0, width: 40, height: 100), cornerRadius: 16,
                                arrowEdge: .top, arrowWidth: 90, arrowLength: 10)
        #expect(wide.resolvedArrowWidth == 40)
        #expect(wide.resolvedCornerRadius == 0)
        #expect(wide.tipPoint == CGPoint(x: 20, y: -10))
    }

    @Test func outlineIsClockwiseLikeRectangles() {
        let b = SpeechBubble(body: body, arrowEdge: .left)
        let poly = b.path.flattened(tolerance: 0.1)
        #expect(poly.count == 1)
        let pts = poly[0].points
        var area: CGFloat = 0
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            area += p.x * q.y - q.x * p.y
        }
        // Positive shoelace sum in y-down coordinates = same turn as addRect.
        #expect(area > 0)
        #expect(b.path.contains(CGPoint(x: body.minX - 4, y: body.midY)))
        #expect(!b.path.contains(CGPoint(x: body.minX - 4, y: body.minY + 5)))
    }

    @Test func fittingKeepsEverythingInsideTheRect() {
        let rect = CGRect(x: 10, y: 20, width: 120, height: 60)
        for edge in SpeechBubble.Edge.allCases {
            let b = SpeechBubble(fitting: rect, arrowEdge: edge, arrowLength: 12)
            #expect(b.frame == rect)
            #expect(close(Shapes.speechBubble(in: rect, arrowEdge: edge, arrowLength: 12).boundingBox, rect))
        }
        let squashed = SpeechBubble(fitting: CGRect(x: 0, y: 0, width: 50, height: 6), arrowEdge: .bottom,
                                    arrowLength: 20)
        #expect(squashed.resolvedBody.height == 0)
        #expect(squashed.tipPoint.y == 6)
    }

    @Test func nonFiniteInputGivesAnEmptyOutline() {
        let b = SpeechBubble(body: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), arrowEdge: .top)
        #expect(b.path.isEmpty)
        let c = SpeechBubble(body: body, cornerRadius: .infinity, arrowEdge: .top, arrowWidth: .nan,
                             arrowLength: -.infinity)
        #expect(c.tipPoint == CGPoint(x: 200, y: 200))
        #expect(close(c.path.boundingBox, body))
    }

    private func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-9 && abs(a.maxX - b.maxX) < 1e-9
            && abs(a.minY - b.minY) < 1e-9 && abs(a.maxY - b.maxY) < 1e-9
    }
}
