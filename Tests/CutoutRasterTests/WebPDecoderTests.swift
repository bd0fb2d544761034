import Foundation
import Testing
import CutoutTestSupport
@testable import CutoutRaster

/// The lossless WebP decoder against libwebp (through Pillow, scripts/make_webp_fixtures.py):
/// every fixture decodes to exactly libwebp's pixels, premultiplied. Lossy and animated files
/// are refused by name; hostile inputs throw typed errors and never trap.
@Suite struct WebPDecoderTests {
    static let fixtures = DecoderFixtures(folder: "webp")
    static let manifest = fixtures.manifest

    static func fixture(_ name: String, _ ext: String) throws -> Data { try fixtures.data(name, ext) }

    @Test func manifestIsComplete() { #expect(Self.manifest.count == 16) }

    @Test(arguments: manifest.map(\.name))
    func matchesLibwebp(_ name: String) throws {
        let entry = try #require(Self.manifest.first { $0.name == name })
        let px = try Pixmap(webPData: Self.fixture(name, "webp"))
        let expected = [UInt8](try Self.fixture(name, "rgba"))
        #expect(px.width == entry.width && px.height == entry.height)
        try #require(expected.count == px.data.count)
        let differing = zip(px.data, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(name): \(differing) bytes differ from libwebp's")
    }

    /// The alpha fixtures really have partly and fully transparent pixels, so the comparison
    /// above covers premultiplication.
    @Test func alphaFixtureHasTranslucentPixels() throws {
        let px = try Pixmap(webPData: Self.fixture("alpha-method5-q90", "webp"))
        let alphas = Set(stride(from: 3, to: px.data.count, by: 4).map { px.data[$0] })
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 10)
    }

    @Test func lossyIsRefused() {
        #expect {
            _ = try Pixmap(webPData: Self.fixture("lossy", "webp"))
        } throws: { error in
            guard case WebPError.unsupported(let what) = error else { return false }
            return what.contains("lossy VP8")
        }
    }

