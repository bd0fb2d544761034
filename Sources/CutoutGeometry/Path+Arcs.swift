import Foundation

extension Path {
    /// Largest angle one cubic may span so that its radial error stays below 1e-4 of the
    /// radius (a π/3 segment errs by about 2.4e-5; a quarter turn would err by 2.7e-4).
    static let maxArcSegmentAngle: CGFloat = .pi / 3

    /// Adds a circular arc, as `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)`
    /// with `clockwise` judged the way UIKit judges it in y-down space: angle 0 points to +x,
    /// angles grow toward +y, and `clockwise: true` sweeps through increasing angles.
    ///
    /// The sweep is `endAngle − startAngle` brought into `[0, 2π)` (clockwise) or `(−2π, 0]`
    /// (counter-clockwise); a difference of a full turn or more in the chosen direction draws a
    /// full circle, and so does a difference too large to represent (finite angles of opposite
    /// signs near the largest `CGFloat`). If the path has a current point, a line joins it to
    /// the arc's start. A negative radius adds nothing.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                                clockwise: Bool, transform: Transform = .identity) {
        guard center.isFinitePoint, radius.isFinite, startAngle.isFinite, endAngle.isFinite,
              radius >= 0 else { return }
        let twoPi = 2 * CGFloat.pi
        let delta = endAngle - startAngle
        var sweep: CGFloat
        if !delta.isFinite {
            sweep = clockwise ? twoPi : -twoPi
        } else if clockwise {
            sweep = delta >= twoPi ? twoPi : delta - twoPi * (delta / twoPi).rounded(.down)
        } else {
            sweep = delta <= -twoPi ? -twoPi : -((-delta) - twoPi * ((-delta) / twoPi).rounded(.down))
        }
        if abs(sweep) < 1e-12 { sweep = 0 }
        addArcSweep(center: center, radii: CGSize(width: radius, height: radius),
                    startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Adds an arc from `startAngle` through `delta` radians (positive = increasing angle),
    /// as `CGMutablePath.addRelativeArc(center:radius:startAngle:delta:transform:)`.
    ///
    /// More than one turn winds round the circle again, as in Core Graphics, up to
    /// ``maxArcTurns`` turns: a larger `delta` is clamped to that many (each turn costs six
    /// cubics, and a `delta` of 1e300 would ask for 10³⁰⁰ of them).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                                        transform: Transform = .identity) {
        guard center.isFinitePoint, radius.isFinite, startAngle.isFinite, delta.isFinite, radius >= 0 else { return }
        let limit = 2 * CGFloat.pi * Self.maxArcTurns
        addArcSweep(center: center, radii: CGSize(width: radius, height: radius),
                    startAngle: startAngle, sweep: min(max(delta, -limit), limit), transform: transform)
    }

    /// The most turns ``addRelativeArc(center:radius:startAngle:delta:transform:)`` draws.
    public static let maxArcTurns: CGFloat = 1024

