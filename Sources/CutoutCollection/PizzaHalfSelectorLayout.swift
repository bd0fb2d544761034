import CutoutGeometry
import Foundation

/// Which half of the pizza a selector column shows.
public enum PizzaHalfOrientation: String, Hashable, Sendable, CaseIterable {
    case left, right

    /// The other half.
    public var opposite: PizzaHalfOrientation { self == .left ? .right : .left }
}

/// The vertical pizza-half selector: a table of pizzas whose centred item is the
/// chosen one, with scaling, fading, alignment toward the other half, vertical compaction,
/// pinned captions, snapping and a drum variant.
///
/// Everything is a function of the prepared ``CollectionContext`` (bounds = content offset +
/// viewport), so every frame of a scroll can be computed and tested without UIKit.
public final class PizzaHalfSelectorLayout: CollectionLayout {
    /// How cells are placed.
    public enum Style: Hashable, Sendable {
        /// A list whose neighbours shrink and fade (the shipped design).
        case regular
        /// Every cell stacked on the centre pizza's frame, offset by its progress: a drum.
        /// Past the critical offset the cells pile up on one spot at each end; each lies
        /// exactly under its neighbour toward the current pizza and is hidden, so only the top
        /// of each pile is returned.
        case drum
    }

    /// The selector's numbers (sizes, scales, alphas, gaps); every one can be changed.
    public struct Configuration: Hashable, Sendable {
        /// Side of a pizza cell and the table's row height.
        public var itemSize: CGFloat = 300
        /// Gap between the left and right halves at the screen centre.
        public var spaceBetweenHalves: CGFloat = 8
        /// Distance from the screen centre at which an item reaches its smallest scale.
        /// Compaction follows it for at most 10,000 item sizes; beyond, items take the minimum scale.
        public var criticalOffsetFromCenter: CGFloat = 200
        /// How much an item shrinks at the critical offset: scale = 1 − factor · |norm|.
        /// Used clamped to 0...1 (NaN counts as 0): beyond 1 items would turn inside out.
        public var scaleFactor: CGFloat = 0.4
        /// Pull shrunken neighbours toward the centre so scaling leaves no gaps.
        public var compactsVertically = true
        /// The drum's spacing factor: vertical offset = progress · critical offset · factor.
        public var drumSpacing: CGFloat = 1.1
        /// Caption height and its distance from the top of the viewport.
        public var captionHeight: CGFloat = 44
        public var captionTop: CGFloat = 24
        /// How far a caption slides with the norm (points at |norm| = 1).
        public var captionSlide: CGFloat = 40
        public var style: Style = .regular

        public init() {}
    }

    /// Compaction stacks at most this many items out from the anchor one by one; farther items
    /// take the minimum scale. It only matters when ``Configuration/criticalOffsetFromCenter``
    /// exceeds this many item sizes.
    static let maxCompactionZone = 10_000

    /// The supplementary kind of the pinned captions.
    public static let captionKind = "caption"
    /// zIndex of captions: above every cell.
    public static let captionZIndex = 100

    /// Which half this column shows; decides the alignment toward the screen centre.
    public var orientation: PizzaHalfOrientation
    /// The selector's numbers.
    public var configuration: Configuration
    /// The pizza both halves show, whose side caption then hides: one caption for the whole
    /// pizza, in the middle of the screen, replaces the two side captions. `nil` (the default)
    /// shows every caption.
    ///
    /// ``PizzaHalfSelector`` sets it on both of its layouts. A host driving two layouts itself
    /// sets it on both when their centred items become the same, and back to `nil` when they
    /// differ, then has them laid out again.
    ///
    /// The hidden caption is still returned, at its usual place, fade and slide, with
    /// `isHidden` set: as with `UICollectionViewLayoutAttributes.isHidden`, a collection view
    /// keeps its view and only hides it, so it shows again in place when the halves differ,
    /// and the whole-pizza caption can take its fade and slide from it.
    public var wholePizzaItem: Int?
    private let table: TableLayout
    public private(set) var context = CollectionContext(bounds: .zero, numberOfItems: 0)

    public init(orientation: PizzaHalfOrientation, configuration: Configuration = Configuration()) {
        self.orientation = orientation
        self.configuration = configuration
        self.table = TableLayout(itemHeight: configuration.itemSize)
    }

    public func prepare(for context: CollectionContext) {
        self.context = context
        table.itemHeight = configuration.itemSize
        table.prepare(for: context)
    }

    public var collectionViewContentSize: CGSize { table.collectionViewContentSize }

    public var numberOfItems: Int { context.numberOfItems }

    var h: CGFloat { max(configuration.itemSize, 1e-9) }

    /// ``Configuration/scaleFactor`` clamped to 0...1.
    var scaleFactor: CGFloat {
        let f = configuration.scaleFactor
        return f.isNaN ? 0 : min(max(f, 0), 1)
    }

    /// The smallest scale an item takes: 1 − ``scaleFactor``.
    var minimumScale: CGFloat { 1 - scaleFactor }

    // MARK: Offset ↔ index

