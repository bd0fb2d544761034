import Foundation

/// A rounded rectangle with a triangular arrow on one edge: the outline of a callout, a
/// tooltip or a chat bubble.
///
/// The stored properties are what the caller asked for; the computed ones (``tipPoint``,
/// ``arrowBaseCenter``, ``frame``, ``path``) use *resolved* values that always describe a
/// well-formed outline:
/// - A body that is not finite counts as `.zero`; the body is standardised.
/// - The arrow width is clamped to `[0, edge length]` and the arrow length to `≥ 0`;
///   non-finite sizes count as 0.
/// - The corner radius is clamped to half the shorter side and, on top of that, small enough
///   that the arrow's base fits on the straight part of its edge:
///   `r ≤ (edge length − arrow width) / 2`. The arrow wins over the rounding.
/// - ``arrowPosition`` is the arrow's centre as a fraction of its edge (0 = left end for
///   `.top`/`.bottom`, top end for `.left`/`.right`; non-finite counts as 0.5). The centre is
///   clamped so the whole base stays on the straight part of the edge, never on a corner.
/// - The arrow points straight out of its edge: the tip is the base centre moved by the arrow
///   length along the edge's outward normal.
///
/// The outline is one closed subpath that runs clockwise on a y-down screen (top edge left to
/// right), the same winding as `addRect` and `addRoundedRect`, so bubbles and rectangles
/// combine under the non-zero rule.
public struct SpeechBubble: Hashable, Sendable {
    /// The edge of the body the arrow sits on.
    public enum Edge: Hashable, Sendable, CaseIterable {
        case top, left, bottom, right
    }

    /// The rounded body, without the arrow.
    public var body: CGRect
    /// Requested corner radius of the body (see the type's clamping rules).
    public var cornerRadius: CGFloat
    /// The edge that carries the arrow.
    public var arrowEdge: Edge
    /// Where the arrow's centre sits along its edge, as a fraction of the edge's length.
    public var arrowPosition: CGFloat
    /// Width of the arrow's base, along the edge.
    public var arrowWidth: CGFloat
    /// Distance from the edge to the tip.
    public var arrowLength: CGFloat

    /// A bubble whose body is `body`; the arrow sticks out of it.
    public init(body: CGRect, cornerRadius: CGFloat = 12, arrowEdge: Edge, arrowPosition: CGFloat = 0.5,
                arrowWidth: CGFloat = 18, arrowLength: CGFloat = 9) {
        self.body = body
        self.cornerRadius = cornerRadius
        self.arrowEdge = arrowEdge
        self.arrowPosition = arrowPosition
        self.arrowWidth = arrowWidth
        self.arrowLength = arrowLength
    }

    /// A bubble that fits `rect` exactly, arrow included: the body is `rect` shortened by the
    /// arrow length on the arrow's side. The arrow length is clamped to the rect's extent across
    /// that edge, so the body never turns inside out.
    public init(fitting rect: CGRect, cornerRadius: CGFloat = 12, arrowEdge: Edge, arrowPosition: CGFloat = 0.5,
                arrowWidth: CGFloat = 18, arrowLength: CGFloat = 9) {
        let r = Self.sanitized(rect)
        let across = arrowEdge == .top || arrowEdge == .bottom ? r.height : r.width
        let len = min(Self.nonNegative(arrowLength), across)
        var b = r
        switch arrowEdge {
        case .top: b.origin.y += len; b.size.height -= len
        case .bottom: b.size.height -= len
        case .left: b.origin.x += len; b.size.width -= len
        case .right: b.size.width -= len
        }
        self.init(body: b, cornerRadius: cornerRadius, arrowEdge: arrowEdge, arrowPosition: arrowPosition,
                  arrowWidth: arrowWidth, arrowLength: len)
    }

    // MARK: Resolved geometry

    /// The body actually used: standardised, `.zero` when not finite.
    public var resolvedBody: CGRect { Self.sanitized(body) }

    /// Length of the edge that carries the arrow.
    private var edgeLength: CGFloat {
        let b = resolvedBody
        return arrowEdge == .top || arrowEdge == .bottom ? b.width : b.height
    }

    /// The arrow's base width after clamping to the edge.
    public var resolvedArrowWidth: CGFloat { min(Self.nonNegative(arrowWidth), edgeLength) }

    /// The arrow's length after clamping.
    public var resolvedArrowLength: CGFloat { Self.nonNegative(arrowLength) }

    /// The corner radius actually drawn (see the type's rules).
    public var resolvedCornerRadius: CGFloat {
        let b = resolvedBody
        let r = Self.nonNegative(cornerRadius)
        return max(0, min(r, min(b.width, b.height) / 2, (edgeLength - resolvedArrowWidth) / 2))
    }

    /// Smallest and largest offset of the arrow's centre from the start of its edge.
    public var arrowCenterRange: ClosedRange<CGFloat> {
        let lo = resolvedCornerRadius + resolvedArrowWidth / 2
        let hi = max(lo, edgeLength - resolvedCornerRadius - resolvedArrowWidth / 2)
        return lo...hi
    }

    /// The arrow's centre offset from the start of its edge, after clamping.
    private var arrowCenterOffset: CGFloat {
        let f = arrowPosition.isFinite ? arrowPosition : 0.5
        let range = arrowCenterRange
        return min(max(f * edgeLength, range.lowerBound), range.upperBound)
    }

