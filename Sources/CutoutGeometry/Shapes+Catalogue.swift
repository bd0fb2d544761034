import Foundation

/// A semicircular notch cut into one edge of a ticket (see ``Shapes/ticket(in:cornerRadius:notchRadius:notches:)``).
public struct TicketNotch: Hashable, Sendable {
    /// The edge of the rect a notch bites into.
    public enum Edge: Hashable, Sendable { case top, right, bottom, left }

    /// The edge the notch is on.
    public var edge: Edge
    /// Where the notch's centre sits along its edge, as a fraction of the edge's length
    /// measured from the left (top and bottom edges) or from the top (left and right edges).
    public var position: CGFloat

    public init(edge: Edge, position: CGFloat) {
        self.edge = edge
        self.position = position
    }

    /// The classic tear line: a notch on the left and one on the right edge at `position`
    /// (fraction of the height from the top).
    public static func tearLine(at position: CGFloat) -> [TicketNotch] {
        [TicketNotch(edge: .left, position: position), TicketNotch(edge: .right, position: position)]
    }
}

extension Shapes {
    /// Most vertices (or star points) a catalogue shape accepts; larger counts are clamped to
    /// it, so absurd input cannot allocate unbounded memory.
    public static let maxVertexCount = 4096

    /// How far along each edge a continuous corner of radius `r` starts, as a multiple of `r`.
    /// UIKit's `.continuous` corners begin about 1.53 r from the corner (a circular corner
    /// begins at r); the value is the commonly measured one.
    public static let continuousCornerExtent: CGFloat = 1.528665

    /// The distance of each cubic control point from its end point, as a fraction of the
    /// corner's extent. Chosen so that the corner's midpoint lands exactly where a circular
    /// corner of the same radius has its midpoint (`r·(1 − 1/√2)` from both edges):
    /// solving `e·(4 − 3k)/8 = r·(1 − √2/2)` for `k` with `e = extent·r`.
    static var continuousCornerHandle: CGFloat {
        (4 - 8 * (1 - 0.5.squareRoot()) / continuousCornerExtent) / 3
    }

    /// A regular polygon with `sides` vertices on the ellipse inscribed in `rect` (a regular
    /// polygon when `rect` is a square). With `rotation` 0 the first vertex points straight up
    /// (toward −y) and vertices follow in increasing angle (clockwise on screen).
    ///
    /// - Parameters:
    ///   - sides: number of vertices; fewer than 3 gives an empty path, more than
    ///     ``maxVertexCount`` is clamped.
    ///   - rotation: radians added to every vertex angle.
    ///   - cornerRadius: each vertex is rounded with a circular arc tangent to both edges
    ///     (`addArc(tangent1End:tangent2End:radius:)`). The radius is clamped per vertex so the
    ///     arc's tangent points stay within half of each adjacent edge; negative means 0.
    /// - Returns: one closed subpath, or an empty path for a null, empty or non-finite `rect`.
    public static func regularPolygon(in rect: CGRect, sides: Int, rotation: CGFloat = 0,
                                      cornerRadius: CGFloat = 0) -> Path {
        guard sides >= 3, rotation.isFinite, let r = usableRect(rect) else { return Path() }
        let n = min(sides, maxVertexCount)
        let vertices = (0..<n).map { k in
            ellipsePoint(in: r, angle: -.pi / 2 + rotation + 2 * .pi * CGFloat(k) / CGFloat(n), scale: 1)
        }
        return roundedPolygon(vertices, cornerRadius: cornerRadius.isFinite ? cornerRadius : 0)
    }

    /// A star with `points` outer tips on the ellipse inscribed in `rect` and inner vertices
    /// on the same ellipse scaled by `innerRadiusRatio` about the centre. With `rotation` 0 the
    /// first tip points straight up; tips and inner vertices alternate in increasing angle.
    ///
    /// - Parameters:
    ///   - points: number of tips; fewer than 2 gives an empty path, more than
    ///     ``maxVertexCount`` is clamped.
    ///   - innerRadiusRatio: clamped to `[0, 1]`; NaN counts as 0.5. At 1 the star is a
    ///     regular polygon of `2·points` sides.
    /// - Returns: one closed subpath, or an empty path for a null, empty or non-finite `rect`.
    public static func star(in rect: CGRect, points: Int, innerRadiusRatio: CGFloat = 0.5,
                            rotation: CGFloat = 0) -> Path {
        guard points >= 2, rotation.isFinite, let r = usableRect(rect) else { return Path() }
        let n = min(points, maxVertexCount)
        let ratio = innerRadiusRatio.isNaN ? 0.5 : min(max(innerRadiusRatio, 0), 1)
        let step = CGFloat.pi / CGFloat(n)
        let vertices = (0..<(2 * n)).map { k in
            ellipsePoint(in: r, angle: -.pi / 2 + rotation + step * CGFloat(k), scale: k.isMultiple(of: 2) ? 1 : ratio)
        }
        var path = Path()
        path.addLines(between: vertices)
        path.closeSubpath()
        return path
    }

