import Foundation
import CutoutLayers

extension SVGBuilder {
    /// `feTurbulence`: `baseFrequency` (one number for both axes, or x then y; anything else
    /// is 0 0), `numOctaves` (default 1; fractions truncated, negative counts as 0), `seed`
    /// (default 0), `stitchTiles` (`stitch` or the default `noStitch`) and `type`
    /// (`fractalNoise` or, by default and when unknown, `turbulence`), as resvg reads them.
    /// A negative frequency is kept: the renderer then draws transparent black, as resvg.
    func turbulence(_ fe: SVGNode) -> FilterEffect {
        var fx: CGFloat = 0, fy: CGFloat = 0
        if let list = numbers(fe, "baseFrequency") {
            switch list.count {
            case 1: (fx, fy) = (list[0], list[0])
            case 2: (fx, fy) = (list[0], list[1])
            default: warn(fe.line, "baseFrequency on <feTurbulence> needs one or two numbers; 0 used")
            }
        }
        let octaves = number(fe, "numOctaves", default: 1)
        let type: FilterTurbulenceType
        switch fe.attributes["type"]?.trimmingCharacters(in: .whitespaces) {
        case "fractalNoise": type = .fractalNoise
        case nil, "turbulence": type = .turbulence
        case let other?:
            warn(fe.line, "unknown feTurbulence type '\(other.prefix(40))'; turbulence used")
            type = .turbulence
        }
        return .turbulence(baseFrequencyX: fx, baseFrequencyY: fy,
                           // Bounded by maxCoordinate: the renderer clamps to maxOctaves anyway.
                           numOctaves: Int(max(octaves, 0).rounded(.towardZero)),
                           seed: number(fe, "seed", default: 0),
                           stitchTiles: fe.attributes["stitchTiles"]?.trimmingCharacters(in: .whitespaces) == "stitch", type: type)
    }
}
