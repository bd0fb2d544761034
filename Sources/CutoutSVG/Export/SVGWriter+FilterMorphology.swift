import Foundation
import CutoutLayers

extension SVGWriter {
    /// The attributes of `feMorphology`.
    static func morphology(_ op: FilterMorphologyOperator, _ rx: CGFloat, _ ry: CGFloat) -> [(String, String)] {
        [("operator", op.rawValue), ("radius", "\(number(rx)) \(number(ry))")]
    }
}
