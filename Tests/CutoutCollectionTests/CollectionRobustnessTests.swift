import CutoutTestSupport
import CutoutGeometry
import Foundation
import Testing
@testable import CutoutCollection

/// Seeded fuzzing of layouts, scroll physics and the pizza selector with NaN, infinite and
/// huge bounds, offsets, velocities, spacings and item counts. Every query must return (no
/// trap on converting a non-finite index to Int, no range with NaN bounds) in bounded time.
@Suite struct CollectionRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    static let extremes: [CGFloat] = [0, -0.0, -1, 1e-300, 1e300, -1e300, .greatestFiniteMagnitude,
                                      -.greatestFiniteMagnitude, 1e18, -1e18, .nan, .infinity, -.infinity]

    static func value(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> CGFloat {
        rng.below(5) == 0 ? rng.pick(extremes) : CGFloat(range.lowerBound + rng.unit() * (range.upperBound - range.lowerBound))
    }

    static func rect(_ rng: inout SplitMix64) -> CGRect {
        CGRect(x: value(&rng, -500...5000), y: value(&rng, -500...5000), width: value(&rng, 0...400), height: value(&rng, 0...800))
    }

    static func count(_ rng: inout SplitMix64) -> Int {
        rng.below(8) == 0 ? rng.pick([0, -1, -5, Int.min, Int.max, 1 << 40]) : rng.below(40)
    }

    static func layout(_ rng: inout SplitMix64) -> any CollectionLayout {
        switch rng.below(3) {
        case 0:
            let heights: [CGFloat]? = rng.below(2) == 0 ? nil : (0..<rng.below(10)).map { _ in value(&rng, 0...400) }
            return TableLayout(itemHeight: value(&rng, 0...400), itemHeights: heights)
        case 1:
            return CarouselLayout(style: rng.pick(CarouselLayout.Style.allCases),
                                  itemSize: CGSize(width: value(&rng, 0...200), height: value(&rng, 0...300)),
                                  itemSpacing: value(&rng, 0...250), wrapsAround: rng.below(2) == 0)
        default:
            var c = PizzaHalfSelectorLayout.Configuration()
            if rng.below(2) == 0 {
                c.itemSize = value(&rng, 0...400); c.criticalOffsetFromCenter = value(&rng, 0...300)
                c.scaleFactor = value(&rng, 0...1); c.drumSpacing = value(&rng, 0...2); c.captionSlide = value(&rng, 0...50)
                c.compactsVertically = rng.below(2) == 0
            }
            return PizzaHalfSelectorLayout(orientation: rng.below(2) == 0 ? .left : .right, configuration: c)
        }
    }

    @Test func layoutsAnswerEveryQuery() {
        var rng = SplitMix64(state: 41)
        for i in 0..<400 {
            let layout = Self.layout(&rng)
            let start = Date()
            // Carousels get ordinary counts: an absurd spacing (1e-300) or item size (1e300)
            // really puts every item on screen, and a million attributes take seconds in a
            // debug build. The others also get absurd counts, clamped to
            // CollectionContext.maxNumberOfItems.
            let n = layout is CarouselLayout ? rng.below(40) : Self.count(&rng)
            layout.prepare(for: CollectionContext(bounds: Self.rect(&rng), numberOfItems: n))
            _ = layout.collectionViewContentSize
            let attributes = layout.layoutAttributesForElements(in: Self.rect(&rng))
            #expect(attributes.count <= 100_000, "case \(i)")
            for item in [0, 1, -1, Int.max, Int.min, rng.below(50)] {
                _ = layout.layoutAttributesForItem(at: .item(item))
                _ = layout.layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item(item))
            }
            _ = layout.targetContentOffset(forProposedContentOffset: CGPoint(x: Self.value(&rng, -500...5000), y: Self.value(&rng, -500...5000)),
                                           withScrollingVelocity: CGPoint(x: Self.value(&rng, -3000...3000), y: Self.value(&rng, -3000...3000)))
            _ = layout.invalidation(forBoundsChange: Self.rect(&rng))
            if let carousel = layout as? CarouselLayout {
                _ = carousel.currentIndex
                _ = carousel.contentOffset(for: rng.pick([0, 3, -7, Int.max, Int.min]))
                _ = carousel.relativePosition(ofItem: rng.pick([0, 3, -7, Int.max, Int.min]))
            }
            if let pizza = layout as? PizzaHalfSelectorLayout {
                _ = pizza.currentPizzaIndex
                _ = pizza.contentOffset(for: rng.pick([0, 3, -7, Int.max, Int.min]))
                for item in [0, 2, Int.max, Int.min] {
                    _ = pizza.scale(forItem: item)
                    _ = pizza.drumZIndex(forItem: item)
                }
            }
            if let table = layout as? TableLayout {
                _ = table.visibleItems(in: Self.rect(&rng))
            }
            #expect(Date().timeIntervalSince(start) < 2, "case \(i)")
        }
    }

    @Test func itemCountsAreClamped() {
        var context = CollectionContext(bounds: .zero, numberOfItems: Int.max)
        #expect(context.numberOfItems == CollectionContext.maxNumberOfItems)
        context.numberOfItems = -3
        #expect(context.numberOfItems == 0)
        context.numberOfItems = Int.max
        #expect(context.numberOfItems == CollectionContext.maxNumberOfItems)
        let table = TableLayout(itemHeight: 10)
        table.prepare(for: context)
        #expect(table.numberOfItems == CollectionContext.maxNumberOfItems)
    }

    @Test func nonFiniteOffsetsGiveClampedIndices() {
        let carousel = CarouselLayout(style: .linear, itemSpacing: 100)
        for x in [CGFloat.nan, .infinity, -.infinity, 1e300] {
            carousel.prepare(for: CollectionContext(bounds: CGRect(x: x, y: 0, width: 300, height: 200), numberOfItems: 5))
            #expect((0..<5).contains(carousel.currentIndex), "\(x)")
        }
        let zeroSpacing = CarouselLayout(style: .wheel, itemSpacing: 0, wrapsAround: true)
        zeroSpacing.prepare(for: CollectionContext(bounds: CGRect(x: 10, y: 0, width: 300, height: 200), numberOfItems: 5))
        #expect((0..<5).contains(zeroSpacing.currentIndex))
        _ = zeroSpacing.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 300, height: 200))
        var model = ScrollViewModel(boundsSize: CGSize(width: 100, height: 100), contentSize: CGSize(width: 100, height: 500),
                                    contentInset: EdgeInsets(top: .nan))
        #expect(model.offsetRange(.vertical) == 0...400)
        model.setOffset(50, .vertical)
        #expect(model.displayedOffset(forDragged: 60, axis: .vertical) == 60)
    }

    @Test func scrollModelAndPhysicsStayFinite() {
        var rng = SplitMix64(state: 42)
        for i in 0..<400 {
            var model = ScrollViewModel(boundsSize: CGSize(width: Self.value(&rng, 0...400), height: Self.value(&rng, 0...800)),
                                        contentSize: CGSize(width: Self.value(&rng, 0...4000), height: Self.value(&rng, 0...8000)),
                                        contentInset: EdgeInsets(top: Self.value(&rng, 0...50), left: Self.value(&rng, 0...20),
                                                                 bottom: Self.value(&rng, 0...50), right: Self.value(&rng, 0...20)))
            model.decelerationRate = rng.pick([.normal, .fast, DecelerationRate(rawValue: Self.value(&rng, 0...1))])
            model.bounces = rng.below(4) != 0
            let axis: ScrollAxis = rng.below(2) == 0 ? .vertical : .horizontal
            model.setOffset(Self.value(&rng, -500...8000), axis)
            _ = model.offsetRange(axis)
            _ = model.canBounce(axis)
            _ = model.displayedOffset(forDragged: Self.value(&rng, -1000...9000), axis: axis)
            let layout: (any CollectionLayout)? = rng.below(2) == 0 ? nil : Self.layout(&rng)
            layout?.prepare(for: CollectionContext(bounds: model.bounds, numberOfItems: rng.below(30)))
            let motion = model.release(velocity: Self.value(&rng, -5000...5000), axis: axis, layout: layout)
            for t in [0, 0.016, 0.3, 1, 10, 1e9, -1, CGFloat.nan, .infinity] { _ = motion.offset(at: t) }
            let programmatic = model.scrollAnimation(showing: Self.rect(&rng), at: rng.pick([.top, .centered, .bottom]), axis: axis)
            _ = programmatic.offset(at: Self.value(&rng, 0...1))
            let v = Self.value(&rng, -5000...5000), rate = DecelerationRate(rawValue: Self.value(&rng, 0...1))
            _ = ScrollPhysics.restingOffset(from: Self.value(&rng, -100...100), velocity: v, rate: rate)
            _ = ScrollPhysics.decelerationDuration(velocity: v, rate: rate)
            _ = ScrollPhysics.velocity(toTravel: Self.value(&rng, -1000...1000), rate: rate)
            _ = ScrollPhysics.rubberBand(Self.value(&rng, -500...500), dimension: Self.value(&rng, 0...800))
            _ = ScrollPhysics.inverseRubberBand(Self.value(&rng, -500...500), dimension: Self.value(&rng, 0...800))
            _ = ScrollPhysics.bounce(displacement: Self.value(&rng, -100...100), velocity: v, time: Self.value(&rng, 0...2))
            _ = i
        }
    }

    @Test func pizzaSelectorWithAbsurdScreensAndOffsets() {
        var rng = SplitMix64(state: 43)
        for i in 0..<200 {
            let selector = PizzaHalfSelector(screenSize: CGSize(width: Self.value(&rng, 0...800), height: Self.value(&rng, 0...1600)))
            let options = (0..<rng.below(12)).map { PizzaOption(id: "p\($0)", name: "Pizza \($0)") }
            selector.setState(rng.below(6) == 0 ? .failed(message: "x") : .content(options))
            for _ in 0..<5 {
                let half: PizzaHalfOrientation = rng.below(2) == 0 ? .left : .right
                selector.setContentOffset(Self.value(&rng, -1000...5000), for: half)
                _ = selector.scrollProgress(half)
                _ = selector.accessibilityLabel(half)
                _ = selector.accessibilityAdjust(half, increment: rng.below(2) == 0)
                _ = selector.selectedIndex(half)
            }
            _ = selector.captions
            _ = selector.isWholePizza
            _ = selector.shuffle(using: &rng)
            _ = selector.drainEvents()
            _ = i
        }
    }
}
