import CutoutGeometry
import Foundation

extension TouchDisposition {
    /// Whether the overlay view takes the touch (UIKit's `point(inside:with:)` answer): every
    /// disposition except ``passThrough``, which the element under the cut-out must receive.
    public var isHandledByOverlay: Bool { self != .passThrough }
}

extension TourEvent {
    /// Whether the host plays a selection haptic (`UISelectionFeedbackGenerator`) for this
    /// event: on moving between steps, not on the first appearance or the end, which the
    /// user caused by opening or closing and which already change the whole screen.
    public var playsSelectionFeedback: Bool {
        if case .advanced = self { return true }
        return false
    }
}

extension Tour {
    /// Whether the tour should be presented now: it has not started and `store` has no record
    /// of it being shown before.
    public func isDue(in store: any TourStore) -> Bool {
        state == .notStarted && !store.hasShown(id)
    }
}

extension CalloutMetrics {
    /// The width a host lays the callout's text out at before measuring its height: at most
    /// `maximum`, and no wider than the visible area less the margins (never negative).
    public func contentWidth(in viewport: SpotlightViewport, maximum: CGFloat = 320) -> CGFloat {
        let room = viewport.visibleRect.width - 2 * max(0, margin.isFinite ? margin : 0)
        let cap = maximum.isFinite ? max(0, maximum) : 0
        return max(0, min(room.isFinite ? room : 0, cap))
    }
}

extension OverlayFrame {
    /// Where the overlay takes touches, as one outline to fill even-odd (for hosts that can only
    /// hand the system a hit-test shape, like SwiftUI's `contentShape(_:eoFill:)`): the bounds,
    /// less the union of the visible cut-outs when they let touches through and the overlay is
    /// not blocking — the points where ``hitTest(_:metrics:)`` answers `.passThrough`.
    ///
    /// Complexity: one boolean union of the cut-out outlines when touches pass through.
    public var touchRegion: Path {
        let box = bounds.standardized
        guard box.origin.x.isFinite, box.origin.y.isFinite, box.width.isFinite, box.height.isFinite else { return Path() }
        var region = Path(rect: box)
        guard passesTouchesThroughCutouts, !blocksInput else { return region }
        var union = Path()
        for c in visibleCutouts { union = union.union(c.visiblePath) }
        region.addPath(union.intersection(Path(rect: box)))
        return region
    }
}
