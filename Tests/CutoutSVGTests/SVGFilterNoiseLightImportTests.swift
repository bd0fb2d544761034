import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// How `feTurbulence` and the lighting primitives are read, what hostile values do (a
/// documented clamp, never a crash or a hang), and properties of the noise that the
/// specification states.
@Suite struct SVGFilterNoiseLightImportTests {
    static func effects(_ filter: String, _ element: String = #"<rect width="40" height="30" filter="url(#f)"/>"#) throws -> (effects: [FilterEffect], image: SVGImage) {
        let svg = SVGFilterImportTests.doc(filter, element)
        let (layer, image) = try SVGFilterImportTests.filtered(svg)
        return (layer?.filters.first?.primitives.map(\.effect) ?? [], image)
    }

    // MARK: feTurbulence

    @Test func turbulenceAttributes() throws {
        let (effects, image) = try Self.effects(#"<filter id="f"><feTurbulence baseFrequency="0.05 0.02" numOctaves="3.7" seed="-4.5" stitchTiles="stitch" type="fractalNoise"/><feTurbulence/></filter>"#)
        #expect(image.warnings.isEmpty)
        #expect(effects == [
            .turbulence(baseFrequencyX: 0.05, baseFrequencyY: 0.02, numOctaves: 3, seed: -4.5, stitchTiles: true, type: .fractalNoise),
            .turbulence(baseFrequencyX: 0, baseFrequencyY: 0, numOctaves: 1, seed: 0, stitchTiles: false, type: .turbulence),
        ])
    }

    @Test func turbulenceInvalidValuesFallBackWithWarnings() throws {
        let (effects, image) = try Self.effects(#"<filter id="f"><feTurbulence baseFrequency="1 2 3" type="plasma" numOctaves="-3"/></filter>"#)
        #expect(effects == [.turbulence(baseFrequencyX: 0, baseFrequencyY: 0, numOctaves: 0, seed: 0, stitchTiles: false, type: .turbulence)])
        #expect(image.warnings.count == 2)
    }

    /// The generator is Park and Miller's minimal standard: from seed 1, the 10 000th value is
    /// 1 043 618 065 (their published check value).
    @Test func generatorIsTheMinimalStandard() {
        var s = 1
        for _ in 0..<10_000 { s = TurbulenceNoise.random(s) }
        #expect(s == 1_043_618_065)
    }

    /// `stitchTiles` moves the frequencies so that a whole number of lattice cells spans the
    /// tile (the nearer neighbour by ratio). The specification's reference code then compares
    /// lattice indices already reduced to 0...255 with wrap values near 4096, so it never wraps
    /// for a tile at ordinary coordinates: the noise is the unstitched noise at the moved
    /// frequencies, which is what resvg draws too.
    @Test func stitchingMovesTheFrequencies() throws {
        let noise = TurbulenceNoise(seed: 5)
        let tile = CGRect(x: 3, y: -7, width: 40, height: 25)
        let (frequency, stitch) = try #require(TurbulenceNoise.stitch((0.07, 0.11), tile: tile))
        // 40 × 0.07 = 2.8 cells: 3 is nearer by ratio (3/2.8 < 2.8/2); 25 × 0.11 = 2.75: 3 again.
        #expect(abs(frequency.x - 3.0 / 40) < 1e-12 && abs(frequency.y - 3.0 / 25) < 1e-12)
        // 40 × 0.26 = 10.4 cells: 10 is nearer by ratio (10.4/10 < 11/10.4).
        #expect(abs((try #require(TurbulenceNoise.stitch((0.26, 0.26), tile: tile))).frequency.x - 10.0 / 40) < 1e-12)
        for (x, y) in [(3.5, -6.0), (20.25, 0.5), (42.9, 17.9)] {
            let stitched = noise.sum(at: (x, y), frequency: frequency, octaves: 4, type: .fractalNoise, stitch: stitch)
            let plain = noise.sum(at: (x, y), frequency: frequency, octaves: 4, type: .fractalNoise, stitch: nil)
            #expect(Self.distance(stitched, plain) < 1e-12)
        }
        // An empty or non-finite tile, or one too large for the lattice indices, is not stitched.
        #expect(TurbulenceNoise.stitch((0.07, 0.11), tile: CGRect(x: 0, y: 0, width: 0, height: 5)) == nil)
        #expect(TurbulenceNoise.stitch((1e30, 0.11), tile: tile) == nil)
    }

    /// The largest difference between two channels' values.
    static func distance(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
        let d = a - b
        return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
    }

    /// Hostile values: a huge octave count, frequency, seed and region render in bounded time
    /// and memory (octaves clamped to FilterTurbulenceType.maxOctaves, the region cut to the
    /// canvas grown by twice its size).
    @Test func hostileTurbulenceRendersBounded() throws {
        let svg = SVGFilterImportTests.doc(
            #"<filter id="f" filterUnits="userSpaceOnUse" x="-500000" y="-500000" width="1000000" height="1000000"><feTurbulence baseFrequency="1234.567 0.37" numOctaves="1000000" seed="999999.5" stitchTiles="stitch"/></filter>"#,
            #"<rect width="40" height="30" filter="url(#f)"/>"#)
        let image = try SVGImporter.importSVG(svg)
        #expect(image.warnings.isEmpty)
        let px = try LayerRenderer.render(image.layer, size: image.size)
        // The noise is drawn over the whole canvas, and varies.
        var alphas = Set<UInt8>()
        for y in 0..<px.height { for x in 0..<px.width { alphas.insert(px[x, y].a) } }
        #expect(alphas.count > 16)
    }

    /// A negative frequency is an error: the primitive gives transparent black (resvg's choice).
    @Test func negativeFrequencyGivesTransparentBlack() throws {
        let svg = SVGFilterImportTests.doc(#"<filter id="n"><feTurbulence baseFrequency="0.05 -0.01"/></filter>"#,
                                           #"<rect width="40" height="30" fill="red" filter="url(#n)"/>"#)
        let image = try SVGImporter.importSVG(svg)
        let px = try LayerRenderer.render(image.layer, size: image.size)
        var drawn = 0
        for y in 0..<px.height { for x in 0..<px.width where px[x, y].a != 0 { drawn += 1 } }
        #expect(drawn == 0)
    }
}