    /// Elliptical arc through `sweep` radians from `startAngle`, as cubics of at most
    /// ``maxArcSegmentAngle`` each, joined to the current point by a line.
    mutating func addArcSweep(center: CGPoint, radii: CGSize, startAngle: CGFloat, sweep: CGFloat,
                              transform: Transform) {
        let rx = radii.width, ry = radii.height
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle)).applying(transform)
        }
        connect(to: point(startAngle))
        guard sweep != 0, rx > 0 || ry > 0 else { return }
        let n = max(1, Int((abs(sweep) / Self.maxArcSegmentAngle - 1e-9).rounded(.up)))
        let seg = sweep / CGFloat(n)
        let k = 4 / 3 * tan(seg / 4)
        var a = startAngle
        for i in 0..<n {
            let b = i == n - 1 ? startAngle + sweep : a + seg
            let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
            let c1 = CGPoint(x: center.x + rx * (ca - k * sa), y: center.y + ry * (sa + k * ca))
            let c2 = CGPoint(x: center.x + rx * (cb + k * sb), y: center.y + ry * (sb - k * cb))
            let end = CGPoint(x: center.x + rx * cb, y: center.y + ry * sb)
            addCurve(to: end.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            a = b
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End`, as
    /// `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`. A line joins the
    /// current point to the arc's start. When the three points are collinear or the radius is
    /// 0, a line to `tangent1End` is added instead. With no current point, a subpath starts at
    /// `tangent1End`.
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                                transform: Transform = .identity) {
        guard tangent1End.isFinitePoint, tangent2End.isFinitePoint, radius.isFinite, radius >= 0 else { return }
        guard let cur = currentPoint, let inv = transform.inverted() else {
            move(to: tangent1End, transform: transform)
            return
        }
        // Work in the untransformed space, where the radius is meaningful.
        let p0 = cur.applying(inv), p1 = tangent1End, p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            addLine(to: p1, transform: transform)
            return
        }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cosTheta = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let theta = acos(cosTheta)                       // angle at p1 between the two lines
        let dist = radius / tan(theta / 2)               // from p1 to each tangent point
        let t1 = CGPoint(x: p1.x + u1.x * dist, y: p1.y + u1.y * dist)
        let bis = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = hypot(bis.x, bis.y)
        let cDist = radius / sin(theta / 2)
        let center = CGPoint(x: p1.x + bis.x / bl * cDist, y: p1.y + bis.y / bl * cDist)
        let t2 = CGPoint(x: p1.x + u2.x * dist, y: p1.y + u2.y * dist)
        let a1 = atan2(t1.y - center.y, t1.x - center.x)
        let a2 = atan2(t2.y - center.y, t2.x - center.x)
        // The arc is the short way round, whose direction follows the turn at p1.
        var sweep = a2 - a1
        if cross > 0 {  // p0→p1→p2 turns toward decreasing angle
            while sweep > 0 { sweep -= 2 * .pi }
        } else {
            while sweep < 0 { sweep += 2 * .pi }
        }
        addArcSweep(center: center, radii: CGSize(width: radius, height: radius),
                    startAngle: a1, sweep: sweep, transform: transform)
    }

    /// Adds a closed rectangle: top-left, top-right, bottom-right, bottom-left (clockwise on a
    /// y-down screen), as `CGMutablePath.addRect(_:transform:)`.
    public mutating func addRect(_ rect: CGRect, transform: Transform = .identity) {
        guard rect.origin.isFinitePoint, rect.width.isFinite, rect.height.isFinite, !rect.isNull else { return }
        let r = rect.standardized
        addLines(between: [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                           CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    public mutating func addRects(_ rects: [CGRect], transform: Transform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds a closed ellipse inscribed in `rect`, starting at its rightmost point and going
    /// through increasing angles (clockwise on a y-down screen).
    public mutating func addEllipse(in rect: CGRect, transform: Transform = .identity) {
        guard rect.origin.isFinitePoint, rect.width.isFinite, rect.height.isFinite, !rect.isNull else { return }
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        move(to: CGPoint(x: r.maxX, y: r.midY), transform: transform)
        addArcSweep(center: center, radii: CGSize(width: r.width / 2, height: r.height / 2),
                    startAngle: 0, sweep: 2 * .pi, transform: transform)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle with elliptical corners, as
    /// `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)`. Corner sizes
    /// larger than half the side are clamped to it; negative ones count as 0.
    public mutating func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                                        transform: Transform = .identity) {
        guard cornerWidth.isFinite, cornerHeight.isFinite else { return }
        let r = rect.standardized
        let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
        let size = CGSize(width: cw, height: ch)
        addRoundedRect(in: rect, corners: [size, size, size, size], transform: transform)
    }

    /// Adds a closed rounded rectangle with its own circular radius per corner, as
    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` generalised. Each radius is
    /// clamped to half the shorter side.
    public mutating func addRoundedRect(in rect: CGRect, cornerRadii: CornerRadii,
                                        transform: Transform = .identity) {
        let c = cornerRadii.clamped(to: rect.standardized.size)
        func s(_ v: CGFloat) -> CGSize { CGSize(width: v, height: v) }
        addRoundedRect(in: rect, corners: [s(c.topLeft), s(c.topRight), s(c.bottomRight), s(c.bottomLeft)],
                       transform: transform)
    }

    /// Corners in drawing order: top-left, top-right, bottom-right, bottom-left.
    private mutating func addRoundedRect(in rect: CGRect, corners: [CGSize], transform: Transform) {
        guard rect.origin.isFinitePoint, rect.width.isFinite, rect.height.isFinite, !rect.isNull else { return }
        let r = rect.standardized
        let tl = corners[0], tr = corners[1], br = corners[2], bl = corners[3]
        move(to: CGPoint(x: r.minX + tl.width, y: r.minY), transform: transform)
        addLineIfNeeded(CGPoint(x: r.maxX - tr.width, y: r.minY), transform)
        cornerArc(center: CGPoint(x: r.maxX - tr.width, y: r.minY + tr.height), radii: tr, start: -.pi / 2, transform)
        addLineIfNeeded(CGPoint(x: r.maxX, y: r.maxY - br.height), transform)
        cornerArc(center: CGPoint(x: r.maxX - br.width, y: r.maxY - br.height), radii: br, start: 0, transform)
        addLineIfNeeded(CGPoint(x: r.minX + bl.width, y: r.maxY), transform)
        cornerArc(center: CGPoint(x: r.minX + bl.width, y: r.maxY - bl.height), radii: bl, start: .pi / 2, transform)
        addLineIfNeeded(CGPoint(x: r.minX, y: r.minY + tl.height), transform)
        cornerArc(center: CGPoint(x: r.minX + tl.width, y: r.minY + tl.height), radii: tl, start: .pi, transform)
        closeSubpath()
    }

    private mutating func addLineIfNeeded(_ p: CGPoint, _ t: Transform) {
        let q = p.applying(t)
        if currentPoint != q { addLine(to: q) }
    }

    private mutating func cornerArc(center: CGPoint, radii: CGSize, start: CGFloat, _ t: Transform) {
        guard radii.width > 0, radii.height > 0 else { return }
        addArcSweep(center: center, radii: radii, startAngle: start, sweep: .pi / 2, transform: t)
    }
}
