import CutoutGeometry
import Foundation

/// A horizontal carousel with per-item transforms and snapping, in the styles users ask for
/// beyond the seed (iCarousel's classics), each optionally wrapping around.
///
/// Scrolling is horizontal: the content offset x divided by ``itemSpacing`` is the fractional
/// index at the centre. 3-D styles are drawn with 2-D affine transforms (scale for depth,
/// horizontal scale for foreshortening, rotation for the wheel), as a layer tree can show them.
///
/// A query computes attributes only for the items that can reach the rect, found in closed
/// form from the offset (see each ``Style``), so a frame costs the same at 100 items as at
/// 1,000,000.
public final class CarouselLayout: CollectionLayout {
    /// The arrangement of the items.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Items in a row. A query considers the items under the rect plus one at each side.
        case linear
        /// Items around a circle seen from slightly above: far ones smaller and behind.
        ///
        /// Items far from the centre come back into view behind it (the far side of the
        /// circle is shown, smaller and fainter), so a query considers two arcs: the items whose
        /// centre x = r · sin θ lies within half an item width of the rect on the front half
        /// of the circle, and the same on the back half, each widened by one item. That is
        /// enough because no item is drawn wider than its width (depth only shrinks it). At
        /// large counts that is about `2 · ((rect.width + itemSize.width) / itemSpacing + 3)`
        /// items; every item when the whole circle fits in the rect.
        case rotary
        /// Items on the outside of a turning cylinder: foreshortened toward the sides. Items
        /// facing away are hidden, so only the front arc is considered.
        case cylinder
        /// The centre item flat and in front, the others slid aside, narrowed and stacked. A
        /// query considers the items whose (monotonic) position puts them under the rect.
        case coverFlow
        /// Items on the rim of a wheel whose hub is below the view, each rotated to its spoke.
        ///
        /// Items more than a quarter turn from the top are hidden, so a query considers one
        /// arc: the items whose centre x = r · sin θ lies within half an item diagonal of the
        /// rect (a turned item is at most its diagonal wide), widened by one item at each end;
        /// about `(rect.width + diagonal) / itemSpacing + 3` items at large counts.
        case wheel
    }

    /// The arrangement of the items.
    public var style: Style
    /// Size of each item.
    public var itemSize: CGSize
    /// Distance between neighbouring items along the scroll direction at the centre.
    public var itemSpacing: CGFloat
    /// Whether the last item is followed by the first again.
    public var wrapsAround: Bool
    /// How many times the content repeats when wrapping, so a host can scroll "forever" and
    /// recentre when idle.
    public static let wrapRepeats = 1000

    public private(set) var context = CollectionContext(bounds: .zero, numberOfItems: 0)

    public init(style: Style, itemSize: CGSize = CGSize(width: 160, height: 220), itemSpacing: CGFloat = 180, wrapsAround: Bool = false) {
        self.style = style
        self.itemSize = itemSize
        self.itemSpacing = itemSpacing.isFinite && itemSpacing > 0 ? itemSpacing : 180
        self.wrapsAround = wrapsAround
    }

    public func prepare(for context: CollectionContext) { self.context = context }

    var n: Int { context.numberOfItems }

    public var collectionViewContentSize: CGSize {
        let count = wrapsAround ? n * Self.wrapRepeats : n
        return CGSize(width: CGFloat(max(count - 1, 0)) * itemSpacing + context.bounds.width, height: context.bounds.height)
    }

    /// The fractional index at the centre for a content offset.
    public func scrollIndex(offset: CGPoint) -> CGFloat { offset.x / itemSpacing }

    /// The content offset that centres item `i` (for wrapping carousels, the copy nearest the
    /// middle of the content).
    public func contentOffset(for i: Int) -> CGPoint {
        guard wrapsAround, n > 0 else { return CGPoint(x: CGFloat(i) * itemSpacing, y: 0) }
        let middleCopy = (Self.wrapRepeats / 2) * n
        return CGPoint(x: CGFloat(middleCopy + ((i % n) + n) % n) * itemSpacing, y: 0)
    }

    /// Item `i`'s position relative to the centre, in items; wrapped into −n/2..<n/2 when
    /// wrapping.
    public func relativePosition(ofItem i: Int) -> CGFloat {
        var p = CGFloat(i) - scrollIndex(offset: context.bounds.origin)
        if wrapsAround && n > 0 {
            let count = CGFloat(n)
            p = p - count * ((p + count / 2) / count).rounded(.down)
        }
        return p
    }

    /// The angle between neighbours and the radius of the circle of the rotary, cylinder and
    /// wheel styles: neighbours sit one spacing apart at the front; wrapping spreads the items
    /// over the whole circle, otherwise the angle is capped (`maxStep`) so few items do not.
    func circle(maxStep: CGFloat) -> (step: CGFloat, radius: CGFloat) {
        let count = CGFloat(max(n, 1))
        let step = wrapsAround ? 2 * .pi / count : min(2 * .pi / count, maxStep)
        return (step, itemSpacing / max(2 * sin(step / 2), 1e-6))
    }

    /// The largest angle between neighbours on the rotary and cylinder circle.
    static let cylinderMaxStep: CGFloat = .pi / 4
    /// The largest angle between neighbours on the wheel.
    static let wheelMaxStep: CGFloat = .pi / 8

    /// How many times attributes of one item were computed: lets tests count a query's work
    /// instead of timing it.
    var attributeEvaluationCount = 0

    func attributes(_ i: Int) -> LayoutAttributes? {
        guard i >= 0, i < n else { return nil }
        attributeEvaluationCount += 1
        let p = relativePosition(ofItem: i)
        let cx = context.bounds.midX, cy = context.bounds.midY
        var a = LayoutAttributes(indexPath: .item(i), frame: CGRect(x: cx - itemSize.width / 2, y: cy - itemSize.height / 2,
                                                                    width: itemSize.width, height: itemSize.height))
        switch style {
        case .linear:
            a.center.x = cx + p * itemSpacing
            a.zIndex = 0
        case .rotary, .cylinder:
            let (step, radius) = circle(maxStep: Self.cylinderMaxStep)
            let theta = p * step
            a.center.x = cx + radius * sin(theta)
            let depth = cos(theta)
            if style == .rotary {
                let s = 0.7 + 0.3 * (depth + 1) / 2
                a.transform = Transform(scaleX: s, y: s)
                a.center.y = cy - (1 - depth) * itemSize.height * 0.1
            } else {
                a.transform = Transform(scaleX: max(abs(depth), 0.05), y: 1)
                a.isHidden = depth < 0
            }
            a.alpha = depth < 0 ? 0.5 + 0.5 * (depth + 1) : 1
            a.zIndex = Int(saturating: depth * 1000)
        case .coverFlow:
            let clamped = max(-1, min(1, p))
            let side = itemSize.width * Self.coverFlowSide
            a.center.x = cx + clamped * side + (p - clamped) * itemSpacing * Self.coverFlowStacking
            let squeeze = 1 - 0.45 * abs(clamped)
            a.transform = Transform(scaleX: squeeze, y: 1 - 0.1 * abs(clamped))
            a.zIndex = -Int(saturating: abs(p) * 100)
        case .wheel:
            let (step, radius) = circle(maxStep: Self.wheelMaxStep)
            let theta = p * step
            let hub = CGPoint(x: cx, y: cy + radius)
            a.center = CGPoint(x: hub.x + radius * sin(theta), y: hub.y - radius * cos(theta))
            a.transform = Transform(rotationAngle: theta)
            a.isHidden = abs(theta) > .pi / 2
            a.zIndex = -Int(saturating: abs(p) * 100)
        }
        return a
    }

    /// Cover flow: how far the neighbours sit from the centre, in item widths.
    static let coverFlowSide: CGFloat = 0.55
    /// Cover flow: the spacing of the stacked items beyond the neighbours, in item spacings.
    static let coverFlowStacking: CGFloat = 0.35

    /// Attributes of the items whose transformed frame meets `rect`, back to front.
    ///
    /// Only the candidates of ``candidateItems(in:)`` are computed: the items whose position,
    /// found in closed form from the offset, can bring them into `rect` (see each
    /// ``Style``). Complexity: O(k) for k items on screen, whatever the item count.
    public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        guard n > 0, !rect.isNull else { return [] }
        var shown: [LayoutAttributes] = []
        for range in candidateItems(in: rect) {
            WorkMeter.record(range.count, .layoutItems)
            for i in range {
                if let a = attributes(i), !a.isHidden, a.visibleFrame.overlaps(rect) { shown.append(a) }
            }
        }
        return shown.sorted { $0.zIndex < $1.zIndex }
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(indexPath.last ?? -1)
    }

    /// The content inset that lets the first and the last item reach the centre of a viewport
    /// of `boundsSize`: none, because the carousel's content already runs half a viewport
    /// past both ends once prepared for that viewport (its width is `(count − 1) · itemSpacing`
    /// plus the viewport width, and the offset that centres item i is `i · itemSpacing`, from 0
    /// to the largest offset).
    /// Hosts can set it as they set the pizza selector's
    /// (``PizzaHalfSelectorLayout/centeringContentInset(forBoundsSize:)``).
    public func centeringContentInset(forBoundsSize boundsSize: CGSize) -> EdgeInsets { .zero }

    /// Snaps to the nearest item to the proposed centre, whatever the velocity (points per
    /// second).
    public func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard n > 0, proposed.x.isFinite else { return context.bounds.origin }
        var index = scrollIndex(offset: proposed).rounded()
        if !wrapsAround { index = min(max(index, 0), CGFloat(n - 1)) }
        return CGPoint(x: index * itemSpacing, y: proposed.y)
    }

    /// The item at the centre (wrapped into 0..<n when wrapping). A non-finite offset or
    /// spacing counts as index 0 (NaN) or the nearest end (infinities).
    public var currentIndex: Int {
        guard n > 0 else { return 0 }
        let i = Int(saturating: scrollIndex(offset: context.bounds.origin))
        return wrapsAround ? ((i % n) + n) % n : min(max(i, 0), n - 1)
    }

    public func invalidation(forBoundsChange newBounds: CGRect) -> LayoutInvalidation {
        LayoutInvalidation(invalidatesCachedFrames: false, invalidatesOffsetDependentAttributes: newBounds != context.bounds)
    }
}
