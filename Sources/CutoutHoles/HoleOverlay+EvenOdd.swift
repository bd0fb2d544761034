import CutoutGeometry
import Foundation

extension HoleOverlay {
    /// The overlay as one outline to fill with the even-odd rule (SwiftUI's
    /// `FillStyle(eoFill: true)`, a `CAShapeLayer` mask): ``bounds`` plus the union of the
    /// holes. The holes are unioned first because even-odd toggles overlaps back on; each hole's
    /// own rule decides its inside, and the union is clipped to the bounds so a hole reaching past
    /// an edge does not fill outside it. Hard edges only: softness is ignored.
    ///
    /// Complexity: one boolean union of all hole outlines.
    public var evenOddPath: Path {
        guard bounds.isFiniteRect else { return Path() }
        let box = Path(rect: bounds.standardized)
        var union = Path()
        for hole in holes {
            union = union.union(hole.path.normalized(using: hole.fillRule))
        }
        var path = box
        path.addPath(union.intersection(box))
        return path
    }
}
