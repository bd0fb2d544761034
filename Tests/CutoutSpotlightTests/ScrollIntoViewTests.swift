import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct ScrollIntoViewTests {
    /// A full-screen table under translucent bars: adjusted insets 91 / 83.
    func table(offsetY: CGFloat, contentHeight: CGFloat = 2000) -> ScrollGeometry {
        ScrollGeometry(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                       contentSize: CGSize(width: 390, height: contentHeight),
                       contentInset: SpotlightInsets(top: 91, bottom: 83), contentOffset: CGPoint(x: 0, y: offsetY))
    }
    let visible = phoneViewport().visibleRect

    @Test func targetBelowTheFoldScrollsUpJustEnough() throws {
        let r = try #require(table(offsetY: -91).scrollRequest(toReveal: CGRect(x: 20, y: 900, width: 100, height: 40),
                                                                in: visible, margin: 16))
        // Bottom edge lands 16 above the tab bar: 761 − 16 = 745, a move of 195.
        #expect(r.contentOffset == CGPoint(x: 0, y: 104))
        #expect(r.targetFrameAfterScroll == CGRect(x: 20, y: 705, width: 100, height: 40))
        #expect(r.bringsTargetFullyIntoView)
    }

    @Test func targetUnderTheNavigationBarScrollsDown() throws {
        let r = try #require(table(offsetY: 300).scrollRequest(toReveal: CGRect(x: 20, y: 60, width: 100, height: 40),
                                                                in: visible, margin: 16))
        #expect(r.contentOffset.y == 253)
        #expect(r.targetFrameAfterScroll.minY == 107)
    }

    @Test func visibleTargetNeedsNoScroll() {
        #expect(table(offsetY: 0).scrollRequest(toReveal: CGRect(x: 20, y: 300, width: 100, height: 40), in: visible) == nil)
    }

    @Test func offsetIsClampedToTheContent() throws {
        // Content 1000 tall: the largest offset is 1000 − 844 + 83 = 239.
        let r = try #require(table(offsetY: 200, contentHeight: 1000)
            .scrollRequest(toReveal: CGRect(x: 20, y: 760, width: 100, height: 40), in: visible, margin: 16))
        #expect(r.contentOffset.y == 239)
        #expect(!r.bringsTargetFullyIntoView)
        // At the top already: nothing to do even though the target pokes under the bar.
        #expect(table(offsetY: -91).scrollRequest(toReveal: CGRect(x: 20, y: 80, width: 100, height: 40), in: visible) == nil)
    }

    @Test func targetTallerThanTheRoomAlignsItsTop() throws {
        let r = try #require(table(offsetY: 0).scrollRequest(toReveal: CGRect(x: 20, y: 400, width: 100, height: 900),
                                                              in: visible, margin: 16))
        #expect(r.targetFrameAfterScroll.minY == 107)
        #expect(r.contentOffset.y == 293)
    }

    @Test func nonFiniteInputIsRefused() {
        #expect(table(offsetY: 0).scrollRequest(toReveal: CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), in: visible) == nil)
    }

    @Test func layoutAsksForTheUnionOfAStepsTargets() throws {
        var registry = TargetRegistry()
        registry.register(SpotlightTarget(id: "a", frame: CGRect(x: 20, y: 500, width: 50, height: 40), padding: 4))
        registry.register(SpotlightTarget(id: "b", frame: CGRect(x: 20, y: 800, width: 50, height: 40), padding: 4))
        let step = TourStep(title: "", body: "", targetIDs: ["a", "b"])
        let r = try #require(SpotlightLayout.scrollRequest(for: step, targets: registry, viewport: phoneViewport(),
                                                           scrollView: table(offsetY: 0), margin: 16))
        // Union of the padded boxes spans 496…844; its bottom goes to 745.
        #expect(r.contentOffset.y == 99)
    }
}
