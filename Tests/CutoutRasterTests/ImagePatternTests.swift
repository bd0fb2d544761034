import CutoutTestSupport
import CutoutGeometry
import Foundation
import Testing
@testable import CutoutRaster

@Suite("ImagePattern")
struct ImagePatternTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let tile: TileMode
        let interpolation: ImageInterpolation
        let angle: CGFloat, scale: CGFloat, tx: CGFloat, ty: CGFloat
        var description: String { name }

        /// pattern_matrix_values in scripts/golden_paint.py: rotate, scale, then translate.
        var transform: Transform {
            Transform(rotationAngle: angle).scaledBy(x: scale, y: scale)
                .concatenating(Transform(translationX: tx, y: ty))
        }
    }

    /// Mirrors PATTERN_CASES in scripts/golden_paint.py.
    static let cases: [Case] = [
        Case(name: "nearest-repeat-rotated", tile: .repeat, interpolation: .nearest, angle: 0.5, scale: 3.3, tx: 20.25, ty: 5.5),
        Case(name: "bilinear-repeat-rotated", tile: .repeat, interpolation: .bilinear, angle: 0.5, scale: 3.3, tx: 20.25, ty: 5.5),
        Case(name: "bilinear-clamp-scaled", tile: .clamp, interpolation: .bilinear, angle: 0, scale: 5.7, tx: 10.3, ty: 12.1),
        Case(name: "nearest-decal-rotated", tile: .decal, interpolation: .nearest, angle: -0.3, scale: 4.1, tx: 14.2, ty: 22.7),
        Case(name: "bilinear-decal-rotated", tile: .decal, interpolation: .bilinear, angle: -0.3, scale: 4.1, tx: 14.2, ty: 22.7),
    ]

    /// Nearest: exact (the transforms avoid pixel centres on texel edges, where float error
    /// could pick either neighbour). Bilinear: 1 level per channel (both engines interpolate in
    /// float and round once, in a different order; measured 3–50 pixels at 1, none above).
    @Test("matches Skia", arguments: cases)
    func matchesSkia(c: Case) throws {
        let image = try Golden.load("pattern-source", in: .module)
        let golden = try Golden.load("pattern-\(c.name)", in: .module)
        let pattern = ImagePattern(image: image, transform: c.transform, tileMode: c.tile, interpolation: c.interpolation)
        let ours = try Pixmap.shaded(Shader(paint: .pattern(pattern)), width: golden.width, height: golden.height)
        try assertImage(ours, matches: golden, named: "pattern-\(c.name)",
                        tolerance: ImageTolerance(channel: c.interpolation == .bilinear ? 1 : 0))
    }

    @Test func identityNearestReproducesTheImage() throws {
        let image = try Golden.load("pattern-source", in: .module)
        let shader = Shader(paint: .pattern(ImagePattern(image: image, interpolation: .nearest)))
        #expect(try Pixmap.shaded(shader, width: image.width, height: image.height) == image)
    }

    @Test func identityBilinearReproducesTheImage() throws {
        // Pixel centres land on texel centres: every weight but one is zero.
        let image = try Golden.load("pattern-source", in: .module)
        let shader = Shader(paint: .pattern(ImagePattern(image: image, interpolation: .bilinear)))
        #expect(try Pixmap.shaded(shader, width: image.width, height: image.height) == image)
    }

    @Test func repeatWrapsAndClampExtends() throws {
        let image = try Golden.load("pattern-source", in: .module)
        let w = image.width
        let shift = Transform(translationX: CGFloat(-3 * w), y: 0)
        let repeated = try Pixmap.shaded(Shader(paint: .pattern(ImagePattern(image: image, transform: shift, tileMode: .repeat, interpolation: .nearest))),
                                         width: w, height: 1)
        let clamped = try Pixmap.shaded(Shader(paint: .pattern(ImagePattern(image: image, transform: shift, tileMode: .clamp, interpolation: .nearest))),
                                        width: w, height: 1)
        let decal = try Pixmap.shaded(Shader(paint: .pattern(ImagePattern(image: image, transform: shift, tileMode: .decal, interpolation: .nearest))),
                                      width: w, height: 1)
        for x in 0..<w {
            #expect(repeated[x, 0] == image[x, 0])
            #expect(clamped[x, 0] == image[w - 1, 0])
            #expect(decal[x, 0] == .transparent)
        }
    }

    @Test func opacityScalesEveryChannel() throws {
        var image = try Pixmap(width: 1, height: 1)
        image[0, 0] = PremultipliedRGBA8(r: 200, g: 100, b: 0, a: 255)
        let shader = Shader(paint: .pattern(ImagePattern(image: image)), opacity: 0.5)
        let out = try Pixmap.shaded(shader, width: 2, height: 2)
        #expect(out[1, 1] == PremultipliedRGBA8(r: 100, g: 50, b: 0, a: 128))
    }

    @Test func unusableTransformsPaintNothing() throws {
        let image = try Golden.load("pattern-source", in: .module)
        for t in [Transform(scaleX: 0, y: 0), Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)] {
            #expect(Shader(paint: .pattern(ImagePattern(image: image, transform: t))).solidColor == .transparent)
        }
        // A huge but finite scale samples far-away coordinates without trapping.
        let far = Shader(paint: .pattern(ImagePattern(image: image, transform: Transform(scaleX: 1e-30, y: 1e-30))))
        _ = try Pixmap.shaded(far, width: 4, height: 4)
    }
}