    /// The midpoint of the arrow's base, on the body's edge.
    public var arrowBaseCenter: CGPoint {
        let b = resolvedBody, o = arrowCenterOffset
        switch arrowEdge {
        case .top: return CGPoint(x: b.minX + o, y: b.minY)
        case .bottom: return CGPoint(x: b.minX + o, y: b.maxY)
        case .left: return CGPoint(x: b.minX, y: b.minY + o)
        case .right: return CGPoint(x: b.maxX, y: b.minY + o)
        }
    }

    /// The arrow's tip.
    public var tipPoint: CGPoint {
        let c = arrowBaseCenter, len = resolvedArrowLength
        switch arrowEdge {
        case .top: return CGPoint(x: c.x, y: c.y - len)
        case .bottom: return CGPoint(x: c.x, y: c.y + len)
        case .left: return CGPoint(x: c.x - len, y: c.y)
        case .right: return CGPoint(x: c.x + len, y: c.y)
        }
    }

    /// The smallest rectangle holding the body and the arrow.
    public var frame: CGRect {
        let b = resolvedBody, tip = tipPoint
        return b.union(CGRect(origin: tip, size: .zero))
    }

    /// Sets ``arrowPosition`` so that the tip lines up with `point` along the arrow's edge
    /// (its x for `.top`/`.bottom`, its y for `.left`/`.right`), as far as clamping allows.
    /// A non-finite point leaves the bubble unchanged.
    public mutating func aimArrow(at point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        let b = resolvedBody, len = edgeLength
        guard len > 0 else { arrowPosition = 0.5; return }
        let along = arrowEdge == .top || arrowEdge == .bottom ? point.x - b.minX : point.y - b.minY
        let range = arrowCenterRange
        arrowPosition = min(max(along, range.lowerBound), range.upperBound) / len
    }

    /// The outline: one closed subpath, clockwise on screen, starting where the top edge leaves
    /// the top-left corner.
    public var path: Path {
        let b = resolvedBody
        guard b.width > 0 || b.height > 0 else { return Path() }
        let r = resolvedCornerRadius, w = resolvedArrowWidth / 2
        let base = arrowBaseCenter, tip = tipPoint
        var p = Path()
        p.move(to: CGPoint(x: b.minX + r, y: b.minY))
        if arrowEdge == .top {
            p.bubbleLine(to: CGPoint(x: base.x - w, y: b.minY))
            p.addLine(to: tip)
            p.addLine(to: CGPoint(x: base.x + w, y: b.minY))
        }
        p.bubbleLine(to: CGPoint(x: b.maxX - r, y: b.minY))
        p.bubbleCorner(center: CGPoint(x: b.maxX - r, y: b.minY + r), radius: r, from: -.pi / 2)
        if arrowEdge == .right {
            p.bubbleLine(to: CGPoint(x: b.maxX, y: base.y - w))
            p.addLine(to: tip)
            p.addLine(to: CGPoint(x: b.maxX, y: base.y + w))
        }
        p.bubbleLine(to: CGPoint(x: b.maxX, y: b.maxY - r))
        p.bubbleCorner(center: CGPoint(x: b.maxX - r, y: b.maxY - r), radius: r, from: 0)
        if arrowEdge == .bottom {
            p.bubbleLine(to: CGPoint(x: base.x + w, y: b.maxY))
            p.addLine(to: tip)
            p.addLine(to: CGPoint(x: base.x - w, y: b.maxY))
        }
        p.bubbleLine(to: CGPoint(x: b.minX + r, y: b.maxY))
        p.bubbleCorner(center: CGPoint(x: b.minX + r, y: b.maxY - r), radius: r, from: .pi / 2)
        if arrowEdge == .left {
            p.bubbleLine(to: CGPoint(x: b.minX, y: base.y + w))
            p.addLine(to: tip)
            p.addLine(to: CGPoint(x: b.minX, y: base.y - w))
        }
        p.bubbleLine(to: CGPoint(x: b.minX, y: b.minY + r))
        p.bubbleCorner(center: CGPoint(x: b.minX + r, y: b.minY + r), radius: r, from: .pi)
        p.closeSubpath()
        return p
    }

    private static func sanitized(_ rect: CGRect) -> CGRect {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              !rect.isNull else { return .zero }
        return rect.standardized
    }

    private static func nonNegative(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
}

extension Path {
    fileprivate mutating func bubbleLine(to p: CGPoint) {
        if currentPoint != p { addLine(to: p) }
    }

    /// A clockwise quarter circle starting at angle `from`; nothing for a zero radius.
    fileprivate mutating func bubbleCorner(center: CGPoint, radius: CGFloat, from: CGFloat) {
        guard radius > 0 else { return }
        addArcSweep(center: center, radii: CGSize(width: radius, height: radius), startAngle: from,
                    sweep: .pi / 2, transform: .identity)
    }
}

extension Shapes {
    /// A speech bubble filling `rect` (arrow included), with the arrow on `arrowEdge` at
    /// `arrowPosition` (fraction of the edge, clamped to its straight part). See ``SpeechBubble``
    /// for the clamping rules and ``SpeechBubble/tipPoint`` for where the arrow ends.
    public static func speechBubble(in rect: CGRect, cornerRadius: CGFloat = 12, arrowEdge: SpeechBubble.Edge = .bottom,
                                    arrowPosition: CGFloat = 0.5, arrowWidth: CGFloat = 18,
                                    arrowLength: CGFloat = 9) -> Path {
        SpeechBubble(fitting: rect, cornerRadius: cornerRadius, arrowEdge: arrowEdge, arrowPosition: arrowPosition,
                     arrowWidth: arrowWidth, arrowLength: arrowLength).path
    }
}
