import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

@Suite("AlphaMask")
struct AlphaMaskTests {
    /// Largest difference between two equal-sized masks.
    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The alpha channel against the exact numpy Gaussian goldens, with the tolerances of
    /// `BlurTests` (same filter, so the same bound holds channel by channel).
    @Test("close to an exact Gaussian", arguments: 0..<BlurTests.cases.count)
    func matchesExactGaussian(index: Int) throws {
        let c = BlurTests.cases[index]
        let source = AlphaMask(alphaOf: try Golden.load("blur-source", in: .module))
        let golden = AlphaMask(alphaOf: try Golden.load("blur-sigma\(c.name)", in: .module))
        let ours = source.gaussianBlurred(sigma: c.sigma)
        #expect(Self.maxDifference(ours.data, golden.data) <= c.tolerance, "σ \(c.name)")
    }

    /// Against the independent numpy implementation of the SVG box method: 1 level.
    @Test("matches the SVG box method", arguments: ["3", "6.5"])
    func matchesTheSVGBoxMethod(name: String) throws {
        let source = AlphaMask(alphaOf: try Golden.load("blur-source", in: .module))
        let golden = AlphaMask(alphaOf: try Golden.load("blur-box-sigma\(name)", in: .module))
        let ours = source.gaussianBlurred(sigma: CGFloat(Double(name)!))
        #expect(Self.maxDifference(ours.data, golden.data) <= 1, "σ \(name)")
    }

    @Test(arguments: [1.5, 3, 6.5, 20] as [CGFloat])
    func agreesWithThePixmapBlur(sigma: CGFloat) throws {
        let source = try Golden.load("blur-source", in: .module)
        let ours = AlphaMask(alphaOf: source).gaussianBlurred(sigma: sigma)
        let theirs = AlphaMask(alphaOf: source.gaussianBlurred(sigma: sigma))
        #expect(Self.maxDifference(ours.data, theirs.data) <= 1)
    }

    @Test func expandedKeepsTheWholeBlur() throws {
        let source = AlphaMask(alphaOf: try Golden.load("blur-source", in: .module))
        let sigma: CGFloat = 3
        let outset = Pixmap.gaussianBlurOutset(sigma: sigma)
        let grown = try source.gaussianBlurredExpanded(sigma: sigma)
        #expect(grown.width == source.width + 2 * outset && grown.height == source.height + 2 * outset)
        let same = source.gaussianBlurred(sigma: sigma)
        var interior: [UInt8] = []
        for y in 0..<source.height { for x in 0..<source.width { interior.append(grown[x + outset, y + outset]) } }
        #expect(interior == same.data)
        // Mass is kept when nothing is cut off (each value rounds once).
        let before = source.data.reduce(0) { $0 + Int($1) }, after = grown.data.reduce(0) { $0 + Int($1) }
        #expect(abs(after - before) <= grown.data.count / 2)
    }

    @Test func nonPositiveOrNaNSigmaIsACopy() throws {
        let source = AlphaMask(alphaOf: try Golden.load("blur-source", in: .module))
        #expect(source.gaussianBlurred(sigma: 0) == source)
        #expect(source.gaussianBlurred(sigma: .nan) == source)
        #expect(try source.gaussianBlurredExpanded(sigma: -1) == source)
    }

    @Test func emptyAndHugeSigma() throws {
        let zero = try AlphaMask(width: 5, height: 3)
        #expect(zero.gaussianBlurred(sigma: 4) == zero)
        var full = try AlphaMask(width: 8, height: 8)
        full.data = [UInt8](repeating: 255, count: 64)
        #expect(full.gaussianBlurred(sigma: .infinity).data.allSatisfy { $0 <= 1 })
        #expect(throws: PixmapError.self) { try AlphaMask(width: 0, height: 3) }
    }

    /// The shadow of a path equals filling it offscreen, blurring that RGBA and drawing it
    /// (the straightforward method), within two levels: that method rounds the tinted
    /// coverage, then the blur, then the composite; this one the blurred coverage, then its
    /// product with the colour, then the composite, and the half levels can add up to 2.
    @Test(arguments: [(CGSize.zero, 4.0), (CGSize(width: 3, height: -2), 2.5), (CGSize(width: 1.5, height: 0.25), 1.0)]
          as [(CGSize, CGFloat)])
    func shadowOfAPathMatchesBlurringAnRGBALayer(offset: CGSize, sigma: CGFloat) throws {
        var path = Path()
        path.addEllipse(in: CGRect(x: 20, y: 14, width: 50, height: 36))
        path.addRect(CGRect(x: 30, y: 40, width: 30, height: 30))
        let color = Color(red: 0.2, green: 0.1, blue: 0.6, alpha: 0.8)
        var ours = try DrawingContext(width: 96, height: 96)
        ours.setFillColor(.white)
        ours.fill(CGRect(x: 0, y: 0, width: 40, height: 96))
        var expected = ours
        ours.drawShadow(of: path, color: color, sigma: sigma, offset: offset)

        var layer = try DrawingContext(width: 96, height: 96)
        layer.translateBy(x: offset.width, y: offset.height)
        layer.setFillColor(color)
        layer.fill(path)
        expected.draw(layer.pixmap.gaussianBlurred(sigma: sigma), in: CGRect(x: 0, y: 0, width: 96, height: 96),
                      interpolation: .nearest)
        #expect(Self.maxDifference(ours.pixmap.data, expected.pixmap.data) <= 2)
    }

    /// A mask's shadow with a whole-pixel offset is the path's shadow; clipping applies.
    @Test func shadowOfAMaskMatchesTheShadowOfItsPath() throws {
        var path = Path()
        path.addEllipse(in: CGRect(x: 10, y: 12, width: 40, height: 30))
        var shape = try DrawingContext(width: 64, height: 64)
        shape.fill(path)
        var round = Path()
        round.addEllipse(in: CGRect(x: 8, y: 8, width: 50, height: 50))
        var a = try DrawingContext(width: 64, height: 64), b = a
        a.clip(to: round)
        b.clip(to: round)
        a.drawShadow(of: AlphaMask(alphaOf: shape.pixmap), color: .black, sigma: 3, offset: CGSize(width: 4, height: 5))
        b.drawShadow(of: path, color: .black, sigma: 3, offset: CGSize(width: 4, height: 5))
        #expect(a.pixmap == b.pixmap)
        #expect(a.pixmap[2, 2].a == 0 && a.pixmap[34, 33].a > 200)
        #expect(a.pixmap[60, 60].a == 0)
    }

    @Test func badOffsetsDrawNothing() throws {
        var ctx = try DrawingContext(width: 16, height: 16)
        let before = ctx.pixmap
        ctx.drawShadow(of: Path(rect: CGRect(x: 2, y: 2, width: 8, height: 8)), color: .black, sigma: 2,
                       offset: CGSize(width: CGFloat.nan, height: 0))
        ctx.drawShadow(of: try AlphaMask(width: 4, height: 4), color: .black, sigma: 2,
                       offset: CGSize(width: CGFloat.infinity, height: 0))
        #expect(ctx.pixmap == before)
    }
}
