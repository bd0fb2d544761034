import CutoutGeometry
import Foundation
import Testing
@testable import CutoutCollection

@Suite struct CarouselLayoutTests {
    func carousel(_ style: CarouselLayout.Style, offsetX: CGFloat, wraps: Bool = false, items: Int = 8) -> CarouselLayout {
        let c = CarouselLayout(style: style, wrapsAround: wraps)
        c.prepare(for: CollectionContext(bounds: CGRect(x: offsetX, y: 0, width: 390, height: 300), numberOfItems: items))
        return c
    }

    @Test func centredItemIsUntransformedInEveryStyle() throws {
        for style in CarouselLayout.Style.allCases {
            let c = carousel(style, offsetX: 3 * 180)
            let a = try #require(c.layoutAttributesForItem(at: .item(3)))
            #expect(abs(a.center.x - (3 * 180 + 195)) < 1e-9, "\(style)")
            #expect(a.transform == .identity || abs(a.transform.a - 1) < 1e-12, "\(style)")
            #expect(c.currentIndex == 3)
        }
    }

    @Test func wrapAroundBringsTheFirstItemAfterTheLast() {
        let c = carousel(.linear, offsetX: 7 * 180, wraps: true)
        #expect(c.relativePosition(ofItem: 0) == 1)
        #expect(c.relativePosition(ofItem: 7) == 0)
        let plain = carousel(.linear, offsetX: 7 * 180)
        #expect(plain.relativePosition(ofItem: 0) == -7)
        let mid = c.contentOffset(for: 2)
        #expect(Int((mid.x / 180).rounded()) % 8 == 2)
        #expect(mid.x > 0 && mid.x < c.collectionViewContentSize.width)
    }

    @Test func snappingToTheNearestItem() {
        let c = carousel(.coverFlow, offsetX: 0)
        #expect(c.targetContentOffset(forProposedContentOffset: CGPoint(x: 500, y: 0), withScrollingVelocity: .zero) == CGPoint(x: 540, y: 0))
        #expect(c.targetContentOffset(forProposedContentOffset: CGPoint(x: 99_999, y: 0), withScrollingVelocity: .zero) == CGPoint(x: 7 * 180, y: 0))
        let w = carousel(.coverFlow, offsetX: 0, wraps: true)
        #expect(w.targetContentOffset(forProposedContentOffset: CGPoint(x: -370, y: 0), withScrollingVelocity: .zero) == CGPoint(x: -360, y: 0))
    }

    @Test func depthOrdersItemsAndNeighboursAreSymmetric() throws {
        let c = carousel(.rotary, offsetX: 4 * 180, wraps: true)
        let front = try #require(c.layoutAttributesForItem(at: .item(4)))
        let l = try #require(c.layoutAttributesForItem(at: .item(3)))
        let r = try #require(c.layoutAttributesForItem(at: .item(5)))
        #expect(front.zIndex > l.zIndex && l.zIndex == r.zIndex)
        #expect(abs((front.center.x - l.center.x) - (r.center.x - front.center.x)) < 1e-9)
        let elements = c.layoutAttributesForElements(in: c.context.bounds)
        #expect(elements.map(\.zIndex) == elements.map(\.zIndex).sorted())
    }

    @Test func wheelItemsTurnWithTheirSpoke() throws {
        let c = carousel(.wheel, offsetX: 2 * 180)
        let next = try #require(c.layoutAttributesForItem(at: .item(3)))
        #expect(next.transform.b > 0)      // rotated clockwise on screen
        #expect(next.center.y > 150)       // dips toward the hub below
    }
}
