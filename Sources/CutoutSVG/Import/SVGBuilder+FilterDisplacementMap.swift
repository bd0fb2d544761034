import Foundation
import CutoutLayers

extension SVGBuilder {
    /// `feDisplacementMap`: `in` moved by the channels of `in2`, `scale` (default 0),
    /// `xChannelSelector` and `yChannelSelector` (`R`, `G`, `B` or `A`, the default; an
    /// unknown value counts as `A`).
    func displacementMapEffect(_ fe: SVGNode) -> FilterEffect {
        func channel(_ name: String) -> FilterChannel {
            guard let v = fe.attributes[name]?.trimmingCharacters(in: .whitespaces) else { return .alpha }
            guard let c = FilterChannel(rawValue: v) else {
                warn(fe.line, "invalid feDisplacementMap \(name) '\(v.prefix(20))'; A used")
                return .alpha
            }
            return c
        }
        return .displacementMap(input(fe, "in"), input(fe, "in2"), scale: number(fe, "scale", default: 0),
                                xChannel: channel("xChannelSelector"), yChannel: channel("yChannelSelector"))
    }
}
