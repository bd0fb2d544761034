import CutoutGeometry
import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct CalloutPlacementTests {
    let target = CGRect(x: 165, y: 380, width: 60, height: 40)
    let metrics = CalloutMetrics()  // margin 12, gap 6, arrow 18 × 9

    func place(_ side: CalloutSide, target: CGRect, size: CGSize = CGSize(width: 120, height: 80),
               direction: LayoutDirection = .leftToRight) -> CalloutLayout {
        CalloutPlacement.place(contentSize: size, target: target, cutouts: [target],
                               viewport: phoneViewport(direction), style: .bubble(preferredSide: side), metrics: metrics)
    }

    @Test func bubbleOnEachPreferredSide() throws {
        guard case .bubble(let below, .bottom) = place(.bottom, target: target) else { Issue.record("bottom"); return }
        #expect(below.arrowEdge == .top)
        #expect(below.tipPoint == CGPoint(x: 195, y: 426))
        #expect(below.resolvedBody == CGRect(x: 135, y: 435, width: 120, height: 80))

        guard case .bubble(let above, .top) = place(.top, target: target) else { Issue.record("top"); return }
        #expect(above.arrowEdge == .bottom)
        #expect(above.tipPoint == CGPoint(x: 195, y: 374))
        #expect(above.resolvedBody.maxY == 365)

        guard case .bubble(let leading, .leading) = place(.leading, target: target) else { Issue.record("leading"); return }
        #expect(leading.arrowEdge == .right)
        #expect(leading.tipPoint == CGPoint(x: 159, y: 400))
        #expect(leading.resolvedBody == CGRect(x: 30, y: 360, width: 120, height: 80))

        guard case .bubble(let trailing, .trailing) = place(.trailing, target: target) else { Issue.record("trailing"); return }
        #expect(trailing.arrowEdge == .left)
        #expect(trailing.tipPoint == CGPoint(x: 231, y: 400))
        #expect(trailing.resolvedBody.minX == 240)
    }

    @Test func rightToLeftMirrorsLeadingAndTrailing() {
        guard case .bubble(let b, .leading) = place(.leading, target: target, direction: .rightToLeft) else {
            Issue.record("leading"); return
        }
        #expect(b.arrowEdge == .left)
        #expect(b.resolvedBody.minX == 240)
        guard case .bubble(let t, .trailing) = place(.trailing, target: target, direction: .rightToLeft) else {
            Issue.record("trailing"); return
        }
        #expect(t.arrowEdge == .right)
        #expect(t.resolvedBody.maxX == 150)
    }

    @Test func fallsBackToTheOppositeSideFirst() {
        // Too wide to fit on the leading side (150 pt of room): the trailing side is next.
        guard case .bubble(_, let side) = place(.leading, target: CGRect(x: 100, y: 380, width: 40, height: 40)) else {
            Issue.record("expected a bubble"); return
        }
        #expect(side == .trailing)
        #expect(CalloutSide.top.fallbackOrder == [.top, .bottom, .trailing, .leading])
        #expect(CalloutSide.leading.fallbackOrder == [.leading, .trailing, .bottom, .top])
    }

    static let corners: [CGRect] = [
        CGRect(x: 8, y: 95, width: 44, height: 44),     // top left, right under the navigation bar
        CGRect(x: 338, y: 95, width: 44, height: 44),   // top right
        CGRect(x: 8, y: 713, width: 44, height: 44),    // bottom left, right above the tab bar
        CGRect(x: 338, y: 713, width: 44, height: 44),  // bottom right
    ]

    @Test(arguments: corners, CalloutSide.allCases)
    func cornersKeepTheBubbleOnScreenAndPointingAtTheTarget(target: CGRect, preferred: CalloutSide) throws {
        let layout = place(preferred, target: target, size: CGSize(width: 240, height: 90))
        guard case .bubble(let b, _) = layout else { Issue.record("expected a bubble for \(target)"); return }
        let room = phoneViewport().visibleRect.insetBy(dx: 12, dy: 12)
        #expect(b.frame.minX >= room.minX - 1e-9 && b.frame.maxX <= room.maxX + 1e-9)
        #expect(b.frame.minY >= room.minY - 1e-9 && b.frame.maxY <= room.maxY + 1e-9)
        #expect(!CalloutPlacement.overlaps(b.frame, target))
        // The arrow points at the target: the tip lies across from it, within its extent.
        switch b.arrowEdge {
        case .top, .bottom: #expect(b.tipPoint.x >= target.minX && b.tipPoint.x <= target.maxX)
        case .left, .right: #expect(b.tipPoint.y >= target.minY && b.tipPoint.y <= target.maxY)
        }
        // The arrow sits on the straight part of its edge.
        let body = b.resolvedBody, r = b.resolvedCornerRadius, w = b.resolvedArrowWidth / 2
        switch b.arrowEdge {
        case .top, .bottom: #expect(b.tipPoint.x - w >= body.minX + r - 1e-9 && b.tipPoint.x + w <= body.maxX - r + 1e-9)
        case .left, .right: #expect(b.tipPoint.y - w >= body.minY + r - 1e-9 && b.tipPoint.y + w <= body.maxY - r + 1e-9)
        }
    }

    @Test func targetTallerThanHalfTheScreen() {
        // Narrow: no room above or below, so the trailing side takes it, centred on the target.
        let narrow = CGRect(x: 20, y: 150, width: 100, height: 560)
        guard case .bubble(let b, .trailing) = place(.bottom, target: narrow, size: CGSize(width: 200, height: 80)) else {
            Issue.record("expected a trailing bubble"); return
        }
        #expect(b.tipPoint == CGPoint(x: 126, y: 430))
        // Wide as well: nothing fits, so a bottom sheet.
        let wide = CGRect(x: 20, y: 150, width: 350, height: 560)
        guard case .sheet(let frame, let content) = place(.bottom, target: wide, size: CGSize(width: 200, height: 80)) else {
            Issue.record("expected a sheet"); return
        }
        #expect(frame == CGRect(x: 0, y: 730, width: 390, height: 114))
        #expect(content == CGRect(x: 0, y: 730, width: 390, height: 80))
    }

    @Test func sheetMovesToTheTopWhenItWouldCoverAHole() {
        let low = CGRect(x: 10, y: 680, width: 370, height: 70)
        let layout = CalloutPlacement.place(contentSize: CGSize(width: 390, height: 120), target: low, cutouts: [low],
                                            viewport: phoneViewport(), style: .bottomSheet)
        guard case .sheet(let frame, let content) = layout else { Issue.record("expected a sheet"); return }
        #expect(frame == CGRect(x: 0, y: 0, width: 390, height: 167))
        #expect(content.minY == 47)
    }

    @Test func neverCoversAnotherHole() {
        // A second hole right below the target blocks the bottom side.
        let other = CGRect(x: 100, y: 440, width: 190, height: 60)
        let layout = CalloutPlacement.place(contentSize: CGSize(width: 200, height: 80), target: target,
                                            cutouts: [target, other], viewport: phoneViewport(),
                                            style: .bubble(preferredSide: .bottom))
        guard case .bubble(let b, let side) = layout else { Issue.record("expected a bubble"); return }
        #expect(side == .top)
        #expect(!CalloutPlacement.overlaps(b.frame, other))
    }

    @Test func absurdSizesFallBackToASheet() {
        let layout = CalloutPlacement.place(contentSize: CGSize(width: CGFloat.infinity, height: 50), target: target,
                                            cutouts: [target], viewport: phoneViewport(), style: .bubble(preferredSide: .top))
        guard case .sheet = layout else { Issue.record("expected a sheet"); return }
    }
}
