import CutoutTestSupport
import CutoutGeometry
import Foundation
import Testing
@testable import CutoutCollection

/// Seeded fuzzing of layouts, scroll physics and the pizza selector with NaN, infinite and
/// huge bounds, offsets, velocities, spacings and item counts. Every query must return (no
/// trap on converting a non-finite index to Int, no range with NaN bounds), with answers in
/// range, and the items a layout computes stay within a budget set by the clamped item count
/// and the answers asked for (counted by `WorkMeter`, not timed).
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
            // Carousels get ordinary counts: an absurd spacing (1e-300) or item size (1e300)
            // really puts every item on screen, and a million attributes take seconds in a
            // debug build. The others also get absurd counts, clamped to
            // CollectionContext.maxNumberOfItems.
            let n = layout is CarouselLayout ? rng.below(40) : Self.count(&rng)
            let items = CollectionContext(bounds: .zero, numberOfItems: n).numberOfItems
            var candidateCount = 0
            let work = WorkMeter.measure {
                layout.prepare(for: CollectionContext(bounds: Self.rect(&rng), numberOfItems: n))
                _ = layout.collectionViewContentSize
                let rect = Self.rect(&rng)
                let attributes = layout.layoutAttributesForElements(in: rect)
                candidateCount = (layout as? PizzaHalfSelectorLayout)?.candidateItems(in: rect).count
                    ?? (layout as? CarouselLayout)?.candidateItems(in: rect).reduce(0) { $0 + $1.count } ?? attributes.count
                for a in attributes { #expect((0..<items).contains(a.indexPath.last ?? -1), "case \(i): item \(a.indexPath) of \(items)") }
                for item in [0, 1, -1, Int.max, Int.min, rng.below(50)] {
                    _ = layout.layoutAttributesForItem(at: .item(item))
                    _ = layout.layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item(item))
                }
                _ = layout.targetContentOffset(forProposedContentOffset: CGPoint(x: Self.value(&rng, -500...5000), y: Self.value(&rng, -500...5000)),
                                               withScrollingVelocity: CGPoint(x: Self.value(&rng, -3000...3000), y: Self.value(&rng, -3000...3000)))
                _ = layout.invalidation(forBoundsChange: Self.rect(&rng))
                if let carousel = layout as? CarouselLayout {
                    #expect(items == 0 || (0..<items).contains(carousel.currentIndex), "case \(i): current \(carousel.currentIndex)")
                    _ = carousel.contentOffset(for: rng.pick([0, 3, -7, Int.max, Int.min]))
                    _ = carousel.relativePosition(ofItem: rng.pick([0, 3, -7, Int.max, Int.min]))
                }
                if let pizza = layout as? PizzaHalfSelectorLayout {
                    #expect(items == 0 || (0..<items).contains(pizza.currentPizzaIndex), "case \(i): current \(pizza.currentPizzaIndex)")
                    _ = pizza.contentOffset(for: rng.pick([0, 3, -7, Int.max, Int.min]))
                    for item in [0, 2, Int.max, Int.min] {
                        let scale = pizza.scale(forItem: item)
                        #expect((0...1).contains(scale), "case \(i): scale \(scale) of item \(item)")
                        _ = pizza.drumZIndex(forItem: item)
                    }
                }
                if let table = layout as? TableLayout {
                    _ = table.visibleItems(in: Self.rect(&rng))
                }
            }
            // The budget: the frame table once (items, after the clamp); the rect query computes
            // only its candidates (the items that can reach the rect, found in closed form: a
            // few rows around what is on screen, or every item for non-finite geometry); the
            // other queries one item each (12 attributes, 8 scales, 4 more answers); and a
            // pizza cell may walk the compaction zone from two anchors. Nothing follows the
            // requested count (up to 2^63).
            let perItem = layout is PizzaHalfSelectorLayout ? 1 + 2 * min(items, PizzaHalfSelectorLayout.maxCompactionZone) : 1
            let budget = items + (candidateCount + 24) * perItem
            #expect(work[.layoutItems] <= budget, "case \(i): \(work[.layoutItems]) items computed for \(n) requested, budget \(budget)")
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

    /// Properties protected: every offset, end and duration the model gives is finite; resting
    /// offsets (a release's end, a programmatic scroll's target) lie in the offset range; a
    /// rubber-banded offset stays within one viewport of the edge. The physics' closed forms
    /// never give NaN for finite input, and the rubber band stays under its dimension.
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
            let range = model.offsetRange(axis)
            #expect(range.lowerBound.isFinite && range.upperBound.isFinite, "case \(i): range \(range)")
            _ = model.canBounce(axis)
            let dimension = axis == .vertical ? model.boundsSize.height : model.boundsSize.width
            let reach = dimension.isFinite ? min(max(dimension, 0), ScrollViewModel.maximumLength) : 0
            let dragged = Self.value(&rng, -1000...9000)
            let shown = model.displayedOffset(forDragged: dragged, axis: axis)
            #expect(shown.isFinite, "case \(i): displayed \(shown)")
            if dragged.isFinite {
                #expect(shown >= range.lowerBound - reach && shown <= range.upperBound + reach,
                        "case \(i): dragged to \(dragged), displayed \(shown), range \(range), viewport \(dimension)")
            } else {
                #expect(shown == ScrollViewModel.length(model.offset(axis)), "case \(i): a non-finite drag keeps the offset")
            }
            let layout: (any CollectionLayout)? = rng.below(2) == 0 ? nil : Self.layout(&rng)
            layout?.prepare(for: CollectionContext(bounds: model.bounds, numberOfItems: rng.below(30)))
            let startsInside = range.contains(model.offset(axis))
            let motion = model.release(velocity: Self.value(&rng, -5000...5000), axis: axis, layout: layout)
            #expect(motion.duration.isFinite && motion.duration >= 0, "case \(i): duration \(motion.duration)")
            #expect(motion.end.isFinite, "case \(i): end \(motion.end)")
            if startsInside { #expect(range.contains(motion.end), "case \(i): a release inside the range rests at \(motion.end), outside \(range)") }
            for t in [0, 0.016, 0.3, 1, 10, 1e9, -1, CGFloat.nan, .infinity, -.infinity] {
                #expect(motion.offset(at: t).isFinite, "case \(i): offset at \(t) of \(motion)")
            }
            #expect(motion.offset(at: .infinity) == motion.end, "case \(i): +∞ is after the end")
            #expect(motion.offset(at: -.infinity) == motion.offset(at: 0) && motion.offset(at: .nan) == motion.offset(at: 0), "case \(i): before 0 and NaN are at 0")
            let programmatic = model.scrollAnimation(showing: Self.rect(&rng), at: rng.pick([.top, .centered, .bottom]), axis: axis)
            #expect(range.contains(programmatic.end), "case \(i): programmatic target \(programmatic.end) outside \(range)")
            let sample = programmatic.offset(at: Self.value(&rng, 0...1))
            #expect(sample.isFinite, "case \(i): programmatic offset \(sample)")

            // The closed forms, with finite (possibly huge) input: never NaN.
            let x = Self.value(&rng, -100...100), v = Self.value(&rng, -5000...5000), rate = DecelerationRate(rawValue: Self.value(&rng, 0...1))
            let distance = Self.value(&rng, -1000...1000), time = Self.value(&rng, 0...2)
            let pulled = Self.value(&rng, -500...500), viewport = Self.value(&rng, 0...800)
            guard [x, v, distance, time, pulled, viewport].allSatisfy(\.isFinite) else { continue }
            #expect(!ScrollPhysics.restingOffset(from: x, velocity: v, rate: rate).isNaN, "case \(i)")
            let duration = ScrollPhysics.decelerationDuration(velocity: v, rate: rate)
            #expect(duration.isFinite && duration >= 0, "case \(i): \(duration)")
            #expect(!ScrollPhysics.velocity(toTravel: distance, rate: rate).isNaN, "case \(i)")
            let banded = ScrollPhysics.rubberBand(pulled, dimension: viewport)
            #expect(abs(banded) <= abs(pulled) && (viewport <= 0 || abs(banded) <= viewport), "case \(i): \(pulled) bands to \(banded) in \(viewport)")
            #expect(ScrollPhysics.inverseRubberBand(pulled, dimension: viewport).isFinite, "case \(i)")
            let bounced = ScrollPhysics.bounce(displacement: x, velocity: v, time: time)
            #expect(bounced.isFinite, "case \(i): bounce \(x), \(v) at \(time) gives \(bounced)")
        }
    }

    /// The fixed overflows: a spring launched at the largest velocity gave ∞ · 0 = NaN at its
    /// start, a viewport of infinite size gave a NaN rubber band, and a NaN inset a NaN offset.
    @Test func scrollPhysicsOverflowCasesAreFinite() {
        #expect(ScrollPhysics.bounce(displacement: 1, velocity: CGFloat.greatestFiniteMagnitude, time: 0) == 1)
        #expect(ScrollPhysics.bounce(displacement: 1e300, velocity: CGFloat.greatestFiniteMagnitude, time: 1).isFinite)
        #expect(ScrollPhysics.bounce(displacement: -33, velocity: 1e18, time: CGFloat.greatestFiniteMagnitude) == 0)
        #expect(ScrollPhysics.rubberBand(10, dimension: .infinity) == 0)
        #expect(ScrollPhysics.inverseRubberBand(.nan, dimension: 100) == 0)
        let model = ScrollViewModel(boundsSize: CGSize(width: 100, height: 100), contentSize: CGSize(width: 100, height: 500),
                                    contentInset: EdgeInsets(top: .nan, left: .infinity))
        #expect(model.contentOffset == .zero)
        let huge = ScrollViewModel(boundsSize: CGSize(width: 100, height: 100),
                                   contentSize: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude),
                                   contentInset: EdgeInsets(bottom: CGFloat.greatestFiniteMagnitude))
        #expect(huge.offsetRange(.vertical) == 0...(2 * ScrollViewModel.maximumLength - 100))
        let motion = huge.release(velocity: CGFloat.greatestFiniteMagnitude, axis: .vertical)
        #expect(motion.end == huge.offsetRange(.vertical).upperBound)
        for t in [0, 1e-300, 0.5, 3] as [CGFloat] { #expect(motion.offset(at: t).isFinite, "\(t)") }
    }

    @Test func pizzaSelectorWithAbsurdScreensAndOffsets() {
        var rng = SplitMix64(state: 43)
        for i in 0..<200 {
            let selector = PizzaHalfSelector(screenSize: CGSize(width: Self.value(&rng, 0...800), height: Self.value(&rng, 0...1600)))
            let options = (0..<rng.below(12)).map { PizzaOption(id: "p\($0)", name: "Pizza \($0)") }
            selector.setState(rng.below(6) == 0 ? .failed(message: "x") : .content(options))
            let count = selector.options.count
            for _ in 0..<5 {
                let half: PizzaHalfOrientation = rng.below(2) == 0 ? .left : .right
                selector.setContentOffset(Self.value(&rng, -1000...5000), for: half)
                let progress = selector.scrollProgress(half)
                #expect((0...1).contains(progress), "case \(i): progress \(progress)")
                #expect(!selector.accessibilityLabel(half).isEmpty)
                if let adjusted = selector.accessibilityAdjust(half, increment: rng.below(2) == 0) {
                    #expect(!adjusted.isNaN, "case \(i): adjust to \(adjusted)")
                }
                if let index = selector.selectedIndex(half) { #expect((0..<count).contains(index), "case \(i): selected \(index) of \(count)") }
            }
            #expect(selector.captions.count <= 2)
            #expect(!selector.isWholePizza || selector.captions.count == 1, "case \(i): a whole pizza has one caption")
            let (left, right) = selector.shuffle(using: &rng)
            if count > 0 { #expect((0..<count).contains(left) && (0..<count).contains(right), "case \(i): shuffle \(left), \(right)") }
            if count > 1 { #expect(left != right, "case \(i): the two shuffled halves differ") }
            _ = selector.drainEvents()
        }
    }
}
