import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutRaster
import CutoutGeometry

/// Seeded fuzzing of the PNG decoder: mutated encoder output, with chunk CRCs either left
/// stale (caught at the chunk) or recomputed (so the mutation reaches the header, zlib stream,
/// filters and palette). Every case ends in a Pixmap or a PNGError, quickly.
@Suite struct PNGDecoderRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// Rewrites every chunk's CRC that fits in the data.
    static func fixCRCs(_ bytes: inout [UInt8]) {
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 0, i + 12 + length <= bytes.count else { return }
            let c = crc(bytes[(i + 4)..<(i + 8 + length)])
            for k in 0..<4 { bytes[i + 8 + length + k] = UInt8(truncatingIfNeeded: c >> (24 - 8 * UInt32(k))) }
            i += 12 + length
        }
    }

    static func sample() throws -> [UInt8] {
        var p = try Pixmap(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { p[x, y] = PremultipliedRGBA8(r: UInt8(x * 30), g: UInt8(y * 50), b: 90, a: UInt8(255 - x * 20)) } }
        return [UInt8](try p.pngData())
    }

    @Test func mutatedPNGsDecodeOrThrow() throws {
        let original = try Self.sample()
        #expect(throws: Never.self) { try Pixmap(pngData: Data(original)) }
        var rng = SplitMix64(state: 61)
        let interesting: [UInt8] = [0x00, 0xFF, 0x7F, 0x80, 0x01, 0x04, 0x08, 0x10, 0x03, 0x06]
        var decoded = 0, refused = 0
        for i in 0..<600 {
            var bytes = original
            switch rng.below(4) {
            case 0: bytes = Array(bytes.prefix(rng.below(bytes.count + 1)))
            case 1: for _ in 0..<(1 + rng.below(3)) { bytes[8 + rng.below(bytes.count - 8)] = rng.pick(interesting) }
            case 2: for _ in 0..<(1 + rng.below(3)) { bytes[8 + rng.below(bytes.count - 8)] ^= UInt8(1 << rng.below(8)) }
            default:
                // IHDR fields: width, height (bytes 16...23), bit depth, colour type, compression,
                // filter, interlace (24...28).
                let k = 16 + rng.below(13)
                bytes[k] = rng.pick(interesting)
            }
            if rng.below(3) != 0 { Self.fixCRCs(&bytes) }
            var outcome: Result<Pixmap, PNGError>!
            let work = WorkMeter.measure {
                outcome = Result { () throws(PNGError) in try Pixmap(pngData: Data(bytes)) }
            }
            // Deflate expands at most 1032:1, so the bytes a file can make are bounded by its size;
            // a pixmap needs at least one bit per pixel of those bytes (a factor 8), twice for APNG's
            // canvas and frame.
            #expect(work[.inflatedBytes] <= 1032 * bytes.count + 64, "case \(i)")
            #expect(work[.allocatedPixels] <= 2 * 8 * work[.inflatedBytes], "case \(i)")
            do {
                let p = try outcome.get()
                #expect(p.width > 0 && p.height > 0 && p.data.count == p.width * p.height * 4, "case \(i)")
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        #expect(decoded > 10 && refused > 100, "\(decoded) decoded, \(refused) refused")
    }

    /// A header claiming 2³¹ × 2³¹ pixels is refused before anything is allocated.
    @Test func hugeDimensionsAreRefusedBeforeAllocating() throws {
        var bytes = try Self.sample()
        for k in 16..<24 { bytes[k] = k % 4 == 0 ? 0x7F : 0xFF }
        Self.fixCRCs(&bytes)
        #expect(throws: PNGError.self) { try Pixmap(pngData: Data(bytes)) }
    }
}