    /// A ticket: a rounded rect with semicircular notches bitten out of its edges.
    ///
    /// Rules for awkward input (none of them traps):
    /// - `cornerRadius` is clamped to `[0, min(w, h)/2]` as UIKit clamps.
    /// - `notchRadius` is clamped to `[0, min(w, h)/2]`; a radius of 0 draws no notches.
    /// - A notch's centre is clamped along its edge so the notch stays clear of the corner arcs;
    ///   when the edge is too short for that, the notch sits in the middle of the edge.
    /// - Notches on one edge are taken in order along the edge; one that would overlap the
    ///   previous one is dropped. Non-finite positions are dropped.
    ///
    /// The outline runs clockwise on screen (top edge left to right first), each notch as a
    /// half circle turning into the ticket.
    /// - Returns: one closed subpath, or an empty path for a null, empty or non-finite `rect`.
    public static func ticket(in rect: CGRect, cornerRadius: CGFloat, notchRadius: CGFloat,
                              notches: [TicketNotch]) -> Path {
        guard let r = usableRect(rect) else { return Path() }
        let limit = min(r.width, r.height) / 2
        let cr = cornerRadius.isFinite ? min(max(cornerRadius, 0), limit) : 0
        let nr = notchRadius.isFinite ? min(max(notchRadius, 0), limit) : 0

        /// Notch centres along an edge of `length`, measured from its left or top end, in drawing
        /// order (`reversed` for the bottom and left edges, drawn right-to-left / bottom-to-top).
        func centres(_ edge: TicketNotch.Edge, length: CGFloat, reversed: Bool) -> [CGFloat] {
            guard nr > 0 else { return [] }
            let lo = cr + nr, hi = length - cr - nr
            var along = notches.filter { $0.edge == edge && $0.position.isFinite }.map { n -> CGFloat in
                let c = n.position * length
                return lo <= hi ? min(max(c, lo), hi) : length / 2
            }
            along.sort()
            var kept: [CGFloat] = []
            for c in along where kept.last.map({ c - $0 >= 2 * nr }) ?? true { kept.append(c) }
            return reversed ? kept.reversed() : kept
        }

        var path = Path()
        path.move(to: CGPoint(x: r.minX + cr, y: r.minY))
        // Top edge, left to right; notches dip toward +y.
        for c in centres(.top, length: r.width, reversed: false) {
            path.addArc(center: CGPoint(x: r.minX + c, y: r.minY), radius: nr, startAngle: .pi, endAngle: 0, clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.maxX - cr, y: r.minY))
        if cr > 0 { path.addArc(center: CGPoint(x: r.maxX - cr, y: r.minY + cr), radius: cr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        // Right edge, top to bottom; notches dip toward −x.
        for c in centres(.right, length: r.height, reversed: false) {
            path.addArc(center: CGPoint(x: r.maxX, y: r.minY + c), radius: nr, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - cr))
        if cr > 0 { path.addArc(center: CGPoint(x: r.maxX - cr, y: r.maxY - cr), radius: cr, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        // Bottom edge, right to left; notches dip toward −y.
        for c in centres(.bottom, length: r.width, reversed: true) {
            path.addArc(center: CGPoint(x: r.minX + c, y: r.maxY), radius: nr, startAngle: 0, endAngle: .pi, clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.minX + cr, y: r.maxY))
        if cr > 0 { path.addArc(center: CGPoint(x: r.minX + cr, y: r.maxY - cr), radius: cr, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        // Left edge, bottom to top; notches dip toward +x.
        for c in centres(.left, length: r.height, reversed: true) {
            path.addArc(center: CGPoint(x: r.minX, y: r.minY + c), radius: nr, startAngle: .pi / 2, endAngle: -.pi / 2, clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + cr))
        if cr > 0 { path.addArc(center: CGPoint(x: r.minX + cr, y: r.minY + cr), radius: cr, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true) }
        path.closeSubpath()
        return path
    }

    /// A rounded rect with continuous ("squircle-like") corners, in the spirit of UIKit's
    /// `CALayerCornerCurve.continuous`: the curvature ramps up from the straight edge instead
    /// of jumping to 1/r, so the corner looks softer than a circular one of the same radius.
    ///
    /// Approximation (ours, not Apple's construction): each corner is one cubic Bézier that
    /// starts ``continuousCornerExtent``·r before the corner on one edge and ends as far after
    /// it on the other, both control points on the edges' lines (so the tangents match the
    /// edges) at ``continuousCornerHandle`` of the extent from their end points. This makes the
    /// curvature at the joins small (about 0.11/r instead of 1/r) and puts the corner's midpoint
    /// exactly on a circular corner's midpoint, so both styles read as the same "radius".
    ///
    /// The extent is clamped to half the shorter side (and a negative radius counts as 0), so a
    /// huge radius gives a pill-like squircle instead of crossing corners.
    /// - Returns: one closed subpath, clockwise on screen from the top edge, or an empty path for
    ///   a null, empty or non-finite `rect`.
    public static func continuousRoundedRect(in rect: CGRect, cornerRadius: CGFloat) -> Path {
        continuousRoundedRect(in: rect, cornerRadius: cornerRadius, corners: .allCorners)
    }

    /// ``continuousRoundedRect(in:cornerRadius:)`` with only `corners` rounded (the others
    /// square), as `CALayer.maskedCorners` selects them; the extent is clamped as there.
    public static func continuousRoundedRect(in rect: CGRect, cornerRadius: CGFloat, corners: RectCorner) -> Path {
        guard let r = usableRect(rect) else { return Path() }
        let radius = cornerRadius.isFinite ? max(cornerRadius, 0) : 0
        let e = min(radius * continuousCornerExtent, min(r.width, r.height) / 2)
        guard e > 0, !corners.isEmpty else { return Path(rect: r) }
        let h = e * (1 - continuousCornerHandle)   // control point distance from the corner
        // Each corner is a curve from e before it on the incoming edge to e after it on the
        // outgoing one (directions given as unit offsets from the corner point), or the
        // corner point itself when it is not rounded.
        var path = Path()
        let topLeft = CGPoint(x: r.minX, y: r.minY), roundTopLeft = corners.contains(.topLeft)
        path.move(to: roundTopLeft ? CGPoint(x: r.minX + e, y: r.minY) : topLeft)
        func corner(_ c: CGPoint, _ included: Bool, inX: CGFloat, inY: CGFloat, outX: CGFloat, outY: CGFloat) {
            guard included else { return path.addLine(to: c) }
            path.addLine(to: CGPoint(x: c.x + inX * e, y: c.y + inY * e))
            path.addCurve(to: CGPoint(x: c.x + outX * e, y: c.y + outY * e),
                          control1: CGPoint(x: c.x + inX * h, y: c.y + inY * h),
                          control2: CGPoint(x: c.x + outX * h, y: c.y + outY * h))
        }
        // Clockwise on screen from the top edge.
        corner(CGPoint(x: r.maxX, y: r.minY), corners.contains(.topRight), inX: -1, inY: 0, outX: 0, outY: 1)
        corner(CGPoint(x: r.maxX, y: r.maxY), corners.contains(.bottomRight), inX: 0, inY: -1, outX: -1, outY: 0)
        corner(CGPoint(x: r.minX, y: r.maxY), corners.contains(.bottomLeft), inX: 1, inY: 0, outX: 0, outY: -1)
        if roundTopLeft { corner(topLeft, true, inX: 0, inY: 1, outX: 1, outY: 0) }
        path.closeSubpath()
        return path
    }

    // MARK: Helpers

    /// `rect` standardised, or `nil` when it is null, infinite, non-finite or has no area.
    static func usableRect(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull, !rect.isInfinite, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.standardized
        return r.width > 0 && r.height > 0 ? r : nil
    }

    static func ellipsePoint(in r: CGRect, angle: CGFloat, scale: CGFloat) -> CGPoint {
        CGPoint(x: r.midX + scale * r.width / 2 * cos(angle), y: r.midY + scale * r.height / 2 * sin(angle))
    }

    /// A closed polygon through `vertices` with every vertex rounded by a tangent arc whose
    /// radius is clamped so its tangent points stay within half of each adjacent edge.
    static func roundedPolygon(_ vertices: [CGPoint], cornerRadius: CGFloat) -> Path {
        var path = Path()
        let n = vertices.count
        guard n >= 3 else { return path }
        guard cornerRadius > 0 else {
            path.addLines(between: vertices)
            path.closeSubpath()
            return path
        }
        func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        path.move(to: mid(vertices[n - 1], vertices[0]))
        for k in 0..<n {
            let prev = vertices[(k + n - 1) % n], v = vertices[k], next = vertices[(k + 1) % n]
            let a = CGPoint(x: prev.x - v.x, y: prev.y - v.y), b = CGPoint(x: next.x - v.x, y: next.y - v.y)
            let la = hypot(a.x, a.y), lb = hypot(b.x, b.y)
            guard la > 0, lb > 0 else { continue }
            let cosTheta = max(-1, min(1, (a.x * b.x + a.y * b.y) / (la * lb)))
            let halfAngle = acos(cosTheta) / 2
            // Tangent distance is r / tan(θ/2); keep it within half of the shorter edge.
            let maxRadius = min(la, lb) / 2 * tan(halfAngle)
            path.addArc(tangent1End: v, tangent2End: mid(v, next), radius: min(cornerRadius, maxRadius))
        }
        path.closeSubpath()
        return path
    }
}
