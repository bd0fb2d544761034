import CutoutGeometry
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutCollection

/// Issue 24 for the pizza selector (regular and drum) and the table layout: a query computes
/// attributes only for candidates found in closed form, and answers exactly what computing
/// every item and filtering would.
@Suite struct PizzaCandidatesTests {
    static let viewport = CGSize(width: 195, height: 700)

    /// The slow, obviously correct answer: every cell's attributes, filtered, then every
    /// caption's, filtered.
    static func reference(_ l: PizzaHalfSelectorLayout, in rect: CGRect) -> [LayoutAttributes] {
        let cells = (0..<l.numberOfItems).compactMap { l.layoutAttributesForItem(at: .item($0)) }
            .filter { !$0.isHidden && $0.visibleFrame.overlaps(rect) }
        let captions = (0..<l.numberOfItems)
            .compactMap { l.layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item($0)) }
            .filter { $0.visibleFrame.overlaps(rect) }
        return cells + captions
    }

    static func layout(_ configuration: PizzaHalfSelectorLayout.Configuration = .init(), orientation: PizzaHalfOrientation = .left,
                       items: Int, offsetY: CGFloat) -> PizzaHalfSelectorLayout {
        let l = PizzaHalfSelectorLayout(orientation: orientation, configuration: configuration)
        l.prepare(for: CollectionContext(bounds: CGRect(origin: CGPoint(x: 0, y: offsetY), size: viewport), numberOfItems: items))
        return l
    }

    /// Random configurations (scale factors from 0 to 1 included, drum spacings of either
    /// sign and zero, compaction on and off, captions anywhere in the viewport, of negative
    /// height, sliding either way or not at all), counts, offsets and rects at small n.
    @Test func answersEqualComputingEveryItemThenFiltering() {
        var rng = FuzzRandom(state: 2417)
        func uniform(_ lo: Double, _ hi: Double) -> CGFloat { CGFloat(lo + rng.unit() * (hi - lo)) }
        for style in [PizzaHalfSelectorLayout.Style.regular, .drum] {
            var nonEmpty = 0
            for k in 0..<400 {
                var c = PizzaHalfSelectorLayout.Configuration()
                c.style = style
                c.compactsVertically = rng.below(3) != 0
                c.itemSize = uniform(40, 400)
                c.criticalOffsetFromCenter = rng.below(5) == 0 ? uniform(1, 20) : uniform(20, 900)
                c.scaleFactor = rng.below(4) == 0 ? rng.pick([0, 1, 0.999]) : uniform(0, 1)
                c.drumSpacing = rng.below(5) == 0 ? rng.pick([0, -0.7]) : uniform(0.2, 2)
                c.captionTop = uniform(-100, 700)
                c.captionHeight = rng.below(8) == 0 ? uniform(-40, 0) : uniform(10, 80)
                c.captionSlide = rng.below(5) == 0 ? 0 : uniform(-80, 80)
                let n = 1 + rng.below(30)
                let y = uniform(-1.5, Double(n) + 0.5) * c.itemSize
                let l = Self.layout(c, orientation: rng.below(2) == 0 ? .left : .right, items: n, offsetY: y)
                let bounds = l.context.bounds
                let rect: CGRect
                switch rng.below(3) {
                case 0: rect = bounds
                case 1: rect = bounds.insetBy(dx: uniform(-50, 50), dy: uniform(-400, 300))
                default: rect = CGRect(x: uniform(-50, 150), y: bounds.minY + uniform(-1500, 1500), width: uniform(1, 300), height: uniform(1, 900))
                }
                let fast = l.layoutAttributesForElements(in: rect)
                #expect(fast == Self.reference(l, in: rect), "\(style) case \(k): n \(n), y \(y), rect \(rect), \(c)")
                if !fast.isEmpty { nonEmpty += 1 }
            }
            #expect(nonEmpty > 250, "\(style): too few cases show anything to compare")
        }
    }

    /// At 1,000,000 items a query computes at most 12 cells and 4 captions beyond those it
    /// returns, at the ends and in the middle, for the viewport and for a rect twice as tall,
    /// in the shipped configuration, without compaction, with items shrinking to nothing, and
    /// in the drum.
    /// (The compaction bound is loose by a few rows on each side: a row for the blend between
    /// the two anchors, a row against rounding and, with a minimum scale of 0, the zone's two
    /// spare rows; 2,000 offsets spread over the content need at most 10.)
    @Test func aQueryAtAMillionItemsComputesTheVisibleCellsAndAFewMore() throws {
        let n = CollectionContext.maxNumberOfItems
        var configurations: [PizzaHalfSelectorLayout.Configuration] = []
        for k in 0..<5 {
            var c = PizzaHalfSelectorLayout.Configuration()
            switch k {
            case 1: c.compactsVertically = false
            case 2: c.scaleFactor = 1
            case 3: c.style = .drum
            case 4: c.style = .drum; c.criticalOffsetFromCenter = 700
            default: break
            }
            configurations.append(c)
        }
        for c in configurations {
            let l = Self.layout(c, items: n, offsetY: 0)
            let first = l.contentOffset(for: 0).y, last = l.contentOffset(for: n - 1).y
            for y in [first, first + 130, (first + last) / 2 + 77, last - 210, last] {
                l.prepare(for: CollectionContext(bounds: CGRect(origin: CGPoint(x: 0, y: y), size: Self.viewport), numberOfItems: n))
                for grow: CGFloat in [0, 350] {
                    let rect = l.context.bounds.insetBy(dx: 0, dy: -grow)
                    l.attributeEvaluationCount = 0
                    let shown = l.layoutAttributesForElements(in: rect)
                    let cells = shown.filter { $0.category == .cell }
                    #expect(!cells.isEmpty)
                    #expect(l.attributeEvaluationCount <= cells.count + 12,
                            "\(c) y \(y): \(l.attributeEvaluationCount) computed for \(cells.count) shown")
                    let captions = shown.count - cells.count
                    #expect(l.captionCandidateItems(in: rect).count <= captions + 4,
                            "\(c) y \(y): \(l.captionCandidateItems(in: rect).count) captions computed for \(captions) shown")
                }
            }
        }
    }

    /// Past the critical offset every drum cell takes the same place; each one stacked under
    /// its neighbour toward the current pizza is hidden, so only the top of each stack shows.
    @Test func drumHidesCellsStackedExactlyUnderTheirNeighbour() throws {
        var c = PizzaHalfSelectorLayout.Configuration()
        c.style = .drum
        let l = Self.layout(c, items: 10, offsetY: 700)   // item 3 centred
        let all = try (0..<10).map { try #require(l.layoutAttributesForItem(at: .item($0))) }
        #expect(all.map(\.isHidden) == [true, true, false, false, false, true, true, true, true, true])
        for i in 0..<2 { #expect(all[i].visibleFrame == all[i + 1].visibleFrame && all[i].zIndex < all[i + 1].zIndex) }
        for i in 5..<10 { #expect(all[i].visibleFrame == all[i - 1].visibleFrame && all[i].zIndex < all[i - 1].zIndex) }
        let shown = l.layoutAttributesForElements(in: l.context.bounds).filter { $0.category == .cell }.map(\.item)
        #expect(shown == [2, 3, 4])
    }

    @Test func tableQueriesComputeOnlyTheVisibleRowsAtAMillionItems() {
        let n = CollectionContext.maxNumberOfItems
        var rng = FuzzRandom(state: 7)
        let heights = (0..<n).map { _ in CGFloat(20 + rng.below(300)) }
        for t in [TableLayout(itemHeight: 44), TableLayout(itemHeight: 0, itemHeights: heights)] {
            t.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), numberOfItems: n))
            for y in [0, 12_345.5, t.collectionViewContentSize.height / 2, t.collectionViewContentSize.height - 844] {
                let rect = CGRect(x: 0, y: y, width: 390, height: 844)
                t.attributeEvaluationCount = 0
                let shown = t.layoutAttributesForElements(in: rect)
                #expect(!shown.isEmpty && shown.count < 60)
                #expect(t.attributeEvaluationCount == shown.count)
            }
        }
    }

    @Test func scaleFactorIsUsedClampedToZeroThroughOne() {
        for (factor, neighbour) in [(1.5, 0.0), (-2, 1.0), (CGFloat.nan, 1.0), (0.4, 0.6)] as [(CGFloat, CGFloat)] {
            var c = PizzaHalfSelectorLayout.Configuration()
            c.scaleFactor = factor
            let l = Self.layout(c, items: 10, offsetY: 700)
            #expect(abs(l.scale(forItem: 4) - neighbour) < 1e-12, "\(factor)")
        }
    }

    @Test func changingTheItemSizeRecomputesTheFrames() throws {
        let l = Self.layout(items: 10, offsetY: 0)
        l.configuration.itemSize = 100
        l.prepare(for: l.context)
        #expect(l.collectionViewContentSize.height == 1000)
        let a = try #require(l.layoutAttributesForItem(at: .item(3)))
        #expect(a.size.height == 100)
    }
}
