import CutoutTestSupport
import CutoutGeometry
import Foundation
import Testing
@testable import CutoutRaster

@Suite("Gradient")
struct GradientTests {
    /// Mirrors STOP_COLORS / STOP_POSITIONS in scripts/golden_paint.py.
    static func gradient(_ spread: SpreadMethod) -> Gradient {
        Gradient(stops: [
            GradientStop(location: 0, color: Color(r8: 255, g8: 0, b8: 0, a8: 255)),
            GradientStop(location: 0.4, color: Color(r8: 0, g8: 255, b8: 0, a8: 128)),
            GradientStop(location: 1, color: Color(r8: 0, g8: 0, b8: 255, a8: 255)),
        ], spread: spread)
    }

    static let size = 64

    /// Tolerance 1 level per channel, every pixel: our 1024-entry colour table quantises t
    /// to 1/1023 of the gradient (under half a level on the steepest ramp here, 255 levels
    /// over 0.4 of the axis) and rounds once; Skia evaluates each pixel in float. Measured:
    /// 0 pixels over 1, hundreds over 0.
    static let tolerance = 1

    func check(_ paint: Paint, golden name: String) throws {
        let golden = try Golden.load(name, in: .module)
        let ours = try Pixmap.shaded(Shader(paint: paint), width: Self.size, height: Self.size)
        try assertImage(ours, matches: golden, named: name, tolerance: ImageTolerance(channel: Self.tolerance))
    }

    @Test("linear matches Skia", arguments: SpreadMethod.allCases)
    func linear(spread: SpreadMethod) throws {
        let g = LinearGradient(gradient: Self.gradient(spread), start: CGPoint(x: 20, y: 14), end: CGPoint(x: 40, y: 30))
        try check(.linearGradient(g), golden: "gradient-linear-\(spread.rawValue)")
    }

    @Test("radial (SVG focal) matches Skia", arguments: SpreadMethod.allCases)
    func radial(spread: SpreadMethod) throws {
        let g = RadialGradient(gradient: Self.gradient(spread), center: CGPoint(x: 32, y: 32), radius: 18,
                               focalPoint: CGPoint(x: 24, y: 28))
        try check(.radialGradient(g), golden: "gradient-radial-\(spread.rawValue)")
    }

    @Test func twoPointConicalConeMatchesSkia() throws {
        let g = RadialGradient(gradient: Self.gradient(.pad), startCenter: CGPoint(x: 16, y: 20), startRadius: 4,
                               endCenter: CGPoint(x: 44, y: 40), endRadius: 12)
        try check(.radialGradient(g), golden: "gradient-conical-cone")
    }

    @Test func gradientTransformMatchesSkiaLocalMatrix() throws {
        // Rotation 0.7 rad, scale 1.5, then translation (30, 10): pattern_matrix_values in the script.
        let t = Transform(rotationAngle: 0.7).scaledBy(x: 1.5, y: 1.5)
            .concatenating(Transform(translationX: 30, y: 10))
        let g = LinearGradient(gradient: Self.gradient(.reflect), start: .zero, end: CGPoint(x: 16, y: 0), transform: t)
        try check(.linearGradient(g), golden: "gradient-linear-transformed")
    }

    @Test func aSpanStartingMidRowMatchesTheFullRow() {
        let paints: [Paint] = [
            .linearGradient(LinearGradient(gradient: Self.gradient(.reflect), start: CGPoint(x: 3, y: 1), end: CGPoint(x: 11, y: 7))),
            .radialGradient(RadialGradient(gradient: Self.gradient(.repeat), center: CGPoint(x: 20, y: 9), radius: 7,
                                           focalPoint: CGPoint(x: 18, y: 8))),
        ]
        for paint in paints {
            let shader = Shader(paint: paint, transform: Transform(rotationAngle: 0.3).scaledBy(x: 2, y: 2))
            var full = [PremultipliedRGBA8](repeating: .transparent, count: 48)
            var part = [PremultipliedRGBA8](repeating: .transparent, count: 20)
            shader.shade(x: 0, y: 13, count: 48, into: &full)
            shader.shade(x: 17, y: 13, count: 20, into: &part)
            #expect(Array(full[17..<37]) == part)
        }
    }

