import CutoutGeometry
import Foundation

/// One hole cut into an opaque fill: a shape, an inset (or outset) and an optional soft edge.
///
/// A hole is pure geometry: ``path`` is the outline after the inset, in the coordinates of
/// the view the hole is cut into.
public struct Hole: Hashable, Sendable {
    /// The outline of a hole before its inset is applied.
    public enum Shape: Hashable, Sendable {
        /// A rect with its own radius per corner (clamped to half the shorter side, as UIKit).
        case roundedRect(CGRect, cornerRadii: CornerRadii)
        /// A circle.
        case circle(center: CGPoint, radius: CGFloat)
        /// A rect whose shorter side is fully rounded (a pill, or a circle for a square).
        case capsule(CGRect)
        /// Any outline, filled with its own rule (so a ring-shaped path makes a ring-shaped hole).
        case path(Path, fillRule: FillRule)
    }

    /// The outline before the inset.
    public var shape: Shape
    /// How far the outline moves inward, in points, as `CGRect.insetBy`: positive shrinks
    /// the hole, negative grows it (an outset). Non-finite counts as 0.
    ///
    /// Rounded rects, capsules and circles are offset exactly (a rounded rect's radii shrink
    /// or grow with it, floored at 0; square corners stay square). A `.path` hole is scaled
    /// about its bounding box's centre so that the box moves by `inset` on every side: exact
    /// for axis-aligned rects and ellipses, an approximation for other outlines.
    public var inset: CGFloat
    /// Width, in points, of the soft edge; 0 is a hard (anti-aliased) edge. A soft hole is
    /// rendered by blurring its mask with a Gaussian of sigma = `softness / 2` (the same
    /// radius → sigma rule as layer shadows), so the outline is where the hole is half
    /// transparent and the fade spans about `softness` on each side of it. Negative or
    /// non-finite counts as 0; above ``maxSoftness`` counts as ``maxSoftness``.
    public var softness: CGFloat

    /// The widest soft edge applied, in points: 1,024 (sigma 512, well past the point where a
    /// hole of any on-screen size has faded out; it bounds the soft mask's extent).
    public static let maxSoftness: CGFloat = 1024

    public init(_ shape: Shape, inset: CGFloat = 0, softness: CGFloat = 0) {
        self.shape = shape
        self.inset = inset
        self.softness = softness
    }

    /// A rounded-rect hole with the same radius on every corner.
    public static func roundedRect(_ rect: CGRect, cornerRadius: CGFloat, inset: CGFloat = 0,
                                   softness: CGFloat = 0) -> Hole {
        Hole(.roundedRect(rect, cornerRadii: CornerRadii(all: cornerRadius)), inset: inset, softness: softness)
    }

    /// A circular hole.
    public static func circle(center: CGPoint, radius: CGFloat, inset: CGFloat = 0, softness: CGFloat = 0) -> Hole {
        Hole(.circle(center: center, radius: radius), inset: inset, softness: softness)
    }

    /// A capsule hole.
    public static func capsule(_ rect: CGRect, inset: CGFloat = 0, softness: CGFloat = 0) -> Hole {
        Hole(.capsule(rect), inset: inset, softness: softness)
    }

    /// A hole of any outline.
    public static func path(_ path: Path, fillRule: FillRule = .winding, inset: CGFloat = 0,
                            softness: CGFloat = 0) -> Hole {
        Hole(.path(path, fillRule: fillRule), inset: inset, softness: softness)
    }

    /// The inset actually applied (non-finite → 0).
    var effectiveInset: CGFloat { inset.isFinite ? inset : 0 }

    /// The soft edge actually applied (negative or non-finite → 0, at most ``maxSoftness``).
    public var effectiveSoftness: CGFloat { softness.isFinite ? min(max(softness, 0), Self.maxSoftness) : 0 }

    /// The fill rule the outline is filled with.
    public var fillRule: FillRule {
        if case .path(_, let rule) = shape { return rule }
        return .winding
    }

    /// The outline after the inset, as closed subpaths wound clockwise on screen (the
    /// builders' direction; a `.path` keeps its own). Empty when the inset swallows the hole
    /// or the shape is degenerate (null or non-finite rect, negative radius).
    public var path: Path {
        let d = effectiveInset
        switch shape {
        case .roundedRect(let rect, let radii):
            guard let r = Self.inset(rect, by: d) else { return Path() }
            let c = radii.clamped(to: rect.standardized.size)
            func adjust(_ v: CGFloat) -> CGFloat { v > 0 ? max(v - d, 0) : 0 }
            var p = Path()
            p.addRoundedRect(in: r, cornerRadii: CornerRadii(topLeft: adjust(c.topLeft), topRight: adjust(c.topRight),
                                                             bottomLeft: adjust(c.bottomLeft), bottomRight: adjust(c.bottomRight)))
            return p
        case .circle(let center, let radius):
            guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius - d > 0 else { return Path() }
            let r = radius - d
            return Path(ellipseIn: CGRect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
        case .capsule(let rect):
            guard let r = Self.inset(rect, by: d) else { return Path() }
            let radius = min(r.width, r.height) / 2
            return Path(roundedRect: r, cornerWidth: radius, cornerHeight: radius)
        case .path(let path, _):
            guard d != 0 else { return path }
            let box = path.boundingBox
            guard !box.isNull, box.width - 2 * d > 0, box.height - 2 * d > 0 else { return Path() }
            let sx = box.width > 0 ? (box.width - 2 * d) / box.width : 1
            let sy = box.height > 0 ? (box.height - 2 * d) / box.height : 1
            let t = Transform(translationX: -box.midX, y: -box.midY)
                .concatenating(Transform(scaleX: sx, y: sy))
                .concatenating(Transform(translationX: box.midX, y: box.midY))
            return path.applying(t)
        }
    }

    /// The rect after the inset, or `nil` when it is degenerate or collapses.
    static func inset(_ rect: CGRect, by d: CGFloat) -> CGRect? {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.standardized
        guard r.width - 2 * d > 0, r.height - 2 * d > 0 else { return nil }
        return r.insetBy(dx: d, dy: d)
    }

    /// Whether `point` is inside the hole (after the inset, ignoring the soft edge).
    public func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: fillRule)
    }
}
