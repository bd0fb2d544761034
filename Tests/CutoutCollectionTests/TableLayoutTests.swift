import Foundation
import Testing
import CutoutTestSupport
@testable import CutoutCollection

@Suite struct TableLayoutTests {
    @Test func framesAndContentSize() {
        let t = TableLayout(itemHeight: 300)
        t.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), numberOfItems: 10))
        #expect(t.frame(ofItem: 3) == CGRect(x: 0, y: 900, width: 390, height: 300))
        #expect(t.collectionViewContentSize == CGSize(width: 390, height: 3000))
        #expect(t.frame(ofItem: 10) == nil)
    }

    @Test func visibleQueryMatchesBruteForceFiltering() {
        var rng = FuzzRandom(state: 42)
        let heights = (0..<500).map { _ in CGFloat(rng.next() % 200) + 1 }
        let t = TableLayout(itemHeight: 0, itemHeights: heights)
        t.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 0, width: 100, height: 600), numberOfItems: heights.count))
        for _ in 0..<200 {
            let y = CGFloat(rng.next() % 60_000) - 5000
            let rect = CGRect(x: 0, y: y, width: 100, height: CGFloat(rng.next() % 900) + 1)
            let brute = (0..<heights.count).filter { t.frame(ofItem: $0)!.overlaps(rect) }
            #expect(Array(t.visibleItems(in: rect)) == brute)
        }
    }

    @Test func scrollingDoesNotRecomputeFramesButResizingDoes() {
        let t = TableLayout(itemHeight: 50)
        t.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), numberOfItems: 1000))
        let n = t.frameComputationCount
        let moved = CGRect(x: 0, y: 500, width: 390, height: 844)
        #expect(!t.shouldInvalidateLayout(forBoundsChange: moved))
        t.prepare(for: CollectionContext(bounds: moved, numberOfItems: 1000))
        #expect(t.frameComputationCount == n)
        let wider = CGRect(x: 0, y: 500, width: 500, height: 844)
        #expect(t.invalidation(forBoundsChange: wider).invalidatesCachedFrames)
        t.prepare(for: CollectionContext(bounds: wider, numberOfItems: 1000))
        #expect(t.frameComputationCount == n + 1)
    }

    @Test func changingHeightsRecomputesTheFramesAtTheNextPrepare() {
        let t = TableLayout(itemHeight: 300)
        let context = CollectionContext(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), numberOfItems: 10)
        t.prepare(for: context)
        t.itemHeight = 100
        t.prepare(for: context)
        #expect(t.frame(ofItem: 3) == CGRect(x: 0, y: 300, width: 390, height: 100))
        #expect(t.collectionViewContentSize.height == 1000)
        t.itemHeights = [50, 50]
        t.prepare(for: context)
        #expect(t.frame(ofItem: 3) == CGRect(x: 0, y: 200, width: 390, height: 100))
        t.itemHeights?[0] = 10
        t.prepare(for: context)
        #expect(t.frame(ofItem: 1) == CGRect(x: 0, y: 10, width: 390, height: 50))
        #expect(t.collectionViewContentSize.height == 860)
    }

    /// A host may assign the height before every prepare (the pizza layout does): the same
    /// value, NaN included, keeps the frames.
    @Test func reassigningTheSameHeightKeepsTheFrames() {
        for height in [44, CGFloat.nan] {
            let t = TableLayout(itemHeight: height)
            let context = CollectionContext(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), numberOfItems: 1000)
            t.prepare(for: context)
            let n = t.frameComputationCount
            t.itemHeight = height
            t.prepare(for: context)
            #expect(t.frameComputationCount == n, "\(height)")
        }
    }
}
