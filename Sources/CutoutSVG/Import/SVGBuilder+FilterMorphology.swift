import Foundation
import CutoutLayers

extension SVGBuilder {
    /// `feMorphology`: `operator` (`erode`, the default, or `dilate`) and `radius` (one number
    /// for both axes or two). As in resvg's references, a missing or invalid radius, or a
    /// value that is not positive, counts as 1 on its axis.
    func morphologyEffect(_ fe: SVGNode) -> FilterEffect {
        let op: FilterMorphologyOperator
        switch fe.attributes["operator"]?.trimmingCharacters(in: .whitespaces) {
        case "dilate": op = .dilate
        case "erode", nil: op = .erode
        case let other?:
            warn(fe.line, "unknown feMorphology operator '\(other.prefix(40))'; erode used")
            op = .erode
        }
        var rx: CGFloat = 1, ry: CGFloat = 1
        if let list = numbers(fe, "radius") {
            switch list.count {
            case 1: (rx, ry) = (list[0], list[0])
            case 2: (rx, ry) = (list[0], list[1])
            default: warn(fe.line, "feMorphology radius needs one or two numbers; 1 used")
            }
        }
        return .morphology(input(fe, "in"), op, radiusX: rx > 0 ? rx : 1, radiusY: ry > 0 ? ry : 1)
    }
}
