// Apple APIs: UIKit (UICollectionViewLayout: prepare, collectionViewContentSize,
// layoutAttributesForElements(in:), layoutAttributesForItem(at:),
// layoutAttributesForSupplementaryView(ofKind:at:),
// targetContentOffset(forProposedContentOffset:withScrollingVelocity:),
// shouldInvalidateLayout(forBoundsChange:), invalidateLayout(); UICollectionViewLayoutAttributes;
// UIEdgeInsets). iOS 15.
#if canImport(UIKit)
import CutoutCollection
import CutoutGeometry
import UIKit

/// A `UICollectionViewLayout` that forwards every question to one of Cutout's collection
/// layouts (single section), converting on the way: the collection view's bounds and item
/// count in, `LayoutAttributes.platformAttributes` out, and the scrolling velocity — which UIKit
/// hands in points per millisecond — through `ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond:)`
/// into the core's points per second.
public class CutoutCollectionViewLayout: UICollectionViewLayout {
    let core: CollectionLayout

    init(core: CollectionLayout) {
        self.core = core
        super.init()
    }

    /// Storyboards cannot configure these layouts: create them in code.
    public required init?(coder: NSCoder) { return nil }

    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        core.prepare(for: CollectionContext(bounds: collectionView.bounds, numberOfItems: count))
    }

    public override var collectionViewContentSize: CGSize { core.collectionViewContentSize }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        core.layoutAttributesForElements(in: rect).map(Self.attributes)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        core.layoutAttributesForItem(at: indexPath).map(Self.attributes)
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                           at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        core.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(Self.attributes)
    }

    /// `velocity` arrives from UIKit in points per millisecond.
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                           withScrollingVelocity velocity: CGPoint) -> CGPoint {
        core.targetContentOffset(forProposedContentOffset: proposedContentOffset,
                                 withScrollingVelocity: ScrollPhysics.pointsPerSecond(fromPointsPerMillisecond: velocity))
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        core.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    /// UIKit's attributes object filled from `PlatformLayoutAttributes` (centre and size, never
    /// `frame`, because the element may be transformed).
    static func attributes(_ a: LayoutAttributes) -> UICollectionViewLayoutAttributes {
        let p = a.platformAttributes
        let indexPath = IndexPath(item: p.item, section: p.section)
        let u = p.representedElementKind.map { UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
            ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
        u.center = p.center
        u.size = p.size
        u.transform = CGAffineTransform(p.transform)
        u.alpha = p.alpha
        u.zIndex = p.zIndex
        u.isHidden = p.isHidden
        return u
    }
}

/// One column of the two-halves pizza selector (the third seed article) as a collection view
/// layout: scale toward the centre, alignment of each half to the screen's middle, captions as
/// supplementary views of kind ``captionKind``, snapping to whole pizzas.
///
/// Set the collection view's `contentInset` to ``centeringContentInset(forBoundsSize:)`` so the
/// first and last pizzas can reach the centre, and its `decelerationRate` to `.fast` as the seed does.
public final class PizzaHalfSelectorCollectionViewLayout: CutoutCollectionViewLayout {
    /// Which half the column shows (`.left` or `.right`): decides the alignment toward the middle.
    public typealias Orientation = PizzaHalfOrientation
    /// The selector's numbers (item size, gap between halves, scale, drum style…).
    public typealias Configuration = PizzaHalfSelectorLayout.Configuration

    /// The supplementary-view kind of the captions.
    public static let captionKind = PizzaHalfSelectorLayout.captionKind

    private let layout: PizzaHalfSelectorLayout

    /// A column for one half.
    public init(orientation: Orientation, configuration: Configuration = Configuration()) {
        layout = PizzaHalfSelectorLayout(orientation: orientation, configuration: configuration)
        super.init(core: layout)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The insets that let the first and last items reach the centre of a view of `size`.
    public func centeringContentInset(forBoundsSize size: CGSize) -> UIEdgeInsets {
        UIEdgeInsets(layout.centeringContentInset(forBoundsSize: size))
    }

    /// The content offset that centres `item`.
    public func contentOffset(forItem item: Int) -> CGPoint { layout.contentOffset(for: item) }

    /// The item under the centre at the last `prepare()`.
    public var centeredItem: Int { layout.currentPizzaIndex }

    /// The pizza both columns show centred, whose caption this column then returns hidden (show
    /// one caption for the whole pizza instead); `nil` shows every caption. Set it on both
    /// columns when their centred items become the same, and back to `nil` when they differ;
    /// a change invalidates the layout.
    public var wholePizzaItem: Int? {
        get { layout.wholePizzaItem }
        set {
            guard newValue != layout.wholePizzaItem else { return }
            layout.wholePizzaItem = newValue
            invalidateLayout()
        }
    }
}

/// A horizontal carousel (linear, rotary, cylinder, cover flow, wheel; optionally wrapping) as
/// a collection view layout, snapping to items.
public final class CarouselCollectionViewLayout: CutoutCollectionViewLayout {
    /// The arrangement: linear, rotary, cylinder, cover flow or wheel.
    public typealias Style = CarouselLayout.Style

    private let layout: CarouselLayout

    /// A carousel of `itemSize` items `itemSpacing` apart at the centre; `wrapsAround` repeats the items.
    public init(style: Style, itemSize: CGSize = CGSize(width: 160, height: 220), itemSpacing: CGFloat = 180,
                wrapsAround: Bool = false) {
        layout = CarouselLayout(style: style, itemSize: itemSize, itemSpacing: itemSpacing, wrapsAround: wrapsAround)
        super.init(core: layout)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The insets that let the first and last items reach the centre of a view of `size`.
    public func centeringContentInset(forBoundsSize size: CGSize) -> UIEdgeInsets {
        UIEdgeInsets(layout.centeringContentInset(forBoundsSize: size))
    }

    /// The content offset that centres `item`.
    public func contentOffset(forItem item: Int) -> CGPoint { layout.contentOffset(for: item) }

    /// The item under the centre at the last `prepare()`.
    public var centeredItem: Int { layout.currentIndex }
}
#endif
