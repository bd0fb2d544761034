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

    /// Tolerance 2 levels per channel, every pixel: our 1024-entry colour table quantises t
    /// to 1/1023 of the gradient (under half a level on the steepest ramp here, 255 levels
    /// over 0.4 of the axis), and dithering then rounds each pixel up or down by position (up
    /// to one level from the exact colour) where Skia, undithered, rounds to nearest. Measured
    /// (unpremultiplied goldens): at most 12 pixels of 4096 over 1, none over 2.
    static let tolerance = 2

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

    @Test func interpolatesStraightColours() {
        // Opaque red to transparent blue (as CGGradient, CAGradientLayer, Skia by default and
        // SVG do): the middle is translucent purple, not translucent red.
        let g = Gradient(colors: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0)])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 100, y: 0))))
        var px = [PremultipliedRGBA8](repeating: .transparent, count: 100)
        shader.shade(x: 0, y: 0, count: 100, into: &px)
        // Centre 49.5 → t = 0.495: straight (0.505, 0, 0.495, 0.505), premultiplied
        // (65.0, 0, 63.7, 128.8) × 1/255; dithering rounds each either way.
        let mid = px[49]
        #expect(abs(Int(mid.r) - 65) <= 1 && mid.g == 0 && abs(Int(mid.b) - 64) <= 1 && abs(Int(mid.a) - 129) <= 1, "\(mid)")
    }

    /// Spans at the ends of the integer range shade like any other (the shader promises never
    /// to trap): `x + i` overflowed there. Far from the gradient, every pixel is an end colour.
    @Test func spansNearTheLargestIntegersDoNotTrap() throws {
        let g = Gradient(colors: [.red, .blue])
        let paints: [Paint] = [
            .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 100, y: 0))),
            .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 0, y: 100))),
            .radialGradient(RadialGradient(gradient: g, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 50)),
            .pattern(ImagePattern(image: try Pixmap(width: 2, height: 2))),
        ]
        for paint in paints {
            let shader = Shader(paint: paint)
            for (x, y) in [(Int.max - 1, 0), (Int.max - 4, Int.max), (Int.min, Int.min)] {
                var px = [PremultipliedRGBA8](repeating: PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4), count: 4)
                shader.shade(x: x, y: y, count: 4, into: &px)
                #expect(px.allSatisfy { $0.r <= $0.a && $0.g <= $0.a && $0.b <= $0.a }, "\(paint) at \(x), \(y)")
            }
        }
    }

    /// A long ramp between close colours on a 3x screen (10 grey levels over 2400 px): each
    /// 8 × 8 block of pixels averages to the exact colour at its centre within 1/20 of a
    /// level, so neighbouring blocks differ by the ramp's slope (1/30 level per block), never
    /// by the whole level a band edge jumps. Rounding without dithering would be off by up to
    /// half a level and jump a level every 240 px.
    @Test func ditheringRemovesBandsOnALongRamp() {
        let width = 2400
        let g = Gradient(colors: [Color(r8: 100, g8: 100, b8: 100), Color(r8: 110, g8: 110, b8: 110)])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: width, y: 0))))
        var rows = [[PremultipliedRGBA8]](repeating: [PremultipliedRGBA8](repeating: .transparent, count: width), count: 8)
        for y in 0..<8 { shader.shade(x: 0, y: y, count: width, into: &rows[y]) }
        var worstError = 0.0, worstStep = 0.0, previous: Double?
        var levels = Set<UInt8>()
        for block in 0..<(width / 8) {
            var sum = 0
            for y in 0..<8 {
                for x in block * 8..<block * 8 + 8 {
                    let p = rows[y][x]
                    #expect(p.r == p.g && p.g == p.b && p.a == 255)
                    sum += Int(p.r)
                    levels.insert(p.r)
                }
            }
            let mean = Double(sum) / 64
            let exact = 100 + 10 * Double(block * 8 + 4) / Double(width)
            worstError = max(worstError, abs(mean - exact))
            if let previous { worstStep = max(worstStep, abs(mean - previous)) }
            previous = mean
        }
        #expect(worstError <= 0.05, "block mean off by \(worstError) levels")
        #expect(worstStep <= 0.1, "neighbouring blocks differ by \(worstStep) levels")
        #expect(levels == Set(100...110))
    }

    @Test func ditheringIsTheOrderedBayerPattern() {
        // Every threshold 4k + 2 (k in 0..<64) once per 8 × 8 block, and the pattern repeats.
        var seen = Set<UInt64>()
        for y in 0..<8 {
            for x in 0..<8 { seen.insert((DitheredColor.ditherRow(y) >> UInt64(8 * x)) & 0xFF) }
            #expect(DitheredColor.ditherRow(y) == DitheredColor.ditherRow(y + 8) && DitheredColor.ditherRow(y) == DitheredColor.ditherRow(y - 8))
        }
        // Typed: inside #expect, `UInt64(4 * $0 + 2)` took the type checker 13 s.
        let thresholds = Set((0..<64).map { (k: Int) -> UInt64 in UInt64(4 * k + 2) })
        #expect(seen == thresholds)
        // Whole 8-bit values pass unchanged; the fraction rounds up for exactly its share.
        let exact = DitheredColor(PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255))
        #expect(seen.allSatisfy { exact.pixel(threshold: $0) == PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255) })
        let quarter = DitheredColor(r: 0.25 / 255, g: 0, b: 0, a: 1) // 0.25 of a level of red
        #expect(seen.filter { quarter.pixel(threshold: $0).r == 1 }.count == 16)
    }

    /// A vertical gradient's rows are shaded one dither period at a time and copied along:
    /// each pixel must still be the row's colour rounded with its own column's threshold, for
    /// spans of any length and start.
    @Test func verticalGradientRowsRepeatTheDitherPeriod() throws {
        let g = Gradient(colors: [Color(r8: 255, g8: 122, b8: 0), Color(r8: 122, g8: 0, b8: 255)])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 0, y: 2532))))
        guard case .linear(let s) = shader.kind else { Issue.record("not a linear shading"); return }
        #expect(s.dtdx == 0)
        for (x, count) in [(0, 1), (5, 7), (3, 8), (13, 9), (-6, 40), (1, 1170)] {
            for y in [0, 7, 1300, 2531] {
                var px = [PremultipliedRGBA8](repeating: .transparent, count: count)
                shader.shade(x: x, y: y, count: count, into: &px)
                let color = s.table[gradientTableIndex(s.t0 + s.dtdy * (Double(y) + 0.5), spread: .pad, size: s.table.count)]
                let expected = (0..<count).map { i in
                    color.pixel(threshold: (DitheredColor.ditherRow(y) >> (UInt64((x + i) & 7) << 3)) & 0xFF)
                }
                #expect(px == expected, "x \(x) count \(count) y \(y)")
            }
        }
    }

    /// Where the gradient is flat (padding and a stretch between equal stops) every pixel is
    /// the colour a solid fill draws, not a dithered mix around it.
    @Test func flatStretchesAreTheSolidColour() {
        let muted = Color(r8: 100, g8: 150, b8: 40, a8: 200) // premultiplied 78.4, 117.6, 31.4
        let g = Gradient(stops: [GradientStop(location: 0.2, color: .white), GradientStop(location: 0.4, color: muted),
                                 GradientStop(location: 0.7, color: muted), GradientStop(location: 0.9, color: .black)])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 100, y: 0))), opacity: 0.8)
        let solid = muted.withAlphaComponent(muted.alpha * 0.8).premultiplied
        var px = [PremultipliedRGBA8](repeating: .transparent, count: 100)
        for y in 0..<8 {
            shader.shade(x: 0, y: y, count: 100, into: &px)
            #expect(px[41..<69].allSatisfy { $0 == solid })
            #expect(px[0..<19].allSatisfy { $0 == Color.white.withAlphaComponent(0.8).premultiplied })
            #expect(px[91..<100].allSatisfy { $0 == Color.black.withAlphaComponent(0.8).premultiplied })
        }
    }

    @Test func ditheredPixelsStayPremultiplied() {
        // Colour channels never exceed alpha, for every threshold, on a gradient whose alpha
        // and colour both ramp (the worst case for rounding each channel on its own).
        let g = Gradient(colors: [Color(red: 1, green: 0.999, blue: 0.5, alpha: 0.003), Color(red: 1, green: 1, blue: 1, alpha: 0.9)])
        let shader = Shader(paint: .linearGradient(LinearGradient(gradient: g, start: .zero, end: CGPoint(x: 512, y: 0))), opacity: 0.7)
        var px = [PremultipliedRGBA8](repeating: .transparent, count: 512)
        for y in 0..<8 {
            shader.shade(x: 0, y: y, count: 512, into: &px)
            #expect(px.allSatisfy { $0.r <= $0.a && $0.g <= $0.a && $0.b <= $0.a })
        }
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
        #expect(g.color(at: 0.49, stops: s).color.r == 1)
        #expect(g.color(at: 0.5, stops: s).color.b == 1)
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
