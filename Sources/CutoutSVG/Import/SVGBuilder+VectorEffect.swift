import Foundation

extension SVGBuilder {
    /// `vector-effect` of one element (the property is not inherited): `non-scaling-stroke`
    /// makes the shape's stroke (width and dashes) be computed in the coordinates of the
    /// outermost viewport, which the layer tree says with ``ShapeLayer/hasNonScalingStroke``
    /// (the canvas's points); `none` is the default. SVG 2's other values (`non-scaling-size`,
    /// `non-rotation`, `fixed-position`) are skipped with a warning.
    func vectorEffectIsNonScaling(_ d: [String: String], element e: SVGNode) -> Bool {
        guard let v = d["vector-effect"]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return false }
        switch v {
        case "non-scaling-stroke": return true
        case "none": return false
        default:
            warn(e.line, "vector-effect '\(v.prefix(40))' is not supported; ignored")
            return false
        }
    }
}
