import CutoutGeometry
import Foundation

/// One hole in the dimming overlay, in a form that can be interpolated.
///
/// Every standard ``SpotlightShape`` is a rounded rect (rect + corner radius), which
/// interpolates exactly: a rect morphs into a circle through rounded rects. A custom path
/// morphs through polygons resampled to ``Cutout/morphSampleCount`` points (see
/// ``interpolated(from:to:fraction:)``).
///
/// Guarantee: ``path`` always runs clockwise on screen (the turn of `addRect`), so any number of
/// cut-outs filled together with the non-zero rule cover their union, overlaps included.
public struct Cutout: Hashable, Sendable {
    /// The geometry of a cut-out.
    public enum Shape: Hashable, Sendable {
        /// A rect with a circular corner radius (clamped to half the shorter side when drawn).
        case roundedRect(CGRect, cornerRadius: CGFloat)
        /// Any outline.
        case path(Path)
    }

    /// The target this hole belongs to, used to pair holes across steps; `nil` for none.
    public var id: String?
    /// The geometry.
    public var shape: Shape

    public init(id: String? = nil, shape: Shape) {
        self.id = id
        self.shape = shape
    }

    /// Number of points a custom outline is resampled to while it morphs.
    public static let morphSampleCount = 96

    /// The hole's outline, clockwise on screen. A custom path with a counter-clockwise outer
    /// outline is reversed subpath by subpath (its inner contours flip with it, keeping its
    /// own holes).
    public var path: Path {
        switch shape {
        case .roundedRect(let r, let radius):
            var p = Path()
            p.addRoundedRect(in: r, cornerRadii: CornerRadii(all: radius))
            return p
        case .path(let p):
            return Self.signedArea(of: p) < 0 ? p.reversing() : p
        }
    }

    /// The bounding box of the outline.
    public var bounds: CGRect {
        switch shape {
        case .roundedRect(let r, _): return r.standardized
        case .path(let p): return p.boundingBox
        }
    }

