/// How the inside of a path is decided, as `CGPathFillRule`.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// A point is inside when the path winds around it a non-zero number of times.
    case winding
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd

    /// Whether a winding number counts as inside under this rule.
    @inlinable
    public func isInside(winding: Int) -> Bool {
        switch self {
        case .winding: return winding != 0
        case .evenOdd: return winding & 1 != 0
        }
    }
}

extension FillRule {
    /// The name `CAShapeLayerFillRule` uses for `.winding`.
    public static var nonZero: FillRule { .winding }
}
