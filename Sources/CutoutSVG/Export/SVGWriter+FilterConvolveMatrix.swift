import Foundation
import CutoutLayers

extension SVGWriter {
    /// The attributes of `feConvolveMatrix`, every value written out but a default divisor.
    static func convolveMatrix(_ m: FilterConvolveMatrix) -> [(String, String)] {
        var attrs = [("order", "\(m.orderX) \(m.orderY)"), ("kernelMatrix", m.kernelMatrix.map(number).joined(separator: " "))]
        if let d = m.divisor { attrs.append(("divisor", number(d))) }
        attrs += [("bias", number(m.bias)), ("targetX", "\(m.targetX)"), ("targetY", "\(m.targetY)"),
                  ("edgeMode", m.edgeMode.rawValue), ("preserveAlpha", m.preserveAlpha ? "true" : "false")]
        return attrs
    }
}