    /// The fractional index under the screen centre for an offset:
    /// (offset.y + viewportHeight / 2) / h. Item i is centred when this is i + 0.5.
    public func pizzaIndex(offset: CGPoint) -> CGFloat {
        (offset.y + context.bounds.height / 2) / h
    }

    /// The offset that centres item `index`: (0, h·i + h/2 − viewportHeight/2).
    public func contentOffset(for index: Int) -> CGPoint {
        CGPoint(x: 0, y: h * CGFloat(index) + h / 2 - context.bounds.height / 2)
    }

    /// The content inset that lets the first and the last pizza reach the centre of a viewport
    /// of `boundsSize`: half the viewport minus half a pizza, above and below (negative when
    /// a pizza is taller than the viewport, which then keeps the content from scrolling past
    /// the centred end pizzas). Set it as the scroll view's `contentInset`.
    public func centeringContentInset(forBoundsSize boundsSize: CGSize) -> EdgeInsets {
        let inset = (boundsSize.height - h) / 2
        return EdgeInsets(top: inset, bottom: inset)
    }

    /// The item under the screen centre at the current bounds, clamped to the items (a NaN
    /// offset counts as item 0).
    public var currentPizzaIndex: Int {
        clampIndex(Int(saturating: pizzaIndex(offset: context.bounds.origin), rounding: .down))
    }

    private func clampIndex(_ i: Int) -> Int { min(max(i, 0), max(numberOfItems - 1, 0)) }

    var screenCenterY: CGFloat { context.bounds.midY }

    // MARK: Scale

    /// (item.midY − screenCenterY) / criticalOffset clamped to −1...1: 0 at the centre. NaN
    /// (from an item size, critical offset or bounds that is not finite) counts as 1, the
    /// farthest, so every scale and alpha derived from it stays in range.
    public func normalizedDistance(forItem i: Int) -> CGFloat {
        let mid = h * CGFloat(i) + h / 2
        let raw = (mid - screenCenterY) / max(configuration.criticalOffsetFromCenter, 1e-9)
        return raw.isNaN ? 1 : min(max(raw, -1), 1)
    }

    /// 1 − scaleFactor · |norm|: 1 for the centred pizza, 0.6 for the neighbours by default.
    public func scale(forItem i: Int) -> CGFloat {
        1 - scaleFactor * abs(normalizedDistance(forItem: i))
    }

    // MARK: Placement

    /// Horizontal shift so that a cell scaled by `scale` touches the screen centre, leaving
    /// half the gap: (width − scaledWidth) / 2, toward the other half.
    private func alignedCenterX(scale: CGFloat) -> CGFloat {
        let w = context.bounds.width
        let hOffset = (w - w * scale) / 2
        switch orientation {
        case .left: return w / 2 + hOffset - configuration.spaceBetweenHalves / 2
        case .right: return w / 2 - hOffset + configuration.spaceBetweenHalves / 2
        }
    }

    /// Centre y of item `i` with the neighbours pulled together.
    ///
    /// Items are stacked outward from an anchor item so that consecutive scaled items touch
    /// (centres h·(sᵢ + sᵢ₊₁)/2 apart). Stacking from the item just above the centre and from
    /// the one just below gives two placements; blending them by the fractional position
    /// keeps the motion continuous when the anchor changes.
    func compactedMidY(forItem i: Int) -> CGFloat {
        let c = pizzaIndex(offset: context.bounds.origin) - 0.5
        let a = Int(saturating: c, rounding: .down)
        let t = c - CGFloat(a)
        let p0 = stackedMidY(i, anchor: a)
        guard t > 0 else { return p0 }
        return p0 + (stackedMidY(i, anchor: a + 1) - p0) * t
    }

    /// Centre of `i` stacked from `anchor`, which keeps its table position.
    private func stackedMidY(_ i: Int, anchor: Int) -> CGFloat {
        let anchorMid = h * CGFloat(anchor) + h / 2
        if i == anchor { return anchorMid }
        let step = i > anchor ? 1 : -1
        let zone = compactionZone
        var y = anchorMid
        var k = anchor
        var sPrev = scale(forItem: k)
        defer { WorkMeter.record(abs(k - anchor), .layoutItems) }
        while k != i && abs(k - anchor) < zone {
            k += step
            let s = scale(forItem: k)
            y += CGFloat(step) * h * (sPrev + s) / 2
            sPrev = s
        }
        if k != i { y += CGFloat(i - k) * h * minimumScale }
        return y
    }

    /// How many items out from an anchor compaction stacks one by one. Beyond, every scale is
    /// the minimum, so the rest of the stack is arithmetic and costs O(1). Capped so an absurd
    /// criticalOffsetFromCenter / itemSize cannot make the walk unbounded.
    var compactionZone: Int {
        min(Int(saturating: configuration.criticalOffsetFromCenter / h, rounding: .up), Self.maxCompactionZone) + 2
    }

    /// How many times attributes of one cell were computed: lets tests count a query's work
    /// instead of timing it.
    var attributeEvaluationCount = 0

