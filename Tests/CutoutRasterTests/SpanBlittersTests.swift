import CutoutTestSupport
import Testing
@testable import CutoutRaster

@Suite struct SpanBlittersTests {
    /// The scalar product against its definition, `round(c · f / 255)`, for every channel
    /// value and factor.
    @Test func mul255RoundsToNearest() {
        var wrong = 0
        for f in UInt32(0)...255 {
            for c in UInt32(0)...255 {
                let lo = (2 * c * f + 255) / 510, hi = (2 * (255 - c) * f + 255) / 510
                let p = c | (255 - c) << 8 | c << 16 | (255 - c) << 24
                if PackedPixel.mul255(p, by: f) != lo | hi << 8 | lo << 16 | hi << 24 { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// The sweep hands over every group of a dirty stretch, four zero lanes included: a lane
    /// of zero coverage leaves its pixel exactly as it was, in both blitters that take groups,
    /// whatever the colour (opaque, translucent, clear) and the pixel.
    @Test func groupLanesOfZeroCoverageLeaveTheirPixels() {
        var random = FuzzRandom(state: 3)
        func premultiplied() -> UInt32 {
            let a = UInt32(random.below(256))
            let c = (0..<3).map { _ in UInt32(random.below(Int(a) + 1)) }
            return c[0] | c[1] << 8 | c[2] << 16 | a << 24
        }
        for color: UInt32 in [0xFF20_40FF, 0x8010_2040, 0, 0x0101_0101, 0xFFFF_FFFF] {
            for _ in 0..<500 {
                var pixels = (0..<4).map { _ in premultiplied() }
                let before = pixels
                let coverage = SIMD4<UInt32>((0..<4).map { _ in random.below(2) == 0 ? 0 : UInt32(random.below(256)) })
                pixels.withUnsafeMutableBufferPointer { p in
                    var solid = SolidSourceOverBlitter(pixels: p.baseAddress!, rowPixels: 4, color: color)
                    solid.blitGroup(x: 0, y: 0, coverage: coverage)
                }
                for lane in 0..<4 where coverage[lane] == 0 { #expect(pixels[lane] == before[lane], "colour \(color), pixel \(before[lane])") }
                pixels = before
                pixels.withUnsafeMutableBufferPointer { p in
                    var clear = ClearBlitter(pixels: p.baseAddress!, rowPixels: 4)
                    clear.blitGroup(x: 0, y: 0, coverage: coverage)
                }
                for lane in 0..<4 where coverage[lane] == 0 { #expect(pixels[lane] == before[lane], "clear, pixel \(before[lane])") }
            }
        }
    }
}
