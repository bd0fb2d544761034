import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutCollection

/// Issue 24 for the carousels: a query computes attributes only for the candidates found in
/// closed form, and answers exactly what computing every item and filtering would.
@Suite struct CarouselCandidatesTests {
    /// The slow, obviously correct answer: every item's attributes, filtered, back to front.
    static func reference(_ c: CarouselLayout, in rect: CGRect) -> [LayoutAttributes] {
        (0..<c.context.numberOfItems).compactMap { c.layoutAttributesForItem(at: .item($0)) }
            .filter { !$0.isHidden && $0.visibleFrame.overlaps(rect) }
            .sorted { $0.zIndex < $1.zIndex }
    }

    static let viewport = CGSize(width: 390, height: 300)

    static func carousel(_ style: CarouselLayout.Style, wraps: Bool, items: Int, offsetX: CGFloat,
                         itemSize: CGSize = CGSize(width: 160, height: 220), spacing: CGFloat = 180) -> CarouselLayout {
        let c = CarouselLayout(style: style, itemSize: itemSize, itemSpacing: spacing, wrapsAround: wraps)
        c.prepare(for: CollectionContext(bounds: CGRect(origin: CGPoint(x: offsetX, y: 0), size: viewport), numberOfItems: items))
        return c
    }

    /// Random counts, sizes, spacings, offsets and rects at small n, every style with and
    /// without wrap-around; a third of the wrapping offsets sit within two items of a seam
    /// (where the last item is followed by the first).
    @Test func answersEqualComputingEveryItemThenFiltering() {
        var rng = FuzzRandom(state: 24)
        func uniform(_ lo: Double, _ hi: Double) -> CGFloat { CGFloat(lo + rng.unit() * (hi - lo)) }
        for style in CarouselLayout.Style.allCases {
            for wraps in [false, true] {
                var nonEmpty = 0
                for k in 0..<150 {
                    let n = 1 + rng.below(30)
                    let spacing = uniform(30, 260)
                    let size = CGSize(width: uniform(10, 240), height: uniform(10, 320))
                    let period = CGFloat(n) * spacing
                    let x: CGFloat
                    switch rng.below(3) {
                    case 0 where wraps:
                        x = CGFloat(rng.below(2 * CarouselLayout.wrapRepeats)) * period + uniform(-2, 2) * spacing
                    default:
                        x = uniform(-2, Double(n) + 2) * spacing + (wraps ? CGFloat(rng.below(CarouselLayout.wrapRepeats)) * period : 0)
                    }
                    let c = Self.carousel(style, wraps: wraps, items: n, offsetX: x, itemSize: size, spacing: spacing)
                    let bounds = c.context.bounds
                    let rect: CGRect
                    switch rng.below(3) {
                    case 0: rect = bounds
                    case 1: rect = bounds.insetBy(dx: uniform(-300, 150), dy: uniform(-100, 120))
                    default: rect = CGRect(x: bounds.minX + uniform(-900, 900), y: uniform(-200, 400), width: uniform(1, 600), height: uniform(1, 400))
                    }
                    let fast = c.layoutAttributesForElements(in: rect)
                    #expect(fast == Self.reference(c, in: rect), "\(style) wraps \(wraps) case \(k): n \(n), x \(x), rect \(rect)")
                    if !fast.isEmpty { nonEmpty += 1 }
                }
                #expect(nonEmpty > 75, "\(style) wraps \(wraps): too few cases show anything to compare")
            }
        }
    }

    /// Degenerate geometry (a spacing set to zero, negative or non-finite after creation; item
    /// sizes of zero, negative, huge or non-finite; absurd offsets) still answers what the
    /// reference does.
    @Test func degenerateGeometryAnswersLikeTheReference() {
        let extremes: [CGFloat] = [0, -40, 1e-300, 1e300, .infinity, -.infinity, .nan]
        var rng = FuzzRandom(state: 2424)
        for case_ in 0..<300 {
            let style = rng.pick(CarouselLayout.Style.allCases)
            let c = CarouselLayout(style: style, wrapsAround: rng.below(2) == 0)
            switch rng.below(3) {
            case 0: c.itemSpacing = rng.pick(extremes)
            case 1: c.itemSize = CGSize(width: rng.pick(extremes + [160]), height: rng.pick(extremes + [220]))
            default: break
            }
            let x = rng.below(2) == 0 ? rng.pick(extremes + [1e17, -1e17]) : CGFloat(rng.below(4000)) - 1000
            c.prepare(for: CollectionContext(bounds: CGRect(origin: CGPoint(x: x, y: 0), size: Self.viewport), numberOfItems: 1 + rng.below(12)))
            let rect = c.context.bounds
            #expect(c.layoutAttributesForElements(in: rect) == Self.reference(c, in: rect), "case \(case_): \(style) \(c.itemSpacing) \(c.itemSize) x \(x)")
        }
    }

    /// At 1,000,000 items a query computes at most 8 attributes beyond those it returns, at
    /// the start, the middle and the end of the content and across the wrap-around seam, for
    /// the viewport and for rects up to twice as wide.
    @Test func aQueryAtAMillionItemsComputesTheVisibleItemsAndAFewMore() {
        let n = CollectionContext.maxNumberOfItems
        for style in CarouselLayout.Style.allCases {
            for wraps in [false, true] {
                let probe = Self.carousel(style, wraps: wraps, items: n, offsetX: 0)
                let end = probe.collectionViewContentSize.width - Self.viewport.width
                let seam = probe.contentOffset(for: 0).x
                var offsets: [CGFloat] = [0, 90, end / 2 + 37, end - 50, end]
                if wraps { offsets += [seam - 0.4 * 180, seam + 13, seam - CGFloat(n) * 180 + 5] }
                for x in offsets {
                    let c = Self.carousel(style, wraps: wraps, items: n, offsetX: x)
                    for widen: CGFloat in [0, 195] {
                        let rect = c.context.bounds.insetBy(dx: -widen, dy: 0)
                        c.attributeEvaluationCount = 0
                        let shown = c.layoutAttributesForElements(in: rect)
                        #expect(!shown.isEmpty, "\(style) wraps \(wraps) x \(x)")
                        #expect(c.attributeEvaluationCount <= shown.count + 8,
                                "\(style) wraps \(wraps) x \(x): \(c.attributeEvaluationCount) computed for \(shown.count) shown")
                    }
                }
            }
        }
    }

    /// The rotary carousel shows the far side of its circle: at a million items, the items
    /// half the circle away appear behind the centre, and are found.
    @Test func rotaryFindsTheBackOfTheCircle() {
        let n = CollectionContext.maxNumberOfItems
        let c = Self.carousel(.rotary, wraps: true, items: n, offsetX: 0)
        c.prepare(for: CollectionContext(bounds: CGRect(origin: c.contentOffset(for: 0), size: Self.viewport), numberOfItems: n))
        let items = Set(c.layoutAttributesForElements(in: c.context.bounds).map(\.item))
        #expect(items.contains(0) && items.contains(1) && items.contains(n - 1))
        #expect(items.contains(n / 2) && items.contains(n / 2 - 1))
    }

    @Test func mergedRangesAreSortedAndDisjoint() {
        #expect(CarouselLayout.merged([5..<9, 0..<2, 8..<12, 2..<3, 20..<20]) == [0..<3, 5..<12])
    }
}
