import Foundation

/// One drawing command of a ``Path``, as `CGPathElement` but as a Swift enum.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case moveTo(CGPoint)
    /// A straight line from the current point.
    case lineTo(CGPoint)
    /// A quadratic Bézier curve from the current point to `to`.
    case quadCurveTo(CGPoint, control: CGPoint)
    /// A cubic Bézier curve from the current point to `to`.
    case curveTo(CGPoint, control1: CGPoint, control2: CGPoint)
    /// A straight line back to the subpath's start, closing it.
    case closeSubpath

    /// The element's end point, `nil` for `.closeSubpath`.
    public var endPoint: CGPoint? {
        switch self {
        case .moveTo(let p), .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): return p
        case .closeSubpath: return nil
        }
    }

    /// The element with every point mapped by `t`.
    public func applying(_ t: Transform) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(p.applying(t))
        case .lineTo(let p): return .lineTo(p.applying(t))
        case .quadCurveTo(let p, let c): return .quadCurveTo(p.applying(t), control: c.applying(t))
        case .curveTo(let p, let c1, let c2):
            return .curveTo(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}

extension CGPoint {
    @inlinable var isFinitePoint: Bool { x.isFinite && y.isFinite }
}
