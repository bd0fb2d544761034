import CutoutGeometry
import Foundation

/// A single-column list, as `UITableView` lays out: item i spans the full width below item
/// i − 1. Heights are uniform (`itemHeight`) or per item (`itemHeights`).
///
/// Frames are computed once per `prepare` and cached with their prefix sums, so
/// ``visibleItems(in:)`` answers in O(log n + k) for k visible items, and a bounds change
/// that only moves the origin recomputes nothing.
public final class TableLayout: CollectionLayout {
    /// Height of every item when ``itemHeights`` is `nil`. Negative or non-finite → 0.
    ///
    /// Changing it makes the next `prepare` recompute the frames. Assigning the value it
    /// already has (bit for bit, so NaN too) does not: a host may set it before every prepare.
    public var itemHeight: CGFloat {
        didSet { if itemHeight.bitPattern != oldValue.bitPattern { framesAreStale = true } }
    }
    /// Per-item heights; missing entries use ``itemHeight``. Any assignment or mutation makes
    /// the next `prepare` recompute the frames.
    public var itemHeights: [CGFloat]? {
        didSet { framesAreStale = true }
    }

    public private(set) var context = CollectionContext(bounds: .zero, numberOfItems: 0)
    /// Top edge of each item, plus the content height at the end.
    private var tops: [CGFloat] = [0]
    /// How many times frames were recomputed (visible for tests of invalidation).
    public private(set) var frameComputationCount = 0
    /// A height changed since the frames were computed: ``tops`` no longer match the heights.
    private var framesAreStale = false

    public init(itemHeight: CGFloat = 300, itemHeights: [CGFloat]? = nil) {
        self.itemHeight = itemHeight
        self.itemHeights = itemHeights
    }

    private func height(of item: Int) -> CGFloat {
        let h = itemHeights.flatMap { item < $0.count ? $0[item] : nil } ?? itemHeight
        return h.isFinite && h > 0 ? h : 0
    }

    public func prepare(for context: CollectionContext) {
        let recompute = framesAreStale || context.numberOfItems != self.context.numberOfItems
            || context.bounds.width != self.context.bounds.width || tops.count != context.numberOfItems + 1
        self.context = context
        if recompute { recomputeFrames() }
    }

    /// Recomputes the cached frames now, for the current context, rather than at the next
    /// `prepare` (which recomputes them by itself after a height changed).
    public func invalidateFrames() { recomputeFrames() }

    private func recomputeFrames() {
        frameComputationCount += 1
        framesAreStale = false
        WorkMeter.record(context.numberOfItems, .layoutItems)
        var t: [CGFloat] = [0]
        t.reserveCapacity(context.numberOfItems + 1)
        var y: CGFloat = 0
        for i in 0..<context.numberOfItems {
            y += height(of: i)
            t.append(y)
        }
        tops = t
    }

    public var numberOfItems: Int { tops.count - 1 }

    public var collectionViewContentSize: CGSize {
        CGSize(width: context.bounds.width, height: tops.last ?? 0)
    }

    /// The cached frame of item `i`, `nil` when out of range.
    public func frame(ofItem i: Int) -> CGRect? {
        guard i >= 0, i < numberOfItems else { return nil }
        return CGRect(x: 0, y: tops[i], width: context.bounds.width, height: tops[i + 1] - tops[i])
    }

    /// Items whose frames overlap `rect` vertically (touching is not overlapping), found by
    /// binary search.
    ///
    /// Complexity: O(log n + k).
    public func visibleItems(in rect: CGRect) -> Range<Int> {
        let n = numberOfItems
        guard n > 0, !rect.isNull, rect.maxY > 0, rect.minY < tops[n] else { return 0..<0 }
        // First item whose bottom is below rect.minY.
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if tops[mid + 1] <= rect.minY { lo = mid + 1 } else { hi = mid }
        }
        let first = lo
        // First item whose top is at or below rect.maxY.
        lo = first; hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if tops[mid] < rect.maxY { lo = mid + 1 } else { hi = mid }
        }
        return first..<lo
    }

    public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        visibleItems(in: rect).compactMap { layoutAttributesForItem(at: .item($0)) }
    }

    /// How many times attributes of one item were computed: lets tests count a query's work
    /// instead of timing it.
    var attributeEvaluationCount = 0

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let f = frame(ofItem: indexPath.last ?? -1) else { return nil }
        attributeEvaluationCount += 1
        return LayoutAttributes(indexPath: indexPath, frame: f)
    }

    public func invalidation(forBoundsChange newBounds: CGRect) -> LayoutInvalidation {
        LayoutInvalidation(invalidatesCachedFrames: newBounds.width != context.bounds.width,
                           invalidatesOffsetDependentAttributes: false)
    }
}
