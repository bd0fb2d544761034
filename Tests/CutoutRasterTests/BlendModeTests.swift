import CutoutGeometry
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutRaster

@Suite("BlendMode")
struct BlendModeTests {
    /// Every mode Skia has, against Skia drawing `blend-source` over `blend-destination`.
    /// ``BlendMode/plusDarker`` has no Skia equivalent and is tested by hand below.
    static let skiaModes = BlendMode.allCases.filter { $0 != .plusDarker }

    /// Tolerance (max channel difference, 8-bit) against Skia: 1, because Skia's 8-bit
    /// pipeline divides by 255 approximately (about half the pixels differ by one level from
    /// our exactly rounded products). 2 for ``BlendMode/difference`` and
    /// ``BlendMode/exclusion``, whose formulas subtract *twice* a product
    /// (`cs + cb − 2·min(cs·αb, cb·αs)`, `cs + cb − 2·cs·cb`): Skia rounds the product and then
    /// doubles it, doubling its rounding error.
    static func tolerance(_ mode: BlendMode) -> Int {
        mode == .difference || mode == .exclusion ? 2 : 1
    }

    @Test("matches Skia", arguments: skiaModes)
    func matchesSkia(mode: BlendMode) throws {
        let source = try Golden.load("blend-source", in: .module)
        let destination = try Golden.load("blend-destination", in: .module)
        let golden = try Golden.load("blend-\(mode.rawValue)", in: .module)
        let ours = destination.composited(source, mode: mode)
        try assertImage(ours, matches: golden, named: "blend-\(mode.rawValue)", tolerance: ImageTolerance(channel: Self.tolerance(mode)))
    }

    @Test func everyCoreGraphicsModeIsPresent() {
        #expect(BlendMode.allCases.count == 28)
        #expect(BlendMode(rawValue: "plusDarker") == .plusDarker)
        #expect(BlendMode(rawValue: "destinationOut") == .destinationOut)
    }

    @Test func plusDarkerOpaqueFollowsTheCoreGraphicsFormula() {
        // R = max(0, 1 − ((1 − D) + (1 − S))) = max(0, S + D − 1) per channel.
        let s = PremultipliedRGBA8(r: 200, g: 100, b: 50, a: 255)
        let d = PremultipliedRGBA8(r: 100, g: 200, b: 250, a: 255)
        #expect(BlendMode.plusDarker.blend(s, onto: d) == PremultipliedRGBA8(r: 45, g: 45, b: 45, a: 255))
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        #expect(BlendMode.plusDarker.blend(white, onto: d) == d)
    }

    @Test func plusDarkerWithTransparencyIsSourceOver() {
        let s = PremultipliedRGBA8(r: 60, g: 30, b: 90, a: 120)
        let d = PremultipliedRGBA8(r: 10, g: 200, b: 40, a: 220)
        #expect(BlendMode.plusDarker.blend(s, onto: .transparent) == s)
        #expect(BlendMode.plusDarker.blend(.transparent, onto: d) == d)
    }

    @Test func plusLighterClampsTheSum() {
        let s = PremultipliedRGBA8(r: 200, g: 10, b: 0, a: 200)
        let d = PremultipliedRGBA8(r: 100, g: 20, b: 5, a: 100)
        #expect(BlendMode.plusLighter.blend(s, onto: d) == PremultipliedRGBA8(r: 255, g: 30, b: 5, a: 255))
    }

