import Foundation
import CutoutLayers

extension SVGWriter {
    /// The attributes of `feDisplacementMap` after `in` and `in2`.
    static func displacementMap(scale: CGFloat, _ x: FilterChannel, _ y: FilterChannel) -> [(String, String)] {
        [("scale", number(scale)), ("xChannelSelector", x.rawValue), ("yChannelSelector", y.rawValue)]
    }
}
