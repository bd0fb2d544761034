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

    // MARK: Lighting

    @Test func lightingAttributesAndLightSources() throws {
        let (effects, image) = try Self.effects(#"""
            <filter id="f">
              <feDiffuseLighting in="SourceAlpha" surfaceScale="4" diffuseConstant="0.5" lighting-color="#102030">
                <desc>comment</desc><rect/><feDistantLight azimuth="30" elevation="60"/><fePointLight/>
              </feDiffuseLighting>
              <feSpecularLighting specularConstant="2" specularExponent="16"><fePointLight x="1" y="2" z="3"/></feSpecularLighting>
              <feDiffuseLighting><feSpotLight x="1" y="2" z="3" pointsAtX="4" pointsAtY="5" pointsAtZ="6" specularExponent="7" limitingConeAngle="8"/></feDiffuseLighting>
              <feSpecularLighting><feSpotLight/></feSpecularLighting>
            </filter>
            """#)
        #expect(image.warnings.isEmpty)
        let hex = Color(r8: 0x10, g8: 0x20, b8: 0x30)
        let lightings: [FilterEffect] = [
            .diffuseLighting(.sourceAlpha, surfaceScale: 4, diffuseConstant: 0.5, color: hex, light: .distant(azimuth: 30, elevation: 60)),
            .specularLighting(.previous, surfaceScale: 1, specularConstant: 2, specularExponent: 16, color: .white, light: .point(x: 1, y: 2, z: 3)),
            .diffuseLighting(.previous, surfaceScale: 1, diffuseConstant: 1, color: .white,
                             light: .spot(x: 1, y: 2, z: 3, pointsAtX: 4, pointsAtY: 5, pointsAtZ: 6, specularExponent: 7, limitingConeAngle: 8)),
            .specularLighting(.previous, surfaceScale: 1, specularConstant: 1, specularExponent: 1, color: .white,
                              light: .spot(x: 0, y: 0, z: 0, pointsAtX: 0, pointsAtY: 0, pointsAtZ: 0, specularExponent: 1, limitingConeAngle: nil)),
        ]
        #expect(effects == lightings)
    }

    @Test func lightingWithoutLightSourceGivesTransparentBlack() throws {
        let (effects, image) = try Self.effects(#"<filter id="f"><feDiffuseLighting><desc/></feDiffuseLighting></filter>"#)
        #expect(effects == [.flood(color: .clear)])
        #expect(image.warnings.contains { $0.message.contains("no light source") })
    }

    /// `lighting-color`: `inherit` reads the `<filter>`'s, `currentColor` the primitive's
    /// `color`, then the `<filter>`'s, then the element's; the alpha is dropped.
    @Test func lightingColorKeywords() throws {
        let light = #"<feDistantLight/>"#
        let (effects, image) = try Self.effects(#"""
            <filter id="f" lighting-color="#00ff00" color="#0000ff">
              <feDiffuseLighting lighting-color="inherit">\#(light)</feDiffuseLighting>
              <feDiffuseLighting lighting-color="currentColor">\#(light)</feDiffuseLighting>
              <feDiffuseLighting lighting-color="currentColor" color="#ff0000">\#(light)</feDiffuseLighting>
              <feDiffuseLighting lighting-color="rgba(255, 0, 0, 0.5)">\#(light)</feDiffuseLighting>
            </filter>
            """#)
        #expect(image.warnings.isEmpty)
        let colors = effects.map { effect -> Color? in
            if case .diffuseLighting(_, _, _, let c, _) = effect { return c }
            return nil
        }
        #expect(colors == [.green, .blue, .red, .red])
    }

    /// The filter properties go through the CSS cascade like any other: a style sheet beats
    /// the presentation attribute, and the `style` attribute beats the sheet.
    @Test func filterPropertiesFollowTheCascade() throws {
        let (effects, image) = try Self.effects(#"""
            <style>.a { flood-color: #ff0000; flood-opacity: 0.5; color-interpolation-filters: sRGB; lighting-color: #0000ff }</style>
            <filter id="f">
              <feFlood class="a" flood-color="green" flood-opacity="1"/>
              <feFlood class="a" style="flood-color: #00ff00"/>
              <feDiffuseLighting class="a" lighting-color="white"><feDistantLight/></feDiffuseLighting>
            </filter>
            """#)
        #expect(image.warnings.isEmpty)
        #expect(effects == [
            .flood(color: Color.red.withAlphaComponent(0.5)),
            .flood(color: Color.green.withAlphaComponent(0.5)),
            .diffuseLighting(.previous, surfaceScale: 1, diffuseConstant: 1, color: .blue, light: .distant(azimuth: 0, elevation: 0)),
        ])
        let (layer, _) = try SVGFilterImportTests.filtered(SVGFilterImportTests.doc(#"""
            <style>feFlood { color-interpolation-filters: sRGB }</style><filter id="f"><feFlood/><feOffset/></filter>
            """#, #"<rect width="40" height="30" filter="url(#f)"/>"#))
        #expect(layer?.filters.first?.primitives.map(\.colorSpace) == [.sRGB, .linearRGB])
    }

    /// In linearRGB the light colour is converted from sRGB (the specification; browsers do
    /// it too, resvg does not): a light straight above a flat surface gives
    /// `sRGB(kd · linear(colour))` per channel.
    @Test func lightColorIsConvertedToLinearRGB() throws {
        let svg = SVGFilterImportTests.doc(#"""
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="50">
              <feDiffuseLighting lighting-color="#99ccff" diffuseConstant="0.8"><feDistantLight elevation="90"/></feDiffuseLighting>
            </filter>
            """#, #"<rect width="100" height="50" filter="url(#f)"/>"#)
        let image = try SVGImporter.importSVG(svg)
        let px = try LayerRenderer.render(image.layer, size: image.size)
        func expected(_ c: Double) -> Double {
            let s = c / 255
            let linear = (s <= 0.04045 ? s / 12.92 : Foundation.pow((s + 0.055) / 1.055, 2.4)) * 0.8
            return 255 * (linear <= 0.0031308 ? linear * 12.92 : 1.055 * Foundation.pow(linear, 1 / 2.4) - 0.055)
        }
        let p = px[50, 25]
        // 8-bit linear values are coarse: within 3/255 of the exact result.
        #expect(abs(Double(p.r) - expected(0x99)) <= 3 && abs(Double(p.g) - expected(0xcc)) <= 3 && abs(Double(p.b) - expected(0xff)) <= 3)
        #expect(p.a == 255)
    }

    /// The specification's edge and corner kernels measure the same slope as the interior
    /// one: a planar height map lit from straight above is one colour, borders included.
    @Test func planarSurfaceIsEvenlyLitToTheEdges() throws {
        var pixels = try Pixmap(width: 12, height: 9)
        for y in 0..<9 { for x in 0..<12 { pixels[x, y] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: UInt8(6 * x + 4 * y)) } }
        let input = FilterImage(pixels: pixels, space: .sRGB)
        let light = PlacedLight(.distant(azimuth: 0, elevation: 90), ctm: .identity, origin: (0, 0), box: nil)
        let lit = input.lighting(light: light, surfaceScale: 20, color: SIMD3(1, 1, 1), model: .diffuse(constant: 1), space: .sRGB)
        // The kernels (with their factors) give twice the slope per pixel: the differences span
        // two pixels. N = (−20·2·6/255, −20·2·4/255, 1) normalized; N·L is its z.
        let nx = 20.0 * 2 * 6 / 255, ny = 20.0 * 2 * 4 / 255
        let expected = UInt8(255 / (nx * nx + ny * ny + 1).squareRoot())
        var values = Set<UInt8>()
        for y in 0..<9 { for x in 0..<12 { values.insert(lit.pixels[x, y].r) } }
        #expect(values == [expected])
    }

    /// A specular exponent outside 1...128 gives transparent black (resvg's reading of the
    /// specification's range); hostile sizes and positions render, bounded, with nothing
    /// non-finite reaching the pixels.
    @Test func hostileLightingValues() throws {
        let exponents = SVGFilterImportTests.doc(#"""
            <filter id="a"><feSpecularLighting specularExponent="0"><fePointLight z="10"/></feSpecularLighting></filter>
            <filter id="b"><feSpecularLighting specularExponent="500"><fePointLight z="10"/></feSpecularLighting></filter>
            """#, #"<rect width="40" height="30" fill="red" filter="url(#a)"/><rect x="50" width="40" height="30" fill="red" filter="url(#b)"/>"#)
        let dark = try LayerRenderer.render(try SVGImporter.importSVG(exponents).layer, size: CGSize(width: 100, height: 50))
        var drawn = 0
        for y in 0..<dark.height { for x in 0..<dark.width where dark[x, y].a != 0 { drawn += 1 } }
        #expect(drawn == 0)

        let huge = SVGFilterImportTests.doc(#"""
            <filter id="c" filterUnits="userSpaceOnUse" x="-500000" y="-500000" width="1000000" height="1000000">
              <feDiffuseLighting surfaceScale="1000000" diffuseConstant="1000000"><feSpotLight x="1000000" y="-1000000" z="0" pointsAtX="1000000" pointsAtY="-1000000" pointsAtZ="0" specularExponent="1000000" limitingConeAngle="-1000000"/></feDiffuseLighting>
              <feSpecularLighting surfaceScale="-1000000" specularExponent="128" specularConstant="1000000"><fePointLight x="1e5" z="-1e5"/></feSpecularLighting>
            </filter>
            """#, #"<circle cx="50" cy="25" r="8" filter="url(#c)"/>"#)
        let image = try SVGImporter.importSVG(huge)
        #expect(image.warnings.isEmpty)
        let px = try LayerRenderer.render(image.layer, size: image.size)
        var invalid = 0, lit = 0
        for y in 0..<px.height {
            for x in 0..<px.width {
                let p = px[x, y]
                if p.r > p.a || p.g > p.a || p.b > p.a { invalid += 1 }
                if p.a > 0 { lit += 1 }
            }
        }
        #expect(invalid == 0)
        // The specular light covers the canvas where the steep surface faces it.
        #expect(lit > 0)
    }
}
