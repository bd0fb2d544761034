import CutoutGeometry
import CutoutLayers
import CutoutRaster
import CutoutText
import Foundation

/// The look of the overlay.
public struct OverlayStyle: Hashable, Sendable {
    /// Colour of the dimming.
    public var dimColor = Color(red: 0.02, green: 0.03, blue: 0.08)
    /// Opacity of the dimming when fully shown.
    public var dimOpacity: CGFloat = 0.62
    /// Blur radius, in points, of what is behind the overlay (0 for none). The blur needs the
    /// host's snapshot (``OverlayLayers/layer(for:style:metrics:snapshot:)``); the radius maps
    /// to a Gaussian as ``OverlayBackdrop`` documents.
    public var blurRadius: CGFloat = 0
    /// Fill of the callout.
    public var calloutColor = Color.white
    /// Colour of the title and body (or of their placeholders when the host draws the text).
    public var textColor = Color(red: 0.12, green: 0.13, blue: 0.16)
    /// Colour of the primary button.
    public var tintColor = Color(red: 0.0, green: 0.48, blue: 1.0)

    public init() {}
}

/// Builds the overlay's layer tree from an ``OverlayFrame``.
///
/// Tree, bottom to top:
/// - `spotlight.dimming`: the full-screen group. Holes are masks: each mask is the overlay's
///   bounds with a set of non-overlapping holes, filled even-odd; overlapping holes go to
///   separate masks on nested groups. Masks multiply, so everything in the group disappears
///   wherever any hole is — their union — without needing a boolean union of the outlines.
///   Each hole is clipped to its clip rect first (``ClippedCutout/visiblePath``), so nothing is
///   cut through the bars. Inside the innermost group:
///   - `spotlight.backdrop` (only with a blur radius and a snapshot): the snapshot blurred by
///     ``OverlayBackdrop/blurred(_:radius:)`` with the style's radius × the frame's dimming,
///     fully opaque. Being inside the masked group, it never shows inside a hole: holes show
///     the sharp content underneath.
///   - `spotlight.dim`: the dimming colour, its opacity the style's opacity × the frame's dimming.
/// - `spotlight.callout`: the bubble or sheet with a soft shadow, and its ``CalloutContent``
///   as text layers (`spotlight.callout.title`, `.body`, `.next`), or without content
///   placeholder bars where the host's title, body and button go.
public enum OverlayLayers {
    /// Name of the layer holding the blurred backdrop.
    public static let backdropName = "spotlight.backdrop"

    /// The overlay for `frame`.
    ///
    /// - Parameter snapshot: what is behind the overlay, covering `frame.bounds` (any pixel
    ///   scale). Used only when the style blurs and the frame's dimming is above 0; without it
    ///   there is nothing to blur, and the overlay only dims.
    /// - Complexity: with a blur, one Gaussian blur of the snapshot per call (O(pixels)); hosts
    ///   animating a still backdrop can blur once with ``OverlayBackdrop`` and pass a style
    ///   without blur plus their own layer instead.
    /// - Parameter content: the callout's words; nil draws placeholder bars instead.
    public static func layer(for frame: OverlayFrame, style: OverlayStyle = OverlayStyle(),
                             metrics: CalloutMetrics = CalloutMetrics(), snapshot: Pixmap? = nil,
                             content: CalloutContent? = nil) -> Layer {
        // Every layer's bounds are in overlay coordinates, so outlines need no transform.
        let local = frame.bounds.standardized
        let root = covering(local)
        root.name = "spotlight.overlay"
        let dimming = clamp01(frame.dimming)

        var group = covering(local)
        let radius = style.blurRadius.isFinite ? max(0, style.blurRadius) * dimming : 0
        if let snapshot, radius > 0 {
            let backdrop = covering(local)
            backdrop.name = backdropName
            backdrop.contents = OverlayBackdrop.blurred(snapshot, radius: radius)
            group.addSublayer(backdrop)
        }
        let dim = covering(local)
        dim.name = "spotlight.dim"
        dim.backgroundColor = style.dimColor
        dim.opacity = clamp01(style.dimOpacity) * dimming
        group.addSublayer(dim)
        for holes in disjointGroups(frame.visibleCutouts) {
            let mask = ShapeLayer()
            mask.bounds = local
            mask.position = CGPoint(x: local.midX, y: local.midY)
            var path = Path(rect: local)
            for hole in holes { path.addPath(maskOutline(of: hole)) }
            mask.path = path
            mask.fillRule = .evenOdd
            mask.fillColor = .black
            group.mask = mask
            let outer = covering(local)
            outer.addSublayer(group)
            group = outer
        }
        group.name = "spotlight.dimming"
        root.addSublayer(group)

        if let callout = frame.callout, frame.calloutOpacity > 0 {
            root.addSublayer(calloutLayer(callout, opacity: clamp01(frame.calloutOpacity), style: style, metrics: metrics,
                                          content: content))
        }
        return root
    }

