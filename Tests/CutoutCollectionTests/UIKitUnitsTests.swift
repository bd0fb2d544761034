import Foundation
import Testing
@testable import CutoutCollection

/// Issue 22: UIKit's velocities (points per millisecond) and the centring insets.
@Suite struct UIKitUnitsTests {
    @Test func pointsPerMillisecondBecomePointsPerSecond() {
        #expect(ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: 2.5) == 2500)
        #expect(ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: -0.75) == -750)
        #expect(ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: CGPoint(x: 0.5, y: -3)) == CGPoint(x: 500, y: -3000))
        #expect(ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: .nan) == 0)
        #expect(ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: CGPoint(x: CGFloat.infinity, y: 1)) == CGPoint(x: 0, y: 1000))
    }

    /// A 2.5 pt/ms flick as UIKit reports it, converted, lands where a 2,500 pt/s one does:
    /// freely, snapped by the selector, and snapped by a carousel; unconverted it would not.
    @Test func aFlickInPointsPerMillisecondLandsWhereTheSameFlickInPointsPerSecondDoes() {
        let uikit = ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: CGFloat(2.5))
        let size = CGSize(width: 195, height: 700)
        let pizza = PizzaHalfSelectorLayout(orientation: .left)
        pizza.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: size), numberOfItems: 20))
        var scroll = ScrollViewModel(boundsSize: size, contentSize: pizza.collectionViewContentSize,
                                     contentInset: pizza.centeringContentInset(forBoundsSize: size))
        scroll.decelerationRate = .fast
        scroll.setOffset(pizza.contentOffset(for: 1).y, .vertical)
        for layout in [nil, pizza] as [PizzaHalfSelectorLayout?] {
            let converted = scroll.release(velocity: uikit, axis: .vertical, layout: layout).end
            let reference = scroll.release(velocity: 2500, axis: .vertical, layout: layout).end
            #expect(converted == reference)
            #expect(abs(scroll.release(velocity: 2.5, axis: .vertical, layout: layout).end - reference) > 100)
        }
        let carousel = CarouselLayout(style: .coverFlow)
        carousel.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 0, width: 390, height: 300), numberOfItems: 20))
        let proposed = CGPoint(x: ScrollPhysics.restingOffset(from: 0, velocity: 2500, rate: .normal), y: 0)
        #expect(carousel.targetContentOffset(forProposedContentOffset: proposed,
                                             withScrollingVelocity: ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: CGPoint(x: 2.5, y: 0)))
                == carousel.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: CGPoint(x: 2500, y: 0)))
    }

    /// With the selector's centring inset, the scroll range runs exactly from the offset that
    /// centres the first pizza to the one that centres the last, for viewports taller and
    /// shorter than a pizza; flicks hard either way stop on the end pizzas.
    @Test func selectorInsetLetsBothEndPizzasReachTheCentre() {
        for size in [CGSize(width: 195, height: 700), CGSize(width: 195, height: 200), CGSize(width: 160, height: 301)] {
            let l = PizzaHalfSelectorLayout(orientation: .right)
            l.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: size), numberOfItems: 12))
            let inset = l.centeringContentInset(forBoundsSize: size)
            #expect(inset == EdgeInsets(top: (size.height - 300) / 2, bottom: (size.height - 300) / 2))
            var scroll = ScrollViewModel(boundsSize: size, contentSize: l.collectionViewContentSize, contentInset: inset)
            let range = scroll.offsetRange(.vertical)
            #expect(abs(range.lowerBound - l.contentOffset(for: 0).y) < 1e-9, "\(size)")
            #expect(abs(range.upperBound - l.contentOffset(for: 11).y) < 1e-9, "\(size)")
            scroll.setOffset(l.contentOffset(for: 5).y, .vertical)
            #expect(scroll.release(velocity: 40_000, axis: .vertical, layout: l).end == l.contentOffset(for: 11).y)
            #expect(scroll.release(velocity: -40_000, axis: .vertical, layout: l).end == l.contentOffset(for: 0).y)
        }
    }

    /// The carousel's content already reaches past both ends, so its centring inset is zero
    /// and the scroll range still runs from the first item centred to the last.
    @Test func carouselInsetLetsBothEndItemsReachTheCentre() {
        let size = CGSize(width: 390, height: 300)
        for wraps in [false, true] {
            let c = CarouselLayout(style: .rotary, wrapsAround: wraps)
            c.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: size), numberOfItems: 9))
            let inset = c.centeringContentInset(forBoundsSize: size)
            #expect(inset == .zero)
            let scroll = ScrollViewModel(boundsSize: size, contentSize: c.collectionViewContentSize, contentInset: inset)
            let range = scroll.offsetRange(.horizontal)
            let copies = wraps ? CarouselLayout.wrapRepeats : 1
            #expect(range.lowerBound == 0)
            #expect(abs(range.upperBound - CGFloat(9 * copies - 1) * c.itemSpacing) < 1e-6)
            c.prepare(for: CollectionContext(bounds: CGRect(origin: CGPoint(x: range.upperBound, y: 0), size: size), numberOfItems: 9))
            #expect(c.currentIndex == 8)
            let last = c.layoutAttributesForItem(at: .item(8))
            #expect(abs((last?.center.x ?? 0) - c.context.bounds.midX) < 1e-6)
        }
    }
}
