import Foundation
import CutoutLayers

extension SVGWriter {
    /// The attributes of an `feTurbulence` (every one written, defaults included).
    static func turbulence(baseFrequency f: (x: CGFloat, y: CGFloat), octaves: Int, seed: CGFloat, stitchTiles: Bool,
                           type: FilterTurbulenceType) -> [(String, String)] {
        [("baseFrequency", "\(number(f.x)) \(number(f.y))"), ("numOctaves", String(octaves)), ("seed", number(seed)),
         ("stitchTiles", stitchTiles ? "stitch" : "noStitch"), ("type", type.rawValue)]
    }
}