    /// Attributes of item `i` at the prepared bounds.
    func cellAttributes(_ i: Int) -> LayoutAttributes? {
        guard let base = table.frame(ofItem: i) else { return nil }
        attributeEvaluationCount += 1
        var attrs = LayoutAttributes(indexPath: .item(i), frame: base)
        let s = scale(forItem: i)
        switch configuration.style {
        case .regular:
            // Frame first, then the transform: the order the seed insists on.
            let midY = configuration.compactsVertically ? compactedMidY(forItem: i) : base.midY
            attrs.center = CGPoint(x: alignedCenterX(scale: s), y: midY)
            attrs.transform = Transform(scaleX: s, y: s)
            attrs.alpha = s
            attrs.zIndex = 0
        case .drum:
            let progress = normalizedDistance(forItem: i)
            let vOffset = progress * configuration.criticalOffsetFromCenter * configuration.drumSpacing
            attrs.center = CGPoint(x: alignedCenterX(scale: s), y: screenCenterY + vOffset)
            attrs.transform = Transform(scaleX: s, y: s)
            attrs.alpha = 1
            attrs.zIndex = drumZIndex(forItem: i)
            attrs.isHidden = isStackedUnderNeighbour(i, progress: progress)
        }
        return attrs
    }

    /// Whether a drum cell lies exactly under its neighbour toward the current pizza: past the
    /// critical offset every cell takes the same place and scale (progress ±1), and the
    /// neighbour nearer the current pizza is stacked above it, so it cannot be seen. Only the
    /// top of each of the two stacks is shown, which keeps a drum of a million pizzas to a
    /// handful of cells.
    private func isStackedUnderNeighbour(_ i: Int, progress: CGFloat) -> Bool {
        if progress == 1 { return i > 0 && normalizedDistance(forItem: i - 1) == 1 }
        if progress == -1 { return i < numberOfItems - 1 && normalizedDistance(forItem: i + 1) == -1 }
        return false
    }

    /// The drum's stacking order: the current pizza on top (n), rows above it rising toward
    /// it (row), rows below falling away from it (n − row − 1).
    public func drumZIndex(forItem row: Int) -> Int {
        let current = currentPizzaIndex
        if row == current { return numberOfItems }
        return row < current ? row : numberOfItems - row - 1
    }

    /// The caption above item `i`: pinned to a fixed place on screen (it moves with the
    /// bounds), fading and sliding with the item's norm, hidden for the ``wholePizzaItem``.
    /// `nil` when fully transparent.
    private func captionAttributes(_ i: Int) -> LayoutAttributes? {
        guard i >= 0, i < numberOfItems else { return nil }
        let norm = normalizedDistance(forItem: i)
        let alpha = 1 - abs(norm)
        guard alpha > 0 else { return nil }
        let frame = CGRect(x: context.bounds.minX, y: context.bounds.minY + configuration.captionTop,
                           width: context.bounds.width, height: configuration.captionHeight)
        var attrs = LayoutAttributes(indexPath: .item(i), category: .supplementaryView(kind: Self.captionKind), frame: frame)
        attrs.alpha = alpha
        attrs.transform = Transform(translationX: 0, y: norm * configuration.captionSlide)
        attrs.zIndex = Self.captionZIndex
        attrs.isHidden = i == wholePizzaItem
        return attrs
    }

    // MARK: CollectionLayout

    /// Attributes of the cells whose transformed frame meets `rect` (hidden ones left out),
    /// then of the captions whose transformed frame meets it (fully transparent ones left out;
    /// that of the ``wholePizzaItem`` returned hidden), each in ascending item order.
    ///
    /// A caption is pinned to the viewport, not to its cell, so it can meet `rect` while its
    /// cell does not, and the other way round. Only the candidates of ``candidateItems(in:)``
    /// and ``captionCandidateItems(in:)`` are computed, both found in closed form from the
    /// offset. Complexity: O(k) for k elements returned, whatever the item count.
    public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        guard numberOfItems > 0, !rect.isNull else { return [] }
        let candidates = candidateItems(in: rect)
        WorkMeter.record(candidates.count, .layoutItems)
        let cells = candidates.compactMap(cellAttributes).filter { !$0.isHidden && $0.visibleFrame.overlaps(rect) }
        let captions = captionCandidateItems(in: rect).compactMap(captionAttributes).filter { $0.visibleFrame.overlaps(rect) }
        return cells + captions
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        cellAttributes(indexPath.last ?? -1)
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        kind == Self.captionKind ? captionAttributes(indexPath.last ?? -1) : nil
    }

    /// Snaps to the pizza under the proposed screen centre, for any velocity (points per
    /// second): the item whose row contains `proposed.y + viewportHeight / 2`, clamped to the
    /// items.
    public func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard numberOfItems > 0, proposed.y.isFinite else { return context.bounds.origin }
        let index = clampIndex(Int(saturating: pizzaIndex(offset: proposed), rounding: .down))
        return contentOffset(for: index)
    }

    /// Any move changes scales, alphas and captions; a width change also changes frames.
    public func invalidation(forBoundsChange newBounds: CGRect) -> LayoutInvalidation {
        LayoutInvalidation(invalidatesCachedFrames: newBounds.width != context.bounds.width,
                           invalidatesOffsetDependentAttributes: newBounds != context.bounds)
    }
}
