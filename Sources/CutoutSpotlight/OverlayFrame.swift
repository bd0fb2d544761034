import CutoutGeometry
import Foundation

/// How a touch on the overlay is treated.
public enum TouchDisposition: Hashable, Sendable {
    /// The overlay is animating and swallows every touch.
    case blocked
    /// Inside a visible cut-out of a step that lets touches through: deliver it to the element.
    case passThrough
    /// Inside a cut-out of a step that does not let touches through: swallowed.
    case cutout
    /// On the callout: the host's buttons handle it.
    case callout
    /// On the dimmed area: the step's ``TapOutsideAction`` applies.
    case dimmedArea
}

/// Everything needed to draw the overlay at one instant, and to hit-test it. Pure value: the
/// layer tree is built from it, and animations produce one per sampled time.
public struct OverlayFrame: Hashable, Sendable {
    /// The whole overlay (it dims the bars too).
    public var bounds: CGRect
    /// The content area (see ``SpotlightViewport/visibleRect``).
    public var visibleRect: CGRect
    /// The holes, each with its clip.
    public var cutouts: [ClippedCutout]
    /// 0 (no overlay) … 1 (fully dimmed): multiplies the style's opacity and blur radius.
    public var dimming: CGFloat
    /// The callout, if any.
    public var callout: CalloutLayout?
    /// Opacity of the callout.
    public var calloutOpacity: CGFloat
    /// Whether the overlay swallows every touch (while it animates).
    public var blocksInput: Bool
    /// Whether touches inside a cut-out reach the element.
    public var passesTouchesThroughCutouts: Bool

    public init(bounds: CGRect, visibleRect: CGRect, cutouts: [ClippedCutout], dimming: CGFloat = 1,
                callout: CalloutLayout? = nil, calloutOpacity: CGFloat = 1, blocksInput: Bool = false,
                passesTouchesThroughCutouts: Bool = false) {
        self.bounds = bounds
        self.visibleRect = visibleRect
        self.cutouts = cutouts
        self.dimming = dimming
        self.callout = callout
        self.calloutOpacity = calloutOpacity
        self.blocksInput = blocksInput
        self.passesTouchesThroughCutouts = passesTouchesThroughCutouts
    }

    /// The holes with something inside their clip; holes clipped away entirely are dropped.
    public var visibleCutouts: [ClippedCutout] { cutouts.filter(\.isVisible) }

    /// All visible hole outlines, clipped, in one path. They share one winding, so filling it
    /// with the non-zero rule covers their union (overlaps stay holes).
    public var cutoutPath: Path {
        var p = Path()
        for c in visibleCutouts { p.addPath(c.visiblePath) }
        return p
    }

    /// How a touch at `point` is treated: blocked while animating, then callout, cut-out and
    /// dimmed area in that order. The callout and the cut-outs are hit by their outlines, not
    /// their boxes: a touch beside a bubble's arrow, or in the corner of a rounded hole's box,
    /// is on the dimmed area. `metrics` must be those the callout is drawn with (the sheet's
    /// rounded corners).
    public func hitTest(_ point: CGPoint, metrics: CalloutMetrics = CalloutMetrics()) -> TouchDisposition {
        if blocksInput { return .blocked }
        if let callout, calloutOpacity > 0, callout.frame.nanSafeContains(point),
           callout.path(metrics: metrics).contains(point, using: .winding) {
            return .callout
        }
        if visibleCutouts.contains(where: { $0.contains(point) }) {
            return passesTouchesThroughCutouts ? .passThrough : .cutout
        }
        return .dimmedArea
    }
}
