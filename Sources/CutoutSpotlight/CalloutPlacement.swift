import CutoutGeometry
import Foundation

/// Where a callout sits relative to its target, in reading terms.
public enum CalloutSide: Hashable, Sendable, CaseIterable {
    case top, bottom, leading, trailing

    /// The opposite side.
    public var opposite: CalloutSide {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }

    /// The order in which sides are tried when `self` is preferred: the preferred side, its
    /// opposite, then the two sides of the other axis — bottom before top, trailing before
    /// leading.
    public var fallbackOrder: [CalloutSide] {
        switch self {
        case .top, .bottom: [self, opposite, .trailing, .leading]
        case .leading, .trailing: [self, opposite, .bottom, .top]
        }
    }
}

/// How a step's text is presented.
public enum CalloutStyle: Hashable, Sendable {
    /// A speech bubble next to the target, trying `preferredSide` first.
    case bubble(preferredSide: CalloutSide)
    /// A sheet along the bottom edge of the screen (the seed article's presentation).
    case bottomSheet
}

/// Sizes and distances of callouts. Defaults follow common iOS tooltips.
public struct CalloutMetrics: Hashable, Sendable {
    /// Minimum distance between a bubble and the edges of the visible area.
    public var margin: CGFloat = 12
    /// Distance between the arrow's tip and the highlighted shape's box.
    public var gap: CGFloat = 6
    /// Corner radius of the bubble's body.
    public var cornerRadius: CGFloat = 12
    /// Width of the arrow's base.
    public var arrowWidth: CGFloat = 18
    /// Length of the arrow.
    public var arrowLength: CGFloat = 9
    /// Corner radius of the sheet's top corners.
    public var sheetCornerRadius: CGFloat = 16

    public init() {}
}

/// The result of placing a callout.
public enum CalloutLayout: Hashable, Sendable {
    /// A bubble on `side` of the target.
    case bubble(SpeechBubble, side: CalloutSide)
    /// A sheet spanning the overlay's width; `frame` includes the bottom safe area when the
    /// sheet sits at the bottom.
    case sheet(frame: CGRect, content: CGRect)

    /// Everything the callout covers.
    public var frame: CGRect {
        switch self {
        case .bubble(let b, _): b.frame
        case .sheet(let f, _): f
        }
    }

    /// Where the host lays out the title, body and buttons.
    public var contentFrame: CGRect {
        switch self {
        case .bubble(let b, _): b.resolvedBody
        case .sheet(_, let c): c
        }
    }

    /// The callout's outline.
    public func path(metrics: CalloutMetrics) -> Path {
        switch self {
        case .bubble(let b, _):
            return b.path
        case .sheet(let f, _):
            var p = Path()
            let r = metrics.sheetCornerRadius
            p.addRoundedRect(in: f, cornerRadii: CornerRadii(topLeft: r, topRight: r, bottomLeft: 0, bottomRight: 0))
            return p
        }
    }
}

/// Pure placement of a step's callout.
///
/// Inputs are sizes the host measured (the text's box) and geometry; the output is a
/// ``CalloutLayout``. Rules, in order:
/// 1. With ``CalloutStyle/bottomSheet``, or no target, the callout is a sheet.
/// 2. Otherwise each side of ``CalloutSide/fallbackOrder`` is tried (leading/trailing resolved
///    through the layout direction: in right-to-left, leading is the right). A side fits when
///    the bubble's body lies inside the visible area inset by the margin (the arrow may reach
///    past it, toward a target in a bar, but not off the overlay), the bubble overlaps no
///    cut-out's visible box, and its arrow tip — aimed at the target's visible centre and
///    clamped to the straight part of the edge — still lies within the target's extent.
/// 3. If no side fits, the callout becomes a sheet: at the bottom, or at the top of the visible
///    area when a bottom sheet would cover a cut-out and a top one would not.
///
/// A viewport whose bounds are null or not finite has no place for a callout: the result is an
/// empty sheet at the origin (frame and content `.zero`), so every frame returned is finite.
public enum CalloutPlacement {
    public static func place(contentSize: CGSize, target: CGRect?, cutouts: [CGRect], viewport: SpotlightViewport,
                             style: CalloutStyle, metrics: CalloutMetrics = CalloutMetrics()) -> CalloutLayout {
        let size = CGSize(width: sizeValue(contentSize.width), height: sizeValue(contentSize.height))
        guard !viewport.bounds.isNull, isFinite(viewport.bounds) else { return .sheet(frame: .zero, content: .zero) }
        guard case .bubble(let preferred) = style, let target, !target.isNull, isFinite(target) else {
            return sheet(size: size, cutouts: cutouts, viewport: viewport)
        }
        for side in preferred.fallbackOrder {
            if let b = bubble(side: side, size: size, target: target, cutouts: cutouts,
                              viewport: viewport, metrics: metrics) {
                return .bubble(b, side: side)
            }
        }
        return sheet(size: size, cutouts: cutouts, viewport: viewport)
    }

