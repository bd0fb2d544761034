import CutoutGeometry
import Foundation

/// A horizontal carousel with per-item transforms and snapping, in the styles users ask for
/// beyond the seed (iCarousel's classics), each optionally wrapping around.
///
/// Scrolling is horizontal: the content offset x divided by ``itemSpacing`` is the fractional
/// index at the centre. 3-D styles are drawn with 2-D affine transforms (scale for depth,
/// horizontal scale for foreshortening, rotation for the wheel), as a layer tree can show them.
public final class CarouselLayout: CollectionLayout {
    /// The arrangement of the items.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Items in a row.
        case linear
        /// Items around a circle seen from slightly above: far ones smaller and behind.
        case rotary
        /// Items on the outside of a turning cylinder: foreshortened toward the sides.
        case cylinder
        /// The centre item flat and in front, the others slid aside, narrowed and stacked.
        case coverFlow
        /// Items on the rim of a wheel whose hub is below the view, each rotated to its spoke.
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

    private var n: Int { context.numberOfItems }

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

    private func attributes(_ i: Int) -> LayoutAttributes? {
        guard i >= 0, i < n else { return nil }
        let p = relativePosition(ofItem: i)
        let cx = context.bounds.midX, cy = context.bounds.midY
        var a = LayoutAttributes(indexPath: .item(i), frame: CGRect(x: cx - itemSize.width / 2, y: cy - itemSize.height / 2,
                                                                    width: itemSize.width, height: itemSize.height))
        let count = CGFloat(max(n, 1))
        switch style {
        case .linear:
            a.center.x = cx + p * itemSpacing
            a.zIndex = 0
        case .rotary, .cylinder:
            // Angle per item so neighbours sit one spacing apart at the front.
            let step = wrapsAround ? 2 * .pi / count : min(2 * .pi / count, .pi / 4)
            let radius = itemSpacing / max(2 * sin(step / 2), 1e-6)
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
            a.zIndex = Int((depth * 1000).rounded())
        case .coverFlow:
            let clamped = max(-1, min(1, p))
            let side = itemSize.width * 0.55
            a.center.x = cx + clamped * side + (p - clamped) * itemSpacing * 0.35
            let squeeze = 1 - 0.45 * abs(clamped)
            a.transform = Transform(scaleX: squeeze, y: 1 - 0.1 * abs(clamped))
            a.zIndex = -Int((abs(p) * 100).rounded())
        case .wheel:
            let step = wrapsAround ? 2 * .pi / count : min(2 * .pi / count, .pi / 8)
            let radius = itemSpacing / max(2 * sin(step / 2), 1e-6)
            let theta = p * step
            let hub = CGPoint(x: cx, y: cy + radius)
            a.center = CGPoint(x: hub.x + radius * sin(theta), y: hub.y - radius * cos(theta))
            a.transform = Transform(rotationAngle: theta)
            a.isHidden = abs(theta) > .pi / 2
            a.zIndex = -Int((abs(p) * 100).rounded())
        }
        return a
    }

    public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        (0..<n).compactMap(attributes).filter { !$0.isHidden && $0.visibleFrame.overlaps(rect) }
            .sorted { $0.zIndex < $1.zIndex }
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(indexPath.last ?? -1)
    }

    /// Snaps to the nearest item to the proposed centre.
    public func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard n > 0, proposed.x.isFinite else { return context.bounds.origin }
        var index = scrollIndex(offset: proposed).rounded()
        if !wrapsAround { index = min(max(index, 0), CGFloat(n - 1)) }
        return CGPoint(x: index * itemSpacing, y: proposed.y)
    }

    /// The item at the centre (wrapped into 0..<n when wrapping).
    public var currentIndex: Int {
        guard n > 0 else { return 0 }
        let i = Int(scrollIndex(offset: context.bounds.origin).rounded())
        return wrapsAround ? ((i % n) + n) % n : min(max(i, 0), n - 1)
    }

    public func invalidation(forBoundsChange newBounds: CGRect) -> LayoutInvalidation {
        LayoutInvalidation(invalidatesCachedFrames: false, invalidatesOffsetDependentAttributes: newBounds != context.bounds)
    }
}
