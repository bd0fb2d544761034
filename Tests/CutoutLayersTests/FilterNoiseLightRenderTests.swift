import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers

/// `feTurbulence` and the lighting primitives in the layer tree: their work is counted against
/// the filter pixel budget (the octave clamp included), and they draw what the model says
/// without going through SVG.
@Suite struct FilterNoiseLightRenderTests {
    /// The 10×10 square of ``FilterRenderTests/square(_:transform:)`` with a filter over
    /// exactly its box.
    static func render(_ effect: FilterEffect, filterPixelLimit: Int? = nil) throws -> (Pixmap, OffscreenStatistics) {
        let f = Filter(primitives: [FilterPrimitive(effect, colorSpace: .sRGB)], region: CGRect(x: 0, y: 0, width: 1, height: 1))
        return try LayerRenderer.render(FilterRenderTests.square([f]), size: CGSize(width: 40, height: 40), scale: 1, byteLimit: nil,
                                        filterPixelLimit: filterPixelLimit)
    }

    /// Turbulence costs four budget pixels per octave per pixel, and octaves past
    /// `FilterTurbulenceType.maxOctaves` cost nothing (they are not computed).
    @Test func turbulenceWorkFollowsTheClampedOctaves() throws {
        for (octaves, counted) in [(3, 3), (FilterTurbulenceType.maxOctaves, FilterTurbulenceType.maxOctaves), (1_000_000, FilterTurbulenceType.maxOctaves)] {
            let (_, stats) = try Self.render(.turbulence(baseFrequencyX: 0.1, baseFrequencyY: 0.1, numOctaves: octaves, seed: 1,
                                                         stitchTiles: false, type: .fractalNoise))
            #expect(stats.filterPixels == 10 * 10 * 4 * counted, "\(octaves) octaves")
        }
        // One budget pixel short of three octaves' work: the layer is skipped, not drawn half-made.
        let (px, stats) = try Self.render(.turbulence(baseFrequencyX: 0.1, baseFrequencyY: 0.1, numOctaves: 3, seed: 1,
                                                      stitchTiles: false, type: .fractalNoise), filterPixelLimit: 10 * 10 * 4 * 3 - 1)
        #expect(stats.layersSkippedForBudget == 1)
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    /// Octaves past the clamp would change no pixel by more than half a level: 10 and 30
    /// octaves (the latter computed by hand from the same noise) agree within 1/255.
    @Test func clampedOctavesAreInvisible() {
        let noise = TurbulenceNoise(seed: 9)
        var worst = 0.0
        for i in 0..<50 {
            let p = (x: Double(i) * 1.37, y: Double(i % 7) * 2.11)
            let ten = noise.sum(at: p, frequency: (0.05, 0.05), octaves: 10, type: .turbulence, stitch: nil)
            let thirty = noise.sum(at: p, frequency: (0.05, 0.05), octaves: 30, type: .turbulence, stitch: nil)
            let d = (thirty - ten) * 255
            worst = max(worst, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
        }
        #expect(worst < 0.5)
    }

    /// Diffuse light from straight above on the flat, opaque square: every pixel of the
    /// filter region is `diffuseConstant × colour`, opaque; the work counts four per pixel.
    @Test func diffuseLightOnAFlatSurface() throws {
        let color = Color(r8: 200, g8: 100, b8: 50)
        let (px, stats) = try Self.render(.diffuseLighting(.sourceAlpha, surfaceScale: 3, diffuseConstant: 0.5, color: color,
                                                          light: .distant(azimuth: 0, elevation: 90)))
        #expect(stats.filterPixels == 10 * 10 * FilterImage.lightingCost)
        // Interior pixels: flat alpha, N = (0, 0, 1) = L. Truncated, as resvg.
        #expect(px[15, 15] == PremultipliedRGBA8(r: 100, g: 50, b: 25, a: 255))
        #expect(px[5, 5].a == 0)
    }

    /// A specular exponent outside the specification's 1...128 gives transparent black;
    /// inside it, a light straight above a flat surface gives `specularConstant × colour`
    /// with the largest channel as alpha.
    @Test func specularExponentRange() throws {
        for (exponent, visible) in [(0.5, false), (1, true), (128, true), (129, false)] as [(CGFloat, Bool)] {
            let (px, _) = try Self.render(.specularLighting(.sourceAlpha, surfaceScale: 1, specularConstant: 1, specularExponent: exponent,
                                                           color: Color(r8: 40, g8: 200, b8: 120), light: .distant(azimuth: 0, elevation: 90)))
            // N·H = cos 0 = 1 for a light straight above: the light's colour as is.
            #expect(px[15, 15] == (visible ? PremultipliedRGBA8(r: 40, g: 200, b: 120, a: 200) : .transparent), "exponent \(exponent)")
        }
    }
}
