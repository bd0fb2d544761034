import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

/// The look of the overlay.
public struct OverlayStyle: Hashable, Sendable {
    /// Colour of the dimming.
    public var dimColor = Color(red: 0.02, green: 0.03, blue: 0.08)
    /// Opacity of the dimming when fully shown.
    public var dimOpacity: CGFloat = 0.62
    /// Blur radius applied to what is behind the overlay (0 for none); carried by the tree's
    /// backdrop layer (see ``OverlayLayers/backdropName``).
    public var blurRadius: CGFloat = 0
    /// Fill of the callout.
    public var calloutColor = Color.white
    /// Colour of the title and body placeholders (the host draws the text itself).
    public var textColor = Color(red: 0.12, green: 0.13, blue: 0.16)
    /// Colour of the primary button.
    public var tintColor = Color(red: 0.0, green: 0.48, blue: 1.0)

    public init() {}
}

/// Builds the overlay's layer tree from an ``OverlayFrame``.
///
/// Tree, bottom to top:
/// - `spotlight.dimming`: the full-screen group, its opacity the style's opacity × the frame's
///   dimming. Holes are masks: each mask is the overlay's bounds with a set of
///   non-overlapping holes, filled even-odd; overlapping holes go to separate masks on nested
///   groups. Masks multiply, so the dimming disappears wherever any hole is — their union —
///   without needing a boolean union of the outlines. Each hole is clipped to its clip rect
///   first (``ClippedCutout/visiblePath``), so nothing is cut through the bars.
///   - `spotlight.backdrop` (only with a blur radius): the snapshot of what is behind,
///     blurred by the host or the renderer with sigma = radius / 2; its `contents` is the
///     snapshot passed in, if any.
///   - `spotlight.dim`: the dimming colour.
/// - `spotlight.callout`: the bubble or sheet with a soft shadow, and placeholder bars where
///   the host's title, body and button go.
public enum OverlayLayers {
    /// Name of the layer that stands for the blurred backdrop.
    public static let backdropName = "spotlight.backdrop"

    /// The overlay for `frame`. `backdrop`, when given and the style blurs, becomes the
    /// backdrop layer's contents (already blurred by the caller).
    public static func layer(for frame: OverlayFrame, style: OverlayStyle = OverlayStyle(),
                             metrics: CalloutMetrics = CalloutMetrics(), backdrop: Pixmap? = nil) -> Layer {
        // Every layer's bounds are in overlay coordinates, so outlines need no transform.
        let local = frame.bounds.standardized
        let root = covering(local)
        root.name = "spotlight.overlay"

        let dim = covering(local)
        dim.name = "spotlight.dim"
        dim.backgroundColor = style.dimColor
        var content: [Layer] = [dim]
        if style.blurRadius.isFinite, style.blurRadius > 0 {
            let backdropLayer = covering(local)
            backdropLayer.name = backdropName
            backdropLayer.contents = backdrop
            content.insert(backdropLayer, at: 0)
        }
        var group = covering(local)
        content.forEach(group.addSublayer)
        for holes in disjointGroups(frame.visibleCutouts) {
            let mask = ShapeLayer()
            mask.bounds = local
            mask.position = CGPoint(x: local.midX, y: local.midY)
            var path = Path(rect: local)
            for hole in holes { path.addPath(hole.visiblePath) }
            mask.path = path
            mask.fillRule = .evenOdd
            mask.fillColor = .black
            group.mask = mask
            let outer = covering(local)
            outer.addSublayer(group)
            group = outer
        }
        group.name = "spotlight.dimming"
        group.opacity = clamp01(style.dimOpacity) * clamp01(frame.dimming)
        root.addSublayer(group)

        if let callout = frame.callout, frame.calloutOpacity > 0 {
            root.addSublayer(calloutLayer(callout, opacity: clamp01(frame.calloutOpacity), style: style, metrics: metrics))
        }
        return root
    }

    /// Holes split into groups whose boxes do not overlap, greedily in order.
    static func disjointGroups(_ holes: [ClippedCutout]) -> [[ClippedCutout]] {
        var groups: [[ClippedCutout]] = []
        for hole in holes {
            let box = hole.visibleBounds
            if let i = groups.firstIndex(where: { g in !g.contains { CalloutPlacement.overlaps($0.visibleBounds, box) } }) {
                groups[i].append(hole)
            } else {
                groups.append([hole])
            }
        }
        return groups
    }

    /// A layer whose own coordinates are those of its superlayer over `rect`.
    static func covering(_ rect: CGRect) -> Layer {
        let l = Layer()
        l.bounds = rect
        l.position = CGPoint(x: rect.midX, y: rect.midY)
        return l
    }

    private static func calloutLayer(_ callout: CalloutLayout, opacity: CGFloat, style: OverlayStyle,
                                     metrics: CalloutMetrics) -> Layer {
        let shape = ShapeLayer()
        shape.name = "spotlight.callout"
        let box = callout.frame
        shape.bounds = box
        shape.position = CGPoint(x: box.midX, y: box.midY)
        let path = callout.path(metrics: metrics)
        shape.path = path
        shape.fillColor = style.calloutColor
        shape.shadowPath = path
        shape.shadowColor = .black
        shape.shadowOpacity = 0.22
        shape.shadowRadius = 10
        shape.shadowOffset = CGSize(width: 0, height: 3)
        shape.opacity = opacity

        // Placeholder bars where the host lays out title, body and button.
        let content = callout.contentFrame.insetBy(dx: 14, dy: 12)
        guard content.width > 20, content.height > 20 else { return shape }
        func bar(_ name: String, _ rect: CGRect, _ color: Color) {
            let l = covering(rect)
            l.name = name
            l.backgroundColor = color
            l.cornerRadius = min(rect.height / 2, 6)
            shape.addSublayer(l)
        }
        let line: CGFloat = 10
        bar("spotlight.callout.title", CGRect(x: content.minX, y: content.minY, width: content.width * 0.45, height: line + 2), style.textColor)
        var y = content.minY + line + 10
        let body = style.textColor.withAlphaComponent(0.35)
        for fraction in [1.0, 0.8] where y + line <= content.maxY - 22 {
            bar("spotlight.callout.body", CGRect(x: content.minX, y: y, width: content.width * fraction, height: line - 2), body)
            y += line + 4
        }
        let button = CGRect(x: content.maxX - 64, y: content.maxY - 22, width: 64, height: 22)
        bar("spotlight.callout.next", button, style.tintColor)
        return shape
    }

    private static func clamp01(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
}