    @Test func interpolatesInPremultipliedSpace() {
        // Opaque red to transparent blue: the middle is half-transparent red, not purple.
        let g = Gradient(colors: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0)])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 100, y: 0))))
        var px = [PremultipliedRGBA8](repeating: .transparent, count: 100)
        shader.shade(x: 0, y: 0, count: 100, into: &px)
        let mid = px[49] // centre 49.5 → t = 0.495
        #expect(abs(Int(mid.r) - 129) <= 1 && mid.g == 0 && mid.b == 0 && abs(Int(mid.a) - 129) <= 1, "\(mid)")
    }

    @Test func spreadMethodsWrapTheParameter() {
        #expect(gradientTableIndex(1.25, spread: .pad, size: 1024) == 1023)
        #expect(gradientTableIndex(-3, spread: .pad, size: 1024) == 0)
        #expect(gradientTableIndex(1.25, spread: .repeat, size: 1024) == 256)
        #expect(gradientTableIndex(-0.25, spread: .repeat, size: 1024) == 767)
        #expect(gradientTableIndex(1.25, spread: .reflect, size: 1024) == 767)
        #expect(gradientTableIndex(-0.25, spread: .reflect, size: 1024) == 256)
        #expect(gradientTableIndex(.nan, spread: .repeat, size: 1024) == 0)
    }

    @Test func hardStopSwitchesToTheLaterColour() {
        let g = Gradient(stops: [GradientStop(location: 0.5, color: .red), GradientStop(location: 0.5, color: .blue)])
        let s = g.normalizedStops
        #expect(g.premultipliedColor(at: 0.49, stops: s).r == 1)
        #expect(g.premultipliedColor(at: 0.5, stops: s).b == 1)
    }

    @Test func opacityScalesTheTable() {
        let g = Gradient(colors: [.white, .white])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 10, y: 0))), opacity: 0.5)
        var px = [PremultipliedRGBA8](repeating: .transparent, count: 4)
        shader.shade(x: 0, y: 0, count: 4, into: &px)
        #expect(px.allSatisfy { $0 == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128) })
    }

    // MARK: Degenerate input (documented on LinearGradient / RadialGradient / Gradient)

    @Test func noStopsIsTransparent() {
        let s = Shader(paint: .linearGradient(LinearGradient(gradient: Gradient(stops: []), start: .zero, end: CGPoint(x: 1, y: 1))))
        #expect(s.solidColor == .transparent)
    }

    @Test func oneStopIsSolid() {
        let g = Gradient(stops: [GradientStop(location: 0.3, color: .green)])
        #expect(Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 9, y: 0)))).solidColor
                == Color.green.premultiplied)
    }

    @Test func zeroLengthAxisPaintsTheLastStop() {
        let g = LinearGradient(gradient: Self.gradient(.repeat), start: CGPoint(x: 5, y: 5), end: CGPoint(x: 5, y: 5))
        #expect(Shader(paint: .linearGradient(g)).solidColor == Color.blue.premultiplied)
    }

    @Test func nonFiniteGeometryPaintsNothing() {
        let g = LinearGradient(gradient: Self.gradient(.pad), start: CGPoint(x: CGFloat.nan, y: 0), end: CGPoint(x: 5, y: 5))
        #expect(Shader(paint: .linearGradient(g)).solidColor == .transparent)
        let r = RadialGradient(gradient: Self.gradient(.pad), center: .zero, radius: .infinity)
        #expect(Shader(paint: .radialGradient(r)).solidColor == .transparent)
        let singular = Transform(scaleX: 0, y: 1)
        #expect(Shader(paint: .linearGradient(LinearGradient(gradient: Self.gradient(.pad), start: .zero, end: CGPoint(x: 1, y: 0))),
                       transform: singular).solidColor == .transparent)
    }

    @Test func equalCirclesPaintNothing() {
        let r = RadialGradient(gradient: Self.gradient(.pad), startCenter: CGPoint(x: 3, y: 3), startRadius: 0,
                               endCenter: CGPoint(x: 3, y: 3), endRadius: 0)
        #expect(Shader(paint: .radialGradient(r)).solidColor == .transparent)
    }

    /// Equal circles of positive radius (SVG's `fr = r` at `fx, fy = cx, cy`): with pad, the
    /// first colour inside and the last outside (as resvg draws it); repeat and reflect paint
    /// nothing.
    @Test func equalPositiveCirclesMakeAHardRing() {
        let c = CGPoint(x: 8, y: 0.5)
        let pad = RadialGradient(gradient: Self.gradient(.pad), startCenter: c, startRadius: 5, endCenter: c, endRadius: 5)
        var px = [PremultipliedRGBA8](repeating: .transparent, count: 16)
        Shader(paint: .radialGradient(pad)).shade(x: 0, y: 0, count: 16, into: &px)
        #expect(px[8] == Color(r8: 255, g8: 0, b8: 0, a8: 255).premultiplied)
        #expect(px[4] == px[8] && px[11] == px[8])
        #expect(px[1] == Color(r8: 0, g8: 0, b8: 255, a8: 255).premultiplied)
        #expect(px[14] == px[1])
        for spread in [SpreadMethod.repeat, .reflect] {
            var g = pad
            g.gradient.spread = spread
            Shader(paint: .radialGradient(g)).shade(x: 0, y: 0, count: 16, into: &px)
            #expect(px.allSatisfy { $0 == .transparent })
        }
    }

    @Test func nanStopLocationsAreIgnoredAndOthersClamped() {
        let g = Gradient(stops: [GradientStop(location: .nan, color: .red), GradientStop(location: -2, color: .green),
                                 GradientStop(location: 7, color: .blue)])
        #expect(g.normalizedStops == [GradientStop(location: 0, color: .green), GradientStop(location: 1, color: .blue)])
    }
}
