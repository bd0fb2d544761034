import CutoutGeometry
import Foundation

/// The collection view a layout works for: what `UICollectionViewLayout` reads from its
/// `collectionView`.
public struct CollectionContext: Hashable, Sendable {
    /// The visible rect in content coordinates: origin = content offset, size = viewport.
    public var bounds: CGRect
    /// Number of items in the single section, clamped to `0...maxNumberOfItems` (layouts cache
    /// per-item data, so an absurd count must not allocate without bound).
    public var numberOfItems: Int {
        didSet { numberOfItems = Self.clamp(numberOfItems) }
    }

    /// The most items a collection holds: 1,000,000.
    public static let maxNumberOfItems = 1_000_000

    public init(bounds: CGRect, numberOfItems: Int) {
        self.bounds = bounds
        self.numberOfItems = Self.clamp(numberOfItems)
    }

    private static func clamp(_ n: Int) -> Int { min(max(0, n), maxNumberOfItems) }
}

/// What a bounds change makes stale, as `UICollectionViewLayoutInvalidationContext`.
public struct LayoutInvalidation: Hashable, Sendable {
    /// Cached frames must be recomputed (the width or the item count changed).
    public var invalidatesCachedFrames: Bool
    /// Per-item attributes that depend on the offset (scale, alpha, zIndex) must be recomputed.
    public var invalidatesOffsetDependentAttributes: Bool

    public static let none = LayoutInvalidation(invalidatesCachedFrames: false, invalidatesOffsetDependentAttributes: false)
}

/// A layout in the shape of `UICollectionViewLayout`: prepared for a collection, then queried.
///
/// Implementations are classes because they keep caches between queries.
public protocol CollectionLayout: AnyObject {
    /// Computes and caches what queries need. Called before queries whenever the context changes.
    func prepare(for context: CollectionContext)
    /// The scrollable content size.
    var collectionViewContentSize: CGSize { get }
    /// Attributes of every element (cells and supplementary views) whose frame meets `rect`.
    func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]
    /// Attributes of one item, `nil` when out of range.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
    /// Attributes of one supplementary view, `nil` when there is none (or it is invisible).
    func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
    /// Where a scroll that would stop at `proposedContentOffset` with `velocity` (points per
    /// second; UIKit hands this method points per millisecond, convert with
    /// ``ScrollPhysics/pointsPerSecond(fromPointsPerMillisecond:)-(CGPoint)``) should stop instead.
    func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint
    /// What must be recomputed when the bounds change to `newBounds`.
    func invalidation(forBoundsChange newBounds: CGRect) -> LayoutInvalidation
}

extension CollectionLayout {
    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Stops where proposed, whatever the velocity (points per second).
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Whether any recomputation is needed for `newBounds`, as `shouldInvalidateLayout(forBoundsChange:)`.
    public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        invalidation(forBoundsChange: newBounds) != .none
    }
}
