import Foundation
import Testing
@testable import CutoutRaster

/// The JPEG decoder (baseline and progressive) against libjpeg (through Pillow, scripts/make_jpeg_fixtures.py):
/// every fixture's pixels within 4/255 per channel of libjpeg's, and on average within 1/255.
/// Why not exact: libjpeg computes the inverse DCT in scaled integers ("islow") and the
/// colour conversion in fixed point; ours in floating point, so values one step apart round
/// differently and the difference spreads over an 8×8 block. Hostile inputs throw typed errors.
@Suite struct JPEGDecoderTests {
    static let fixtures = DecoderFixtures(folder: "jpeg")
    static let manifest = fixtures.manifest

    static func fixture(_ name: String, _ ext: String) throws -> Data { try fixtures.data(name, ext) }

    @Test func manifestIsComplete() { #expect(Self.manifest.count == 10) }

    @Test(arguments: manifest.map(\.name))
    func matchesLibjpeg(_ name: String) throws {
        let entry = try #require(Self.manifest.first { $0.name == name })
        let px = try Pixmap(jpegData: Self.fixture(name, "jpg"))
        let expected = [UInt8](try Self.fixture(name, "rgba"))
        #expect(px.width == entry.width && px.height == entry.height)
        try #require(expected.count == px.data.count)
        var worst = 0, total = 0
        for (a, b) in zip(px.data, expected) {
            let d = abs(Int(a) - Int(b))
            worst = max(worst, d)
            total += d
        }
        #expect(worst <= 4, "\(name): largest difference \(worst)")
        #expect(Double(total) / Double(expected.count) <= 1, "\(name): mean difference \(Double(total) / Double(expected.count))")
    }

    /// Found by `scripts/fuzz.sh jpeg`: 848 bytes declaring a 1056×12056 baseline frame took
    /// 16 s, and 144 bytes declaring a 9504×24593 progressive frame allocated and transformed
    /// it. A scan spends at least one bit per block, so such files cannot describe their frame:
    /// they are refused before anything is allocated and before any block is read.
    @Test(arguments: ["fuzz-huge-frame-in-848-bytes", "fuzz-huge-progressive-frame-in-144-bytes"])
    func framesLargerThanTheDataCanDescribeAreRefused(name: String) throws {
        let bytes = [UInt8](try Self.fixture(name, "jpg"))
        var decoder = JPEGDecoder(bytes: bytes)
        #expect {
            _ = try decoder.decode()
        } throws: { error in
            guard case JPEGError.invalidData(let why) = error else { return false }
            return why.contains("frame needs at least")
        }
        #expect(decoder.blocksRead == 0)
    }

    @Test func hostileInputThrows() throws {
        let good = [UInt8](try Self.fixture("baseline-420", "jpg"))
        #expect(throws: JPEGError.badSignature) { try Pixmap(jpegData: Data([0x89, 0x50])) }
        // Every truncation throws or decodes (zeros past the end), never traps.
        for cut in stride(from: 0, to: good.count, by: 7) {
            _ = try? Pixmap(jpegData: Data(good[0..<cut]))
        }
        // Flipped bytes anywhere: typed errors or a picture, never a trap.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var bad = good
            let k = Int.random(in: 2..<bad.count, using: &random)
            bad[k] = UInt8.random(in: 0...255, using: &random)
            _ = try? Pixmap(jpegData: Data(bad))
        }
        // A frame of 60000 × 60000 is refused before any allocation.
        var huge = good
        if let sof = (0..<(huge.count - 9)).first(where: { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 }) {
            huge[sof + 5] = 0xEA; huge[sof + 6] = 0x60; huge[sof + 7] = 0xEA; huge[sof + 8] = 0x60
        }
        #expect(throws: JPEGError.imageTooLarge(width: 60000, height: 60000)) { try Pixmap(jpegData: Data(huge)) }
        // Lossless JPEG is named as unsupported; baseline scans under a progressive frame header
        // are invalid.
        func withFrameMarker(_ marker: UInt8) -> Data {
            var d = good
            if let sof = (0..<(d.count - 1)).first(where: { d[$0] == 0xFF && d[$0 + 1] == 0xC0 }) { d[sof + 1] = marker }
            return Data(d)
        }
        #expect(throws: JPEGError.unsupported("lossless coding")) { try Pixmap(jpegData: withFrameMarker(0xC3)) }
        #expect(throws: JPEGError.invalidData("progressive scan bands 0...63, bits 0/0")) { try Pixmap(jpegData: withFrameMarker(0xC2)) }
        // Flipped bytes in a progressive file too.
        let progressive = [UInt8](try Self.fixture("progressive-420", "jpg"))
        for _ in 0..<300 {
            var bad = progressive
            let k = Int.random(in: 2..<bad.count, using: &random)
            bad[k] = UInt8.random(in: 0...255, using: &random)
            _ = try? Pixmap(jpegData: Data(bad))
        }
    }
}