    /// `hole`'s visible outline as the even-odd mask needs it. A custom outline may overlap
    /// itself, and where its winding is 2 even-odd would dim it again, while the hit test
    /// (``ClippedCutout/contains(_:)``, non-zero) and the adapters call it the hole; so it is
    /// normalised first (one boolean pass). Rounded rects cannot overlap themselves.
    static func maskOutline(of hole: ClippedCutout) -> Path {
        guard case .path = hole.cutout.shape else { return hole.visiblePath }
        return hole.visiblePath.normalizedOrNil() ?? hole.visiblePath
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
                                     metrics: CalloutMetrics, content text: CalloutContent?) -> Layer {
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

        let content = callout.contentFrame.insetBy(dx: 14, dy: 12)
        guard content.width > 20, content.height > 20 else { return shape }
        if let text {
            addText(text, in: content, style: style, to: shape)
            return shape
        }
        // Placeholder bars where the host lays out title, body and button.
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

    /// Title (one line), body (wrapped, cut with "…") and a capsule button at the trailing bottom corner.
    private static func addText(_ text: CalloutContent, in content: CGRect, style: OverlayStyle, to shape: Layer) {
        let size = text.titleSize.isFinite ? min(max(text.titleSize, 4), 64) : 15
        func label(_ name: String, _ string: String, _ frame: CGRect, font: Font, size: CGFloat, color: Color) -> TextLayer {
            let l = TextLayer()
            l.name = name
            l.bounds = CGRect(origin: .zero, size: frame.size)
            l.position = CGPoint(x: frame.midX, y: frame.midY)
            l.string = string
            l.font = font
            l.fontSize = size
            l.foregroundColor = color
            l.truncationMode = .end
            return l
        }
        let titleHeight = size * 1.25
        shape.addSublayer(label("spotlight.callout.title", text.title, CGRect(x: content.minX, y: content.minY, width: content.width, height: titleHeight),
                                font: text.boldFont, size: size, color: style.textColor))
        let buttonSize = size - 3
        let buttonHeight = buttonSize * 1.9
        let labelWidth = TextLayout(string: text.buttonTitle, style: TextStyle(font: text.boldFont, fontSize: buttonSize)).typographicBounds.width
        let buttonWidth = min(labelWidth + buttonSize * 1.8, content.width)
        let rtl = text.isRightToLeft
        let buttonFrame = CGRect(x: rtl ? content.minX : content.maxX - buttonWidth, y: content.maxY - buttonHeight,
                                 width: buttonWidth, height: buttonHeight)
        let bodyTop = content.minY + titleHeight + 2
        let body = label("spotlight.callout.body", text.body,
                         CGRect(x: content.minX, y: bodyTop, width: content.width, height: max(buttonFrame.minY - 4 - bodyTop, 0)),
                         font: text.font, size: size - 2, color: style.textColor.withAlphaComponent(0.75))
        body.isWrapped = true
        shape.addSublayer(body)
        let button = covering(buttonFrame)
        button.name = "spotlight.callout.next"
        button.backgroundColor = style.tintColor
        button.cornerRadius = buttonHeight / 2
        // Capital letters centred: their middle lies (ascent − cap height / 2) below the line's top.
        let m = text.boldFont.metrics
        let capsMiddle = CGFloat(m.ascender) - CGFloat(m.capHeight) / 2
        let top = buttonFrame.midY - capsMiddle * buttonSize / CGFloat(m.unitsPerEm)
        let caption = label("spotlight.callout.next.label", text.buttonTitle,
                            CGRect(x: buttonFrame.minX, y: top, width: buttonWidth, height: buttonFrame.maxY - top),
                            font: text.boldFont, size: buttonSize, color: .white)
        caption.alignmentMode = .center
        button.addSublayer(caption)
        shape.addSublayer(button)
    }

    private static func clamp01(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
}
