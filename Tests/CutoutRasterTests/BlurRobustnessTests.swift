import CutoutGeometry
import Foundation
import Testing
@testable import CutoutRaster

/// Blur with extreme sigmas: documented as "sigma ≤ 0 or NaN returns a copy; sigma above
/// ``Pixmap/maximumBlurSigma`` is clamped to it".
@Suite struct BlurRobustnessTests {
    static func square() throws -> Pixmap {
        var p = try Pixmap(width: 12, height: 12)
        for y in 4..<8 { for x in 4..<8 { p[x, y] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255) } }
        return p
    }

    @Test(arguments: [CGFloat.nan, -.infinity, -1, 0, 1e-3, 0.5, 2, 1e6, 1e300, .greatestFiniteMagnitude, .infinity])
    func extremeSigmasKeepTheSizeAndTheCoverage(sigma: CGFloat) throws {
        let p = try Self.square()
        let b = p.gaussianBlurred(sigma: sigma)
        #expect(b.width == 12 && b.height == 12)
        if !(sigma > 0) { #expect(b == p, "a copy for sigma \(sigma)") }
        let outset = Pixmap.gaussianBlurOutset(sigma: sigma)
        #expect(outset >= 0 && outset <= Int(3 * Pixmap.maximumBlurSigma) + 1)
    }

    /// Sigmas so small that 2σ² underflows to 0 used to make the sampled kernel 0/0 = NaN, and
    /// the conversion of NaN to UInt8 trapped (found by LayerRendererRobustnessTests: a shadow
    /// of radius 1e-300). Sigmas below `BlurPlan.minimumSigma` are now an identity blur. Runs
    /// in a child process so a regression is observed rather than fatal.
    @Test func subnormalSigmaDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var p = try Pixmap(width: 12, height: 12)
            p[5, 5] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
            _ = p.gaussianBlurred(sigma: 1e-300)
        }
    }
}