    /// The centre of ``bounds``: where a hole grows from and shrinks to.
    public var center: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }

    /// A hole of zero size at `point` (what an unmatched hole grows from or shrinks to).
    public static func point(_ point: CGPoint, id: String? = nil) -> Cutout {
        Cutout(id: id, shape: .roundedRect(CGRect(origin: point, size: .zero), cornerRadius: 0))
    }

    /// The hole at `fraction` of the way from `a` to `b`.
    ///
    /// - Fraction 0 gives `a` and 1 gives `b` exactly; values outside `[0, 1]` are clamped and
    ///   NaN counts as 0.
    /// - Two rounded rects interpolate their edges and radius linearly.
    /// - Otherwise both outlines are flattened, their longest contour is oriented clockwise,
    ///   started where it crosses the vertical line through its centre at the top, and resampled
    ///   to ``morphSampleCount`` points evenly spaced by length; matching points interpolate
    ///   linearly. Inner contours of a custom path do not morph: they appear at fraction 1.
    public static func interpolated(from a: Cutout, to b: Cutout, fraction: CGFloat) -> Cutout {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if t == 0 { return a }
        if t == 1 { return b }
        let id = t < 0.5 ? a.id : b.id
        if case .roundedRect(let ra, let rada) = a.shape, case .roundedRect(let rb, let radb) = b.shape {
            let sa = ra.standardized, sb = rb.standardized
            let rect = CGRect(x: lerp(sa.minX, sb.minX, t), y: lerp(sa.minY, sb.minY, t),
                              width: lerp(sa.width, sb.width, t), height: lerp(sa.height, sb.height, t))
            // Radii are compared after clamping, so a capsule morphs through true capsules.
            let ca = min(max(rada, 0), min(sa.width, sa.height) / 2)
            let cb = min(max(radb, 0), min(sb.width, sb.height) / 2)
            return Cutout(id: id, shape: .roundedRect(rect, cornerRadius: lerp(ca, cb, t)))
        }
        let pa = a.resampled(count: morphSampleCount), pb = b.resampled(count: morphSampleCount)
        var p = Path()
        p.addLines(between: zip(pa, pb).map { CGPoint(x: lerp($0.x, $1.x, t), y: lerp($0.y, $1.y, t)) })
        p.closeSubpath()
        return Cutout(id: id, shape: .path(p))
    }

    /// `count` points evenly spaced along the longest contour, clockwise, starting at the top
    /// crossing of the centre line (see ``interpolated(from:to:fraction:)``). A degenerate
    /// outline gives `count` copies of its centre.
    func resampled(count: Int) -> [CGPoint] {
        let contours = path.flattened(tolerance: 0.2).filter { $0.points.count >= 2 }
        guard var pts = contours.max(by: { Self.perimeter($0.points) < Self.perimeter($1.points) })?.points else {
            return Array(repeating: center, count: count)
        }
        if Self.shoelace(pts) < 0 { pts.reverse() }
        let total = Self.perimeter(pts)
        guard total > 1e-9 else { return Array(repeating: pts[0], count: count) }
        let start = Self.topCrossing(pts)
        // Rotate so the contour starts at the crossing point.
        var ring = [start.point]
        ring += pts[(start.segment + 1)...] + pts[...start.segment]
        ring.append(start.point)
        var out: [CGPoint] = []
        out.reserveCapacity(count)
        var seg = 0, segStart: CGFloat = 0
        for i in 0..<count {
            let s = total * CGFloat(i) / CGFloat(count)
            while seg < ring.count - 2, segStart + Self.distance(ring[seg], ring[seg + 1]) < s {
                segStart += Self.distance(ring[seg], ring[seg + 1])
                seg += 1
            }
            let len = Self.distance(ring[seg], ring[seg + 1])
            let u = len > 0 ? min(max((s - segStart) / len, 0), 1) : 0
            out.append(CGPoint(x: lerp(ring[seg].x, ring[seg + 1].x, u), y: lerp(ring[seg].y, ring[seg + 1].y, u)))
        }
        return out
    }

    /// The highest point where the closed contour crosses the vertical line through its box's
    /// centre, and the index of the segment (from `pts[segment]` to the next point) holding it;
    /// the topmost vertex when nothing crosses.
    private static func topCrossing(_ pts: [CGPoint]) -> (point: CGPoint, segment: Int) {
        let minX = pts.map(\.x).min() ?? 0, maxX = pts.map(\.x).max() ?? 0
        let cx = (minX + maxX) / 2
        var best: (point: CGPoint, segment: Int)?
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            guard (p.x <= cx && q.x > cx) || (q.x <= cx && p.x > cx) else { continue }
            let u = (cx - p.x) / (q.x - p.x)
            let y = lerp(p.y, q.y, u)
            if best == nil || y < best!.point.y { best = (CGPoint(x: cx, y: y), i) }
        }
        if let best { return best }
        let i = pts.indices.min(by: { pts[$0].y < pts[$1].y }) ?? 0
        return (pts[i], i)
    }

    private static func perimeter(_ pts: [CGPoint]) -> CGFloat {
        var sum: CGFloat = 0
        for i in pts.indices { sum += distance(pts[i], pts[(i + 1) % pts.count]) }
        return sum
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(b.x - a.x, b.y - a.y) }

    /// Twice the signed area; positive means clockwise on a y-down screen.
    private static func shoelace(_ pts: [CGPoint]) -> CGFloat {
        var s: CGFloat = 0
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            s += p.x * q.y - q.x * p.y
        }
        return s
    }

    /// The signed area of the path's largest contour, which decides its orientation.
    private static func signedArea(of path: Path) -> CGFloat {
        let areas = path.flattened(tolerance: 0.5).map { shoelace($0.points) }
        return areas.max(by: { abs($0) < abs($1) }) ?? 0
    }
}

@inline(__always) func lerp(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> CGFloat { a + (b - a) * t }
