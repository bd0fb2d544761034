import Foundation

/// Parameterised outlines: each is a function of a rect, so it looks right at any size.
/// The card suits, borders and the erased curve's centre line live here; the catalogue grows in
/// `Shapes+*.swift` files.
///
/// The card-suit recipes are defined on a square cell; for a rect that is not square they
/// use the largest centred square. Their insets and adjustments default to the reference values
/// at 300 pt (inset 20, adjustment 10) scaled with the cell, so a 300 pt cell reproduces the
/// reference drawing exactly and any other size is the same drawing scaled.
public enum Shapes {
    /// The reference cell side, at which the default inset is 20 and adjustment 10.
    static let referenceSide: CGFloat = 300

    /// The largest square centred in `rect` (standardised), and its scale against 300 pt.
    static func cell(_ rect: CGRect) -> (origin: CGPoint, side: CGFloat, scale: CGFloat) {
        let r = rect.standardized
        let side = min(r.width, r.height)
        return (CGPoint(x: r.midX - side / 2, y: r.midY - side / 2), side, side / referenceSide)
    }

    /// The spade: two lobes (arcs) meeting at the top point, and a flared stem of two
    /// quadratic curves. Filled non-zero. `inset` defaults to 20 pt per 300 pt of cell.
    public static func spade(in rect: CGRect, inset: CGFloat? = nil) -> Path {
        let c = cell(rect)
        let w = c.side, h = c.side
        let inset = inset ?? 20 * c.scale
        let size = w - 2 * inset, r = size / 4
        let a = atan(2 * r / size)
        var p = Path()
        let t = Transform(translationX: c.origin.x, y: c.origin.y)
        p.move(to: CGPoint(x: w / 2, y: h / 2), transform: t)
        p.addArc(center: CGPoint(x: inset + r, y: h / 2), radius: r, startAngle: 0, endAngle: .pi + 2 * a,
                 clockwise: true, transform: t)
        p.addLine(to: CGPoint(x: w / 2, y: h / 2 - size / 2), transform: t)
        p.addArc(center: CGPoint(x: w / 2 + r, y: h / 2), radius: r, startAngle: -2 * a, endAngle: .pi,
                 clockwise: true, transform: t)
        addStem(to: &p, w: w, h: h, size: size, r: r, t: t)
        return p
    }

    /// The heart: two arcs for the lobes and straight sides down to the tip.
    public static func heart(in rect: CGRect, inset: CGFloat? = nil) -> Path {
        let c = cell(rect)
        let w = c.side, h = c.side
        let inset = inset ?? 20 * c.scale
        let size = w - 2 * inset, r = size / 4
        let a = atan(4 * r / (3 * size))
        let t = Transform(translationX: c.origin.x, y: c.origin.y)
        var p = Path()
        p.move(to: CGPoint(x: w / 2, y: h / 2 + size / 2), transform: t)
        p.addArc(center: CGPoint(x: inset + r, y: h / 2 - r), radius: r, startAngle: .pi - 2 * a, endAngle: 0,
                 clockwise: true, transform: t)
        p.addArc(center: CGPoint(x: w / 2 + r, y: h / 2 - r), radius: r, startAngle: -.pi, endAngle: 2 * a,
                 clockwise: true, transform: t)
        p.addLine(to: CGPoint(x: w / 2, y: h / 2 + size / 2), transform: t)
        p.closeSubpath()
        return p
    }

    /// The diamond: four quadratic curves through the four tips, their controls pulled
    /// `adjustment` toward the centre (default 10 pt per 300 pt of cell).
    public static func diamond(in rect: CGRect, inset: CGFloat? = nil, adjustment: CGFloat? = nil) -> Path {
        let c = cell(rect)
        let w = c.side, h = c.side
        let inset = inset ?? 20 * c.scale
        let adj = adjustment ?? 10 * c.scale
        let size = w - 2 * inset
        let t = Transform(translationX: c.origin.x, y: c.origin.y)
        var p = Path()
        p.move(to: CGPoint(x: inset, y: h / 2), transform: t)
        p.addQuadCurve(to: CGPoint(x: w / 2, y: h / 2 - size / 2), control: CGPoint(x: w / 2 - adj, y: h / 2 - adj), transform: t)
        p.addQuadCurve(to: CGPoint(x: w - inset, y: h / 2), control: CGPoint(x: w / 2 + adj, y: h / 2 - adj), transform: t)
        p.addQuadCurve(to: CGPoint(x: w / 2, y: h / 2 + size / 2), control: CGPoint(x: w / 2 + adj, y: h / 2 + adj), transform: t)
        p.addQuadCurve(to: CGPoint(x: inset, y: h / 2), control: CGPoint(x: w / 2 - adj, y: h / 2 + adj), transform: t)
        p.closeSubpath()
        return p
    }