    @Test func animationIsRefused() {
        #expect {
            _ = try Pixmap(webPData: Self.fixture("animated", "webp"))
        } throws: { error in
            guard case WebPError.unsupported(let what) = error else { return false }
            return what.contains("animation")
        }
    }

    // MARK: Hand-made bit streams

    /// Bits packed least significant first, as VP8L reads them.
    struct BitWriter {
        var bytes: [UInt8] = []
        var bitCount = 0
        mutating func put(_ value: Int, _ n: Int) {
            for k in 0..<n {
                if bitCount % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> k) & 1) << UInt8(bitCount % 8)
                bitCount += 1
            }
        }
    }

    /// A RIFF WEBP form holding `chunks` (tag, payload), each padded to an even length.
    static func riff(_ chunks: [(String, [UInt8])]) -> Data {
        var body = Array("WEBP".utf8)
        for (tag, payload) in chunks {
            body += Array(tag.utf8) + le32(payload.count) + payload
            if payload.count % 2 == 1 { body.append(0) }
        }
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    /// The VP8L header of a `width` × `height` image, with no transform, colour cache or meta codes.
    static func header(width: Int, height: Int) -> BitWriter {
        var w = BitWriter()
        w.put(0x2F, 8)
        w.put(width - 1, 14)
        w.put(height - 1, 14)
        w.put(1, 1)
        w.put(0, 3)
        w.put(0, 1) // No transform.
        w.put(0, 1) // No colour cache.
        w.put(0, 1) // No meta prefix codes.
        return w
    }

    /// A simple code of the one 8-bit `symbol`, read with no bits.
    static func single(_ w: inout BitWriter, _ symbol: Int) {
        w.put(1, 1)
        w.put(0, 1)
        w.put(1, 1)
        w.put(symbol, 8)
    }

    /// Five single-symbol codes: every pixel is ARGB (255, 200, 100, 50), read with no bits.
    static func solid(width: Int, height: Int) -> [UInt8] {
        var w = header(width: width, height: height)
        for symbol in [100, 200, 50, 255, 0] { single(&w, symbol) }
        return w.bytes
    }

    @Test func singleSymbolCodesSpendNoBitsPerPixel() throws {
        let px = try Pixmap(webPData: Self.riff([("VP8L", Self.solid(width: 3, height: 2))]))
        #expect(px.width == 3 && px.height == 2)
        #expect(px.data == Array(repeating: [200, 100, 50, 255] as [UInt8], count: 6).flatMap { $0 })
    }

    /// A normal code whose code-length code has `lengths` for symbols 17, 18, 0, 1 (the first
    /// four of the stored order), as the green code.
    static func greenCodeWithCodeLengthLengths(_ lengths: [Int]) -> Data {
        var w = header(width: 1, height: 1)
        w.put(0, 1) // Normal code.
        w.put(0, 4) // Four code-length code lengths.
        for l in lengths { w.put(l, 3) }
        w.put(0, 1)
        w.put(0, 64)
        return riff([("VP8L", w.bytes)])
    }

    @Test func overSubscribedCodeIsRejected() {
        #expect {
            _ = try Pixmap(webPData: Self.greenCodeWithCodeLengthLengths([1, 1, 1, 0]))
        } throws: { error in
            guard case WebPError.invalidData(let why) = error else { return false }
            return why.contains("code-length code") && why.contains("over-subscribed")
        }
    }

    @Test func incompleteCodeIsRejected() {
        #expect {
            _ = try Pixmap(webPData: Self.greenCodeWithCodeLengthLengths([1, 2, 0, 0]))
        } throws: { error in
            guard case WebPError.invalidData(let why) = error else { return false }
            return why.contains("code-length code") && why.contains("incomplete")
        }
    }

    @Test func codeWithoutSymbolsIsRejected() {
        #expect {
            _ = try Pixmap(webPData: Self.greenCodeWithCodeLengthLengths([0, 0, 0, 0]))
        } throws: { error in
            guard case WebPError.invalidData(let why) = error else { return false }
            return why.contains("no symbols")
        }
    }

    /// A 4 × 1 image whose green code has two symbols of one bit: 0 (a literal: the other
    /// codes give ARGB (255, 200, 0, 50)) and 256 (a copy of one pixel, one pixel back), then
    /// `greenBits` choosing between them pixel by pixel.
    static func literalsAndCopies(_ greenBits: [Int]) -> Data {
        var w = header(width: 4, height: 1)
        // Green: a normal code. The code-length code gives 18 (a run of zeros) one bit (code
        // 0), and lengths 0 and 1 two bits (codes 10 and 11); its lengths are stored for
        // 17, 18, 0, 1.
        w.put(0, 1)
        w.put(0, 4)
        for l in [0, 1, 2, 2] { w.put(l, 3) }
        w.put(0, 1) // Lengths for the whole alphabet.
        func codeLength(_ code: [Int]) { for b in code { w.put(b, 1) } }
        codeLength([1, 1]) // Symbol 0: length 1.
        codeLength([0]); w.put(127, 7) // 138 zeros.
        codeLength([0]); w.put(106, 7) // 117 zeros: symbols 1...255.
        codeLength([1, 1]) // Symbol 256: length 1.
        codeLength([0]); w.put(12, 7) // 23 zeros: symbols 257...279.
        for symbol in [200, 50, 255] { single(&w, symbol) }
        single(&w, 1) // Distance code 2: the pixel to the left.
        for b in greenBits { w.put(b, 1) }
        return riff([("VP8L", w.bytes)])
    }

    @Test func backwardReferencesCopyEarlierPixels() throws {
        let px = try Pixmap(webPData: Self.literalsAndCopies([0, 1, 1, 1]))
        #expect(px.data == Array(repeating: [200, 0, 50, 255] as [UInt8], count: 4).flatMap { $0 })
    }

    @Test func backwardReferenceBeforeTheFirstPixelIsRejected() {
        #expect(throws: WebPError.invalidData("the image refers 1 pixels back from pixel 0")) {
            _ = try Pixmap(webPData: Self.literalsAndCopies([1, 1, 1, 1]))
        }
    }

    @Test func vp8xCanvasBeyondTheLimitsIsRefused() {
        let vp8x: [UInt8] = [0, 0, 0, 0] + [0x1F, 0x4E, 0] + [0x1F, 0x4E, 0] // 20000 × 20000.
        #expect(throws: WebPError.imageTooLarge(width: 20_000, height: 20_000)) {
            _ = try Pixmap(webPData: Self.riff([("VP8X", vp8x), ("VP8L", Self.solid(width: 3, height: 2))]))
        }
    }

    @Test func canvasMustMatchTheBitStream() {
        let vp8x: [UInt8] = [0, 0, 0, 0] + [3, 0, 0] + [1, 0, 0] // 4 × 2.
        #expect(throws: WebPError.self) {
            _ = try Pixmap(webPData: Self.riff([("VP8X", vp8x), ("VP8L", Self.solid(width: 3, height: 2))]))
        }
    }

    /// The pixel limit applies to the bit stream's size (the fuzz target lowers it).
    @Test func pixelLimitIsEnforced() {
        #expect(throws: WebPError.imageTooLarge(width: 3, height: 2)) {
            _ = try WebPDecoder(bytes: [UInt8](Self.riff([("VP8L", Self.solid(width: 3, height: 2))])), maxPixelCount: 5).decode()
        }
    }

    @Test func otherFirstChunksAndSignaturesAreRefused() {
        #expect(throws: WebPError.badSignature) { _ = try Pixmap(webPData: Data("RIFF\u{4}\0\0\0WAVE".utf8)) }
        #expect(throws: WebPError.invalidData("the first chunk is \"JUNK\", not VP8, VP8L or VP8X")) {
            _ = try Pixmap(webPData: Self.riff([("JUNK", [1, 2]), ("VP8L", Self.solid(width: 1, height: 1))]))
        }
    }

    // MARK: Truncation and corruption

    /// Every prefix of the file is truncated at the container; every prefix of the bit stream,
    /// rewrapped so that the container is whole, runs out inside the bit stream. Neither traps.
    @Test(arguments: ["palette-4", "small-method3-q50", "extended-icc"])
    func everyPrefixThrows(_ name: String) throws {
        let whole = [UInt8](try Self.fixture(name, "webp"))
        for n in 0..<whole.count {
            #expect(throws: WebPError.self) { _ = try Pixmap(webPData: Data(whole[..<n])) }
        }
        let start = try #require((12..<whole.count - 4).first { whole[$0..<($0 + 4)].elementsEqual("VP8L".utf8) })
        let size = Int(whole[start + 4]) | Int(whole[start + 5]) << 8 | Int(whole[start + 6]) << 16
        let stream = Array(whole[(start + 8)..<(start + 8 + size)])
        for n in 0..<stream.count {
            #expect(throws: WebPError.self, "\(name): bit stream cut to \(n) of \(stream.count) bytes") {
                _ = try Pixmap(webPData: Self.riff([("VP8L", Array(stream[..<n]))]))
            }
        }
    }

    /// Corrupted bytes decode to something or throw; they never trap.
    @Test func corruptedFilesNeverTrap() throws {
        let whole = [UInt8](try Self.fixture("photo-method6-q100", "webp"))
        var rng = FuzzRandom(state: 19)
        for _ in 0..<300 {
            var bytes = whole
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = 20 + Int(rng.next() % UInt64(bytes.count - 20))
                bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            _ = try? Pixmap(webPData: Data(bytes))
        }
    }
}
