import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
@testable import CutoutHoles

@Suite struct FlashlightTests {
    /// The spot image pixel by pixel, as its documentation defines it: alpha 0 in the middle
    /// rising to the colour's alpha with a smoothstep across the softness (a one-pixel ramp
    /// without softness), around the image's centre.
    static func reference(_ light: Flashlight, scale s: CGFloat) throws -> Pixmap {
        let side = Int(((2 * (light.spotExtent + Flashlight.margin)) * s).rounded(.up))
        var pixmap = try Pixmap(width: side, height: side, scale: s)
        let c = CGFloat(side) / 2, r = light.effectiveRadius * s, soft = light.effectiveSoftness * s
        for y in 0..<side {
            for x in 0..<side {
                let d = hypot(CGFloat(x) + 0.5 - c, CGFloat(y) + 0.5 - c)
                let t: CGFloat
                if soft > 0 {
                    let u = min(max((d - (r - soft / 2)) / soft, 0), 1)
                    t = u * u * (3 - 2 * u)
                } else {
                    t = min(max(d - r + 0.5, 0), 1)
                }
                pixmap[x, y] = light.color.withAlphaComponent(light.color.alpha * t).premultiplied
            }
        }
        return pixmap
    }

    /// Odd and even sides, with and without softness, translucent and opaque colours: the
    /// image computed once per quadrant is the pixel-by-pixel definition, exactly.
    @Test(arguments: [(14.0, 6.0, 1.0), (14.0, 6.0, 3.0), (9.5, 0.0, 2.0), (11.0, 0.0, 1.25), (20.0, 40.0, 2.0), (0.0, 3.0, 1.0)] as [(CGFloat, CGFloat, CGFloat)])
    func spotImageIsItsDefinition(radius: CGFloat, softness: CGFloat, scale: CGFloat) throws {
        for color in [Color.black, Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)] {
            let light = Flashlight(bounds: CGRect(x: 0, y: 0, width: 100, height: 80), center: CGPoint(x: 30, y: 40),
                                   radius: radius, softness: softness, color: color)
            let image = try #require(light.spotImage(scale: scale))
            let expected = try Self.reference(light, scale: scale)
            #expect(image == expected, "radius \(radius), softness \(softness), scale \(scale)")
        }
    }

    @Test func spotImageSidesAreOddAndEven() throws {
        let sides = [(14.0, 6.0, 1.0), (11.0, 0.0, 1.25)].map { (r: CGFloat, soft: CGFloat, s: CGFloat) in
            Flashlight(bounds: .zero, center: .zero, radius: r, softness: soft).spotImage(scale: s)?.width ?? 0
        }
        #expect(sides.contains { $0 % 2 == 0 } && sides.contains { $0 % 2 == 1 }, "\(sides)")
    }
}