    /// The club: three full circles and the spade's stem. The path joins the circles with
    /// straight lines (as in Core Graphics, a segment added to an open subpath connects from the current
    /// point); filled non-zero those lines add no area, filled even-odd the overlaps toggle.
    public static func club(in rect: CGRect, inset: CGFloat? = nil, adjustment: CGFloat? = nil) -> Path {
        let c = cell(rect)
        let w = c.side, h = c.side
        let inset = inset ?? 20 * c.scale
        let adj = adjustment ?? 10 * c.scale
        let size = w - 2 * inset, r = size / 4
        let t = Transform(translationX: c.origin.x, y: c.origin.y)
        let full = 2 * CGFloat.pi
        var p = Path()
        p.move(to: CGPoint(x: w / 2, y: h / 2), transform: t)
        p.addRelativeArc(center: CGPoint(x: w / 2 - r, y: h / 2 + adj), radius: r, startAngle: 0, delta: full, transform: t)
        p.addRelativeArc(center: CGPoint(x: w / 2, y: h / 2 - r), radius: r, startAngle: .pi / 2, delta: full, transform: t)
        p.addRelativeArc(center: CGPoint(x: w / 2 + r, y: h / 2 + adj), radius: r, startAngle: .pi, delta: full, transform: t)
        addStem(to: &p, w: w, h: h, size: size, r: r, t: t)
        return p
    }

    /// The flared stem shared by spade and club, ending back at the centre.
    private static func addStem(to p: inout Path, w: CGFloat, h: CGFloat, size: CGFloat, r: CGFloat, t: Transform) {
        let bottom = CGPoint(x: w / 2, y: h / 2 + size / 2)
        p.addQuadCurve(to: CGPoint(x: w / 2 + r, y: h / 2 + size / 2), control: bottom, transform: t)
        p.addLine(to: CGPoint(x: w / 2 - r, y: h / 2 + size / 2), transform: t)
        p.addQuadCurve(to: CGPoint(x: w / 2, y: h / 2), control: bottom, transform: t)
        p.closeSubpath()
    }

    /// The chamfered custom border: top-left and bottom-right corners cut straight by `inset`,
    /// top-right and bottom-left rounded with radius `inset`. `inset` is clamped to half the
    /// shorter side.
    public static func chamferedBorder(in rect: CGRect, inset: CGFloat = 40) -> Path {
        let r = rect.standardized
        let i = min(max(inset.isFinite ? inset : 0, 0), min(r.width, r.height) / 2)
        var p = Path()
        p.move(to: CGPoint(x: r.minX + i, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - i, y: r.minY))
        p.addArc(center: CGPoint(x: r.maxX - i, y: r.minY + i), radius: i, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - i))
        p.addLine(to: CGPoint(x: r.maxX - i, y: r.maxY))
        p.addLine(to: CGPoint(x: r.minX + i, y: r.maxY))
        p.addArc(center: CGPoint(x: r.minX + i, y: r.maxY - i), radius: i, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + i))
        p.closeSubpath()
        return p
    }

    /// The centre line of the erased curve (`ShapedView` in CutoutHoles cuts it out of a card): a quadratic from (w/4, h/4) to (3w/4, 3h/4)
    /// with its control at the top-right corner (w, 0), relative to `rect`.
    public static func erasedCurveCenterline(in rect: CGRect) -> Path {
        let r = rect.standardized
        var p = Path()
        p.move(to: CGPoint(x: r.minX + r.width / 4, y: r.minY + r.height / 4))
        p.addQuadCurve(to: CGPoint(x: r.minX + 3 * r.width / 4, y: r.minY + 3 * r.height / 4),
                       control: CGPoint(x: r.maxX, y: r.minY))
        return p
    }
}
