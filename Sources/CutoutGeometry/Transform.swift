import Foundation

/// A 2-D affine transform with Core Graphics' layout and vocabulary (`CGAffineTransform`;
/// named `Transform` because Foundation already has an unrelated `Transform`).
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`, exactly as
/// `CGAffineTransform` does, so matrices can be copied between the two unchanged.
/// `concatenating(_:)` applies `self` first and then the argument.
///
/// Guarantees: a value type (`Hashable`, `Sendable`); `inverted()` returns `nil` for a
/// singular matrix instead of a garbage result.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
    /// The matrix entries, laid out as in `CGAffineTransform`.
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    @inlinable
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    public init(translationX x: CGFloat, y: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `sx` horizontally and `sy` vertically about the origin.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin. In y-down space a positive angle
    /// turns +x toward +y, i.e. clockwise on screen, as on iOS.
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        // Snap the tiny residues of multiples of π/2 so quarter turns are exact.
        let cs = abs(c) < 1e-15 ? 0 : c
        let sn = abs(s) < 1e-15 ? 0 : s
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    @inlinable
    public func concatenating(_ t2: Transform) -> Transform {
        Transform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before `self` (as `CGAffineTransform.translatedBy`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self` (as `CGAffineTransform.scaledBy`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before `self` (as `CGAffineTransform.rotated(by:)`).
    public func rotated(by angle: CGFloat) -> Transform {
        Transform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant `a·d − b·c`.
    public var determinant: CGFloat { a * d - b * c }

    /// The inverse, or `nil` when the matrix is singular or not finite.
    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The largest factor by which this transform can stretch a length.
    public var maximumScale: CGFloat {
        // Largest singular value of the 2×2 part.
        let p = a * a + b * b + c * c + d * d
        let q = determinant
        return sqrt(max(0, (p + sqrt(max(0, p * p - 4 * q * q))) / 2))
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension CGPoint {
    /// The point mapped by `t`, as `CGPoint.applying(_:)` on Apple platforms.
    @inlinable
    public func applying(_ t: Transform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by the linear part of `t` (translation ignored), as on Apple platforms.
    public func applying(_ t: Transform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rect containing the four transformed corners, as on Apple platforms.
    public func applying(_ t: Transform) -> CGRect {
        if isNull { return self }
        let r = standardized
        let pts = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                   CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map { $0.applying(t) }
        var minX = pts[0].x, maxX = pts[0].x, minY = pts[0].y, maxY = pts[0].y
        for p in pts.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