    @Test func sourceOverRoundsExactly() {
        // 128 + 255·(255 − 128)/255 = 255; 0 + 100·127/255 = 49.8 → 50.
        let s = PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128)
        let d = PremultipliedRGBA8(r: 255, g: 100, b: 0, a: 255)
        #expect(BlendMode.normal.blend(s, onto: d) == PremultipliedRGBA8(r: 255, g: 50, b: 0, a: 255))
    }

    @Test("coverage 0 leaves the destination, 255 equals no coverage", arguments: BlendMode.allCases)
    func coverageExtremes(mode: BlendMode) throws {
        let source = try Golden.load("blend-source", in: .module)
        let destination = try Golden.load("blend-destination", in: .module)
        let n = source.width * source.height
        #expect(destination.composited(source, mode: mode, coverage: [UInt8](repeating: 0, count: n)) == destination)
        #expect(destination.composited(source, mode: mode, coverage: [UInt8](repeating: 255, count: n))
                == destination.composited(source, mode: mode))
    }

    /// Partial coverage is bounded compositing: dst + cov·(blend − dst), within 1 of the exact
    /// real-valued lerp of the full-coverage result (one extra rounding).
    @Test("partial coverage interpolates toward the blend", arguments: BlendMode.allCases)
    func partialCoverage(mode: BlendMode) throws {
        let source = try Golden.load("blend-source", in: .module)
        let destination = try Golden.load("blend-destination", in: .module)
        let n = source.width * source.height
        let coverage = (0..<n).map { UInt8(($0 * 37) % 256) }
        let full = destination.composited(source, mode: mode)
        let partial = destination.composited(source, mode: mode, coverage: coverage)
        var worst = 0.0
        for i in 0..<n {
            let x = i % source.width, y = i / source.width
            let d = destination[x, y], r = full[x, y], p = partial[x, y]
            let c = Double(coverage[i]) / 255
            for (dv, rv, pv) in [(d.r, r.r, p.r), (d.g, r.g, p.g), (d.b, r.b, p.b), (d.a, r.a, p.a)] {
                let expected = Double(dv) + c * (Double(rv) - Double(dv))
                worst = max(worst, abs(expected - Double(pv)))
            }
        }
        // The normal and destinationOut fast paths scale the source by coverage (rounded)
        // before compositing, one more rounding step than the lerp: half a level more there.
        let bound = mode == .normal || mode == .destinationOut ? 1.5 : 1.0
        #expect(worst <= bound, "\(mode): worst \(worst)")
    }

    @Test func solidColorSpanMatchesPerPixelBlend() throws {
        let destination = try Golden.load("blend-destination", in: .module)
        let color = PremultipliedRGBA8(r: 90, g: 20, b: 140, a: 160)
        for mode in BlendMode.allCases {
            var out = destination
            out.data.withUnsafeMutableBytes { raw in
                let px = raw.bindMemory(to: PremultipliedRGBA8.self)
                mode.blendSpan(color: color, coverage: nil, into: px.baseAddress!, count: px.count)
            }
            for y in 0..<destination.height {
                for x in 0..<destination.width {
                    #expect(out[x, y] == mode.blend(color, onto: destination[x, y]), "\(mode) at \(x),\(y)")
                }
            }
        }
    }

    @Test func destinationOutPunchesAHole() {
        var dst = [PremultipliedRGBA8](repeating: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 153), count: 3)
        let src = [PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255),
                   PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0),
                   PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 128)]
        let coverage: [UInt8] = [255, 255, 255]
        BlendMode.destinationOut.blendSpan(src, coverage: coverage, into: &dst, count: 3)
        #expect(dst[0] == .transparent)
        #expect(dst[1].a == 153)
        #expect(dst[2].a == 76) // 153·(255 − 128)/255 = 76.2
    }

    /// Filling in ``BlendMode/clear`` (a fast path of its own) keeps `1 − coverage` of each
    /// pixel with ``BlendMode/blendSpan(_:coverage:into:count:)``'s rounding, whatever the
    /// paint and alpha; the coverage is read off the same shape filled opaque white.
    @Test(arguments: [FillRule.winding, .evenOdd])
    func clearFillKeepsOneMinusCoverage(_ rule: FillRule) throws {
        var shape = Path(ellipseIn: CGRect(x: 3.3, y: 2.7, width: 40.5, height: 33.2))
        shape.addPath(Path(rect: CGRect(x: 20.25, y: 10.5, width: 30, height: 30.4)))
        var mask = try DrawingContext(width: 56, height: 48)
        mask.setFillColor(Color(red: 1, green: 1, blue: 1, alpha: 1))
        mask.fill(shape, using: rule)
        var ctx = try DrawingContext(width: 56, height: 48)
        for y in 0..<48 {
            for x in 0..<56 {
                let a = CGFloat((x * 7 + y * 3) % 256) / 255
                ctx.setFillColor(Color(red: 0.9, green: CGFloat(x) / 56, blue: CGFloat(y) / 48, alpha: a))
                ctx.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        var expected = ctx.pixmap
        ctx.setBlendMode(.clear)
        ctx.setAlpha(0.4)
        ctx.setFillColor(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
        ctx.fill(shape, using: rule)
        let coverage = (0..<(56 * 48)).map { (i: Int) -> UInt8 in mask.pixmap.data[4 * i + 3] }
        let black = [PremultipliedRGBA8](repeating: .transparent, count: 56 * 48)
        expected.data.withUnsafeMutableBytes { raw in
            let px = raw.baseAddress!.assumingMemoryBound(to: PremultipliedRGBA8.self)
            coverage.withUnsafeBufferPointer { c in
                black.withUnsafeBufferPointer { BlendMode.clear.blendSpan($0.baseAddress!, coverage: c.baseAddress!, into: px, count: 56 * 48) }
            }
        }
        #expect(coverage.contains { $0 != 0 && $0 != 255 })
        try assertImage(ctx.pixmap, matches: expected, named: "clear-fill-\(rule)", tolerance: .exact)
    }
}
