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
}
