import Foundation

/// The scroll position of a scroll view, in the overlay's coordinate space.
public struct ScrollGeometry: Hashable, Sendable {
    /// The scroll view's frame, in overlay coordinates.
    public var frame: CGRect
    /// The size of the scrolled content.
    public var contentSize: CGSize
    /// The content inset as UIKit's `adjustedContentInset` (safe area and bars included).
    public var contentInset: SpotlightInsets
    /// The current content offset.
    public var contentOffset: CGPoint

    public init(frame: CGRect, contentSize: CGSize, contentInset: SpotlightInsets = .zero,
                contentOffset: CGPoint = .zero) {
        self.frame = frame
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.contentOffset = contentOffset
    }

    /// The smallest and largest valid offsets: from `-inset.top` to
    /// `contentSize − frame size + inset.bottom` (and the same across); when the content is
    /// shorter than the frame, the largest equals the smallest.
    public var offsetRange: (min: CGPoint, max: CGPoint) {
        func c(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        let i = contentInset
        let minX = -c(i.left), minY = -c(i.top)
        let maxX = max(minX, c(contentSize.width) - c(frame.width) + c(i.right))
        let maxY = max(minY, c(contentSize.height) - c(frame.height) + c(i.bottom))
        return (CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: maxY))
    }
}

/// A request to the host: scroll this scroll view to ``contentOffset`` (animated, typically)
/// before the step shows, so its target is fully visible.
public struct ScrollRequest: Hashable, Sendable {
    /// The offset to scroll to, already clamped to the valid range.
    public var contentOffset: CGPoint
    /// Where the target's frame will be once scrolled (overlay coordinates).
    public var targetFrameAfterScroll: CGRect
    /// Whether, after scrolling, the target (with margin) lies fully inside the visible area;
    /// `false` when clamping or size prevented it, in which case the highlight is clipped.
    public var bringsTargetFullyIntoView: Bool
}

extension ScrollGeometry {
    /// The scroll that brings `targetFrame` (overlay coordinates, at the current offset) fully
    /// inside `visibleRect ∩ frame` inset by `margin`, or `nil` when it already is.
    ///
    /// Rule per axis: when the target is larger than the room, its top (left) edge is aligned
    /// with the room's; otherwise the smallest move that brings it in. The result is clamped to
    /// ``offsetRange``. Non-finite input gives `nil`.
    public func scrollRequest(toReveal targetFrame: CGRect, in visibleRect: CGRect, margin: CGFloat = 16) -> ScrollRequest? {
        let values = [targetFrame.minX, targetFrame.minY, targetFrame.width, targetFrame.height,
                      contentOffset.x, contentOffset.y, margin, frame.minX, frame.minY, frame.width, frame.height]
        guard values.allSatisfy(\.isFinite) else { return nil }
        let room = visibleRect.nanSafeIntersection(frame)
        guard !room.isNull else { return nil }
        let m = max(0, margin)
        let inner = room.insetBy(dx: min(m, room.width / 2), dy: min(m, room.height / 2))
        let t = targetFrame.standardized
        func delta(_ lo: CGFloat, _ hi: CGFloat, _ roomLo: CGFloat, _ roomHi: CGFloat) -> CGFloat {
            if hi - lo > roomHi - roomLo { return lo - roomLo }
            if lo < roomLo { return lo - roomLo }
            if hi > roomHi { return hi - roomHi }
            return 0
        }
        let dx = delta(t.minX, t.maxX, inner.minX, inner.maxX)
        let dy = delta(t.minY, t.maxY, inner.minY, inner.maxY)
        guard dx != 0 || dy != 0 else { return nil }
        let range = offsetRange
        let offset = CGPoint(x: min(max(contentOffset.x + dx, range.min.x), range.max.x),
                             y: min(max(contentOffset.y + dy, range.min.y), range.max.y))
        guard offset != contentOffset else { return nil }
        let moved = t.offsetBy(dx: contentOffset.x - offset.x, dy: contentOffset.y - offset.y)
        let fits = moved.minX >= inner.minX - 1e-9 && moved.maxX <= inner.maxX + 1e-9
            && moved.minY >= inner.minY - 1e-9 && moved.maxY <= inner.maxY + 1e-9
        return ScrollRequest(contentOffset: offset, targetFrameAfterScroll: moved, bringsTargetFullyIntoView: fits)
    }
}
