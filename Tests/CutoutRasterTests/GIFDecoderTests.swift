import Foundation
import Testing
@testable import CutoutRaster

/// The GIF decoder against Pillow (scripts/make_gif_fixtures.py): every fixture's first image
/// decodes to exactly Pillow's pixels (premultiplied; GIF has no rounding to differ on).
/// Hostile inputs throw typed errors and never trap.
@Suite struct GIFDecoderTests {
    static let fixtures = DecoderFixtures(folder: "gif")
    static let manifest = fixtures.manifest

    static func fixture(_ name: String, _ ext: String) throws -> Data { try fixtures.data(name, ext) }

    @Test func manifestIsComplete() { #expect(Self.manifest.count == 10) }

    @Test(arguments: manifest.map(\.name))
    func matchesPillow(_ name: String) throws {
        let entry = try #require(Self.manifest.first { $0.name == name })
        let px = try Pixmap(gifData: Self.fixture(name, "gif"))
        let expected = [UInt8](try Self.fixture(name, "rgba"))
        #expect(px.width == entry.width && px.height == entry.height)
        try #require(expected.count == px.data.count)
        let differing = zip(px.data, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(name): \(differing) bytes differ from Pillow's")
    }

    /// The transparent fixture really has transparent pixels, so the comparison above covers them.
    @Test func transparentIndexGivesClearPixels() throws {
        let px = try Pixmap(gifData: Self.fixture("transparent", "gif"))
        let clear = stride(from: 3, to: px.data.count, by: 4).filter { px.data[$0] == 0 }
        #expect(!clear.isEmpty)
        #expect(clear.allSatisfy { px.data[$0 - 3] == 0 && px.data[$0 - 2] == 0 && px.data[$0 - 1] == 0 })
    }

    // MARK: Hostile input

    /// GIF89a with a 2-colour global table (red, blue), then an image descriptor of `width` ×
    /// `height` and `body` (minimum code size and sub-blocks).
    static func gif(width: Int = 2, height: Int = 1, globalTable: Bool = true, body: [UInt8]) -> Data {
        var b = Array("GIF89a".utf8) + [2, 0, 1, 0, globalTable ? 0x80 : 0, 0, 0]
        if globalTable { b += [255, 0, 0, 0, 0, 255] }
        b += [0x2C, 0, 0, 0, 0, UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255), UInt8(height >> 8), 0]
        return Data(b + body + [0x3B])
    }

    /// Codes packed least significant bit first at the given widths, as one sub-block.
    static func codes(_ list: [(code: Int, width: Int)]) -> [UInt8] {
        var out: [UInt8] = [], acc = 0, bits = 0
        for (c, w) in list {
            acc |= c << bits
            bits += w
            while bits >= 8 { out.append(UInt8(acc & 255)); acc >>= 8; bits -= 8 }
        }
        if bits > 0 { out.append(UInt8(acc)) }
        return [UInt8(out.count)] + out + [0]
    }

    @Test func handMadeStreamDecodes() throws {
        // Minimum code size 2: clear 4, end 5. Codes 0, 1, then 6 (= "0 1", made by the second
        // code); the third code fills entry 7, so the end code is 4 bits wide.
        let px = try Pixmap(gifData: Self.gif(width: 4, height: 1, body: [2] + Self.codes([(4, 3), (0, 3), (1, 3), (6, 3), (5, 4)])))
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        #expect(px.data == red + blue + red + blue)
    }

    @Test func codePastTheTableIsAnError() {
        // After clear and code 0 the table's next entry is 6: code 7 names nothing.
        #expect {
            _ = try Pixmap(gifData: Self.gif(width: 4, body: [2] + Self.codes([(4, 3), (0, 3), (7, 3), (5, 3)])))
        } throws: { error in
            guard case GIFError.invalidData(let why) = error else { return false }
            return why.contains("past")
        }
    }

