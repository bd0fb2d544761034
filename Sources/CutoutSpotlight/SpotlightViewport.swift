import CutoutGeometry
import Foundation

/// Distances inward from the edges of a rectangle.
public struct SpotlightInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = SpotlightInsets()

    /// `rect` shrunk by the insets; non-finite or negative insets count as 0, and a rect that
    /// would turn inside out collapses to zero size at the clamped position.
    func inset(_ rect: CGRect) -> CGRect {
        func c(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        let r = rect.standardized
        let x = r.minX + c(left), y = r.minY + c(top)
        return CGRect(x: min(x, r.maxX), y: min(y, r.maxY),
                      width: max(0, r.width - c(left) - c(right)), height: max(0, r.height - c(top) - c(bottom)))
    }
}

/// The screen the overlay covers and the part of it where content is visible.
///
/// The overlay dims ``bounds`` entirely, bars included; highlights are cut only inside
/// ``visibleRect`` (bounds minus the safe area and the bars), so a target that scrolled under
/// the navigation bar never punches a hole through the bar.
public struct SpotlightViewport: Hashable, Sendable {
    /// The full overlay, in overlay coordinates.
    public var bounds: CGRect
    /// The safe-area insets (status bar, home indicator, notch).
    public var safeAreaInsets: SpotlightInsets
    /// Height of the navigation bar below the top safe area (0 for none).
    public var topBarHeight: CGFloat
    /// Height of the tab bar or toolbar above the bottom safe area (0 for none).
    public var bottomBarHeight: CGFloat
    /// Layout direction, used to resolve leading/trailing.
    public var layoutDirection: LayoutDirection

    public init(bounds: CGRect, safeAreaInsets: SpotlightInsets = .zero, topBarHeight: CGFloat = 0,
                bottomBarHeight: CGFloat = 0, layoutDirection: LayoutDirection = .leftToRight) {
        self.bounds = bounds
        self.safeAreaInsets = safeAreaInsets
        self.topBarHeight = topBarHeight
        self.bottomBarHeight = bottomBarHeight
        self.layoutDirection = layoutDirection
    }

    /// Where content can be seen: bounds minus safe area minus bars.
    public var visibleRect: CGRect {
        func c(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        let s = safeAreaInsets
        return SpotlightInsets(top: c(s.top) + c(topBarHeight), left: s.left,
                               bottom: c(s.bottom) + c(bottomBarHeight), right: s.right).inset(bounds)
    }

    /// `cutout` with its clip: ``visibleRect`` for content, ``bounds`` for elements of the bars.
    /// Check ``ClippedCutout/isVisible`` for whether anything of it shows.
    public func clip(_ cutout: Cutout, toContentArea: Bool = true) -> ClippedCutout {
        ClippedCutout(cutout: cutout, clipRect: toContentArea ? visibleRect : bounds.standardized)
    }

    /// The hole of `target`, clipped by its ``SpotlightTarget/clipsToContentArea`` rule.
    public func clippedCutout(for target: SpotlightTarget) -> ClippedCutout {
        clip(target.cutout, toContentArea: target.clipsToContentArea)
    }
}

/// A cut-out and the rect it is clipped to.
public struct ClippedCutout: Hashable, Sendable {
    /// The full outline.
    public var cutout: Cutout
    /// Only the part inside this rect is cut.
    public var clipRect: CGRect

    public init(cutout: Cutout, clipRect: CGRect) {
        self.cutout = cutout
        self.clipRect = clipRect
    }

    /// Whether some area of the hole lies inside the clip.
    public var isVisible: Bool {
        let v = visibleBounds
        return !v.isNull && v.width > 0 && v.height > 0
    }

    /// The hole at `fraction` of the way from `a` to `b`: outlines morph
    /// (``Cutout/interpolated(from:to:fraction:)``) and clip rects interpolate edge by edge.
    public static func interpolated(from a: ClippedCutout, to b: ClippedCutout, fraction: CGFloat) -> ClippedCutout {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if t == 0 { return a }
        if t == 1 { return b }
        let ca = a.clipRect.standardized, cb = b.clipRect.standardized
        let clip = CGRect(x: lerp(ca.minX, cb.minX, t), y: lerp(ca.minY, cb.minY, t),
                          width: lerp(ca.width, cb.width, t), height: lerp(ca.height, cb.height, t))
        return ClippedCutout(cutout: .interpolated(from: a.cutout, to: b.cutout, fraction: t), clipRect: clip)
    }

    /// The visible part of the cut-out's box: what a callout must not cover and where the
    /// arrow points. `.null` when either rect has a NaN edge (a viewport with NaN bounds, say).
    public var visibleBounds: CGRect { cutout.bounds.nanSafeIntersection(clipRect) }

    /// The outline intersected with the clip rect, as polygons (each contour flattened to within
    /// 0.25 pt and clipped to the rect, Sutherland–Hodgman). Clipping against a rect is exact for
    /// any contour; a concave contour may gain zero-area edges along the rect, which do not
    /// change its fill.
    public var visiblePath: Path {
        var out = Path()
        for contour in cutout.path.flattened(tolerance: 0.25) where contour.isClosed {
            let clipped = Self.clip(contour.points, to: clipRect)
            guard clipped.count >= 3 else { continue }
            out.addLines(between: clipped)
            out.closeSubpath()
        }
        return out
    }

    private static func clip(_ polygon: [CGPoint], to r: CGRect) -> [CGPoint] {
        // One pass per rect edge: keep the inside, add the crossing points.
        let edges: [(inside: (CGPoint) -> Bool, cross: (CGPoint, CGPoint) -> CGPoint)] = [
            ({ $0.x >= r.minX }, { a, b in CGPoint(x: r.minX, y: a.y + (b.y - a.y) * (r.minX - a.x) / (b.x - a.x)) }),
            ({ $0.x <= r.maxX }, { a, b in CGPoint(x: r.maxX, y: a.y + (b.y - a.y) * (r.maxX - a.x) / (b.x - a.x)) }),
            ({ $0.y >= r.minY }, { a, b in CGPoint(x: a.x + (b.x - a.x) * (r.minY - a.y) / (b.y - a.y), y: r.minY) }),
            ({ $0.y <= r.maxY }, { a, b in CGPoint(x: a.x + (b.x - a.x) * (r.maxY - a.y) / (b.y - a.y), y: r.maxY) }),
        ]
        var pts = polygon
        for edge in edges {
            guard !pts.isEmpty else { break }
            var next: [CGPoint] = []
            for i in pts.indices {
                let cur = pts[i], prev = pts[(i + pts.count - 1) % pts.count]
                let ci = edge.inside(cur), pi = edge.inside(prev)
                if ci {
                    if !pi { next.append(edge.cross(prev, cur)) }
                    next.append(cur)
                } else if pi {
                    next.append(edge.cross(prev, cur))
                }
            }
            pts = next
        }
        return pts
    }

    /// Whether `point` is in the visible part of the hole.
    public func contains(_ point: CGPoint) -> Bool {
        clipRect.nanSafeContains(point) && cutout.path.contains(point)
    }
}

/// Reading direction of the interface; leading is left in left-to-right.
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}