    /// The bubble on `side`, or `nil` when it does not fit by the rules above.
    static func bubble(side: CalloutSide, size: CGSize, target: CGRect, cutouts: [CGRect],
                       viewport: SpotlightViewport, metrics m: CalloutMetrics) -> SpeechBubble? {
        let vis = viewport.visibleRect
        let room = vis.insetBy(dx: max(0, m.margin), dy: max(0, m.margin))
        guard room.width > 0, room.height > 0 else { return nil }
        let gap = max(0, m.gap), len = max(0, m.arrowLength)
        let center = CGPoint(x: target.midX, y: target.midY)
        let physical = resolve(side, viewport.layoutDirection)
        var body = CGRect(origin: .zero, size: size)
        switch physical {
        case .bottom, .top:
            body.origin.x = clamp(center.x - size.width / 2, room.minX, room.maxX - size.width)
            body.origin.y = physical == .bottom ? target.maxY + gap + len : target.minY - gap - len - size.height
        case .left, .right:
            body.origin.y = clamp(center.y - size.height / 2, room.minY, room.maxY - size.height)
            body.origin.x = physical == .right ? target.maxX + gap + len : target.minX - gap - len - size.width
        }
        var b = SpeechBubble(body: body, cornerRadius: m.cornerRadius, arrowEdge: physical.arrowEdge,
                             arrowWidth: m.arrowWidth, arrowLength: len)
        b.aimArrow(at: center)
        let frame = b.frame
        guard contains(room, b.resolvedBody), contains(viewport.bounds.standardized, frame) else { return nil }
        let tip = b.tipPoint
        switch physical {
        case .top, .bottom: guard tip.x >= target.minX - 1e-9, tip.x <= target.maxX + 1e-9 else { return nil }
        case .left, .right: guard tip.y >= target.minY - 1e-9, tip.y <= target.maxY + 1e-9 else { return nil }
        }
        guard !cutouts.contains(where: { overlaps($0, frame) }) else { return nil }
        return b
    }

    static func sheet(size: CGSize, cutouts: [CGRect], viewport: SpotlightViewport) -> CalloutLayout {
        let bounds = viewport.bounds.standardized, vis = viewport.visibleRect
        let bottomInset = max(0, bounds.maxY - vis.maxY - finite(viewport.bottomBarHeight))
        let h = min(size.height, bounds.height)
        let bottom = CGRect(x: bounds.minX, y: bounds.maxY - h - bottomInset, width: bounds.width, height: h + bottomInset)
        let topInset = max(0, vis.minY - bounds.minY - finite(viewport.topBarHeight))
        let top = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: h + topInset)
        if cutouts.contains(where: { overlaps($0, bottom) }), !cutouts.contains(where: { overlaps($0, top) }) {
            return .sheet(frame: top, content: CGRect(x: top.minX, y: top.minY + topInset, width: top.width, height: h))
        }
        return .sheet(frame: bottom, content: CGRect(x: bottom.minX, y: bottom.minY, width: bottom.width, height: h))
    }

    enum PhysicalSide { case top, bottom, left, right
        /// A bubble below its target carries its arrow on its top edge, and so on.
        var arrowEdge: SpeechBubble.Edge {
            switch self {
            case .top: .bottom
            case .bottom: .top
            case .left: .right
            case .right: .left
            }
        }
    }

    static func resolve(_ side: CalloutSide, _ direction: LayoutDirection) -> PhysicalSide {
        switch (side, direction) {
        case (.top, _): .top
        case (.bottom, _): .bottom
        case (.leading, .leftToRight), (.trailing, .rightToLeft): .left
        case (.trailing, .leftToRight), (.leading, .rightToLeft): .right
        }
    }

    /// Whether the interiors of two rects meet (touching edges do not count). A rect holding
    /// NaN (or spanning -inf...inf, whose width is NaN) overlaps nothing. Computed by hand:
    /// Foundation's `intersection(_:)` traps on such rects on Linux.
    static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        guard !a.isNull, !b.isNull else { return false }
        let a = a.standardized, b = b.standardized
        return min(a.maxX, b.maxX) - max(a.minX, b.minX) > 1e-9 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 1e-9
    }

    private static func contains(_ outer: CGRect, _ inner: CGRect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.maxX <= outer.maxX + 1e-9
            && inner.minY >= outer.minY - 1e-9 && inner.maxY <= outer.maxY + 1e-9
    }

    private static func clamp(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat { max(lo, min(v, hi)) }
    private static func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
    /// A measured size: NaN and negative count as 0, anything above 10⁶ (infinity included) as
    /// 10⁶, which fits no screen and so ends in a sheet.
    private static func sizeValue(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1_000_000) }
    private static func isFinite(_ r: CGRect) -> Bool {
        r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite
    }
}
