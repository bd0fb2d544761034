import CutoutGeometry
import Foundation

/// An opaque rect with holes: the geometry of a "hole view".
///
/// The overlay covers ``bounds`` except where any hole is: overlapping holes stay
/// transparent (their union is cut, never toggled back on as even-odd toggling would do).
///
/// Why not one path filled non-zero, with the holes wound against the outer rect? Inside k
/// overlapping holes the winding number is 1 − k, which is non-zero again for k ≥ 2, so the
/// overlap of two holes would be filled back in (even-odd fills it back in as well). No single
/// fill rule expresses "outer minus the union of the holes". So the layer version cuts each
/// hole separately out of the fill's alpha (each hole's coverage removes alpha, which is a
/// union by construction and also works for soft edges), and the geometric version tests
/// membership hole by hole (``isOpaque(at:)``).
public struct HoleOverlay: Hashable, Sendable {
    /// The rect the fill covers, in the overlay's coordinates.
    public var bounds: CGRect
    /// The holes, in the same coordinates. Order does not matter.
    public var holes: [Hole]

    public init(bounds: CGRect, holes: [Hole]) {
        self.bounds = bounds
        self.holes = holes
    }

    /// Whether the overlay covers `point`: inside ``bounds`` and in no hole (hard edges).
    /// Non-finite bounds, or a point with a NaN coordinate, cover nothing.
    ///
    /// Complexity: O(total outline size of the holes).
    public func isOpaque(at point: CGPoint) -> Bool {
        // Foundation's CGRect.contains traps on Linux for a rect with a NaN edge.
        guard bounds.isFiniteRect, !point.x.isNaN, !point.y.isNaN, bounds.contains(point) else { return false }
        return !holes.contains { $0.contains(point) }
    }

    /// Every hole's outline (after insets) in one path, each hole its own subpaths.
    public var holesPath: Path {
        var p = Path()
        for h in holes { p.addPath(h.path) }
        return p
    }
}