    @Test func firstCodeAfterClearMustBeALiteral() {
        #expect(throws: GIFError.self) {
            _ = try Pixmap(gifData: Self.gif(body: [2] + Self.codes([(4, 3), (6, 3), (5, 3)])))
        }
    }

    @Test func endCodeBeforeAllPixelsIsAnError() {
        #expect {
            _ = try Pixmap(gifData: Self.gif(width: 4, body: [2] + Self.codes([(4, 3), (0, 3), (5, 3)])))
        } throws: { error in
            guard case GIFError.invalidData(let why) = error else { return false }
            return why.contains("1 of its 4 pixels")
        }
    }

    @Test(arguments: [0, 9, 12, 255])
    func minimumCodeSizeOutsideOneToEightIsRefused(size: Int) {
        #expect(throws: GIFError.self) { _ = try Pixmap(gifData: Self.gif(body: [UInt8(size), 2, 0xFF, 0xFF, 0])) }
    }

    @Test func imageWithoutColourTableIsRefused() {
        #expect(throws: GIFError.invalidData("the first image has no colour table, local or global")) {
            _ = try Pixmap(gifData: Self.gif(globalTable: false, body: [2] + Self.codes([(4, 3), (0, 3), (1, 3), (5, 3)])))
        }
    }

    @Test(arguments: [(0, 10), (10, 0), (40_000, 1), (20_000, 20_000)])
    func emptyOrHugeImagesAreRefusedBeforeDecoding(width: Int, height: Int) {
        #expect(throws: GIFError.imageTooLarge(width: width, height: height)) {
            _ = try Pixmap(gifData: Self.gif(width: width, height: height, body: [2] + Self.codes([(4, 3), (0, 3)])))
        }
    }

    /// 16384 × 16384 is within the pixel limit; a few bytes cannot describe it, and the
    /// decoder runs out of data without allocating the picture.
    @Test func tinyFileDeclaringAHugeImageIsTruncated() {
        #expect {
            _ = try Pixmap(gifData: Self.gif(width: 16_384, height: 16_384, body: [2] + Self.codes([(4, 3), (0, 3), (1, 3)])))
        } throws: { error in
            if case GIFError.truncated = error { return true }
            return false
        }
    }

    @Test func everyPrefixOfAFileThrowsOrDecodesTheSamePixels() throws {
        let whole = [UInt8](try Self.fixture("comment-then-transparency", "gif"))
        let full = try Pixmap(gifData: Data(whole))
        var decoded: [Int] = []
        for n in 0..<whole.count {
            if let px = try? Pixmap(gifData: Data(whole[..<n])) {
                #expect(px.data == full.data)
                decoded.append(n)
            }
        }
        // Only prefixes that hold every pixel's code decode: those that lack at most the end
        // code's byte, the sub-blocks' terminator and the trailer.
        #expect(!decoded.isEmpty && decoded == Array((decoded.first ?? 0)..<whole.count) && decoded.count <= 3)
    }

    @Test func truncatedLargeFileThrows() throws {
        let whole = [UInt8](try Self.fixture("palette-256-noise", "gif"))
        #expect(throws: GIFError.truncated(offset: whole.count / 2)) { _ = try Pixmap(gifData: Data(whole[..<(whole.count / 2)])) }
    }

    @Test func badSignatureAndUnknownBlocksAreRefused() {
        #expect(throws: GIFError.badSignature) { _ = try Pixmap(gifData: Data("GIF90a".utf8)) }
        var unknown = [UInt8](Self.gif(body: []))
        unknown[19] = 0x99
        #expect(throws: GIFError.self) { _ = try Pixmap(gifData: Data(unknown.prefix(20))) }
    }

    @Test func indexPastTheTableIsOpaqueBlack() throws {
        // A 2-entry table; literal 3 (of minimum code size 2) names no colour.
        let px = try Pixmap(gifData: Self.gif(width: 2, body: [2] + Self.codes([(4, 3), (3, 3), (0, 3), (5, 3)])))
        #expect(px.data == [0, 0, 0, 255, 255, 0, 0, 255])
    }
}
