import CutoutTestSupport
import CZlib
import Foundation
import Testing
@testable import CutoutRaster

/// One file of the fixture suite made by scripts/make_png_fixtures.py.
struct PNGFixture: Sendable, CustomTestStringConvertible {
    let name: String
    let width: Int
    let height: Int
    let summary: String

    var testDescription: String { "\(name) (\(width)×\(height), \(summary))" }

    static func url(_ name: String, _ ext: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/png")
    }

    /// Every fixture the manifest lists (empty if the manifest is missing, which a test catches).
    static let all: [PNGFixture] = {
        guard let url = url("manifest", "txt"), let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 3)
            guard parts.count == 4, let w = Int(parts[1]), let h = Int(parts[2]) else { return nil }
            return PNGFixture(name: String(parts[0]), width: w, height: h, summary: String(parts[3]))
        }
    }()

    static func png(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try #require(url(name, "png"))))
    }

    static func expected(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try #require(url(name, "rgba"))))
    }
}

/// Builds and takes apart PNG byte streams for tests, independently of the encoder.
enum TestPNG {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func read32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    /// Length, type, data and a correct CRC.
    static func chunkBytes(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(CRC32.checksum(body[...]))
    }

    static func file(_ chunks: [Chunk]) -> [UInt8] {
        chunks.reduce(signature) { $0 + chunkBytes($1.type, $1.data) }
    }

    /// The chunks of a well-formed file (CRCs not checked).
    static func chunks(_ bytes: [UInt8]) -> [Chunk] {
        var out: [Chunk] = []
        var i = 8
        while i + 12 <= bytes.count {
            let n = Int(read32(bytes, i))
            guard i + 12 + n <= bytes.count else { break }
            out.append(Chunk(type: String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self), data: Array(bytes[(i + 8)..<(i + 8 + n)])))
            i += 12 + n
        }
        return out
    }

    static func ihdr(width: Int, height: Int, depth: UInt8 = 8, colorType: UInt8 = 0, interlace: UInt8 = 0) -> Chunk {
        Chunk(type: "IHDR", data: be32(UInt32(width)) + be32(UInt32(height)) + [depth, colorType, 0, 0, interlace])
    }

    /// A file of one IHDR, the given chunks, one IDAT holding `scanlines` compressed, and IEND.
    static func image(_ header: Chunk, scanlines: [UInt8], before: [Chunk] = []) throws -> [UInt8] {
        file([header] + before + [Chunk(type: "IDAT", data: try Zlib.compress(scanlines, level: 6)), Chunk(type: "IEND", data: [])])
    }

    static func decode(_ bytes: [UInt8]) throws(PNGError) -> Pixmap {
        try Pixmap(pngData: Data(bytes))
    }

    static func error(_ bytes: [UInt8]) -> PNGError? {
        do {
            _ = try decode(bytes)
            return nil
        } catch {
            return error
        }
    }
}

@Suite struct PNGDecoderTests {
    @Test func manifestListsTheWholeSuite() {
        #expect(PNGFixture.all.count >= 45)
    }

    @Test(arguments: PNGFixture.all)
    func decodesFixtureExactly(_ fixture: PNGFixture) throws {
        let pixmap = try TestPNG.decode(try PNGFixture.png(fixture.name))
        #expect(pixmap.width == fixture.width && pixmap.height == fixture.height)
        let expected = try PNGFixture.expected(fixture.name)
        #expect(expected.count == fixture.width * fixture.height * 4)
        let firstDifference = zip(pixmap.data, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "first differing byte \(firstDifference.map { "\($0.offset): \($0.element)" } ?? "")")
        #expect(pixmap.data == expected)
        #expect(pixmap.scale == 1)
    }

    @Test func imageDataSplitIntoOneByteChunksDecodesTheSame() throws {
        let bytes = try PNGFixture.png("rgba-8-adam7")
        let chunks = TestPNG.chunks(bytes)
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let split = chunks.filter { $0.type != "IDAT" && $0.type != "IEND" }
            + compressed.map { TestPNG.Chunk(type: "IDAT", data: [$0]) }
            + [TestPNG.Chunk(type: "IEND", data: [])]
        #expect(try TestPNG.decode(TestPNG.file(split)).data == PNGFixture.expected("rgba-8-adam7"))
    }

    @Test func unknownAncillaryChunkIsSkipped() throws {
        var chunks = TestPNG.chunks(try PNGFixture.png("rgb-8"))
        chunks.insert(TestPNG.Chunk(type: "zzZz", data: [1, 2, 3]), at: 1)
        #expect(try TestPNG.decode(TestPNG.file(chunks)).data == PNGFixture.expected("rgb-8"))
    }

    @Test func physicalDimensionsSetIntegralScales() throws {
        let scanlines: [UInt8] = [0, 7]
        for (ppm, scale) in [(2835, 1.0), (5669, 2.0), (8504, 3.0), (8505, 3.0), (3780, 1.0), (7087, 1.0)] {
            let phys = TestPNG.Chunk(type: "pHYs", data: TestPNG.be32(UInt32(ppm)) + TestPNG.be32(UInt32(ppm)) + [1])
            let pixmap = try TestPNG.decode(TestPNG.image(TestPNG.ihdr(width: 1, height: 1), scanlines: scanlines, before: [phys]))
            #expect(pixmap.scale == CGFloat(scale), "\(ppm) px/m")
        }
        let unitless = TestPNG.Chunk(type: "pHYs", data: TestPNG.be32(5669) + TestPNG.be32(5669) + [0])
        #expect(try TestPNG.decode(TestPNG.image(TestPNG.ihdr(width: 1, height: 1), scanlines: scanlines, before: [unitless])).scale == 1)
    }
}

@Suite struct PNGDecoderErrorTests {
    let valid: [UInt8]

    init() throws {
        valid = try PNGFixture.png("rgb-8")
    }

    @Test func rejectsBadSignature() {
        #expect(TestPNG.error([]) == .badSignature)
        #expect(TestPNG.error(Array("GIF89a-not-a-png".utf8)) == .badSignature)
        var bytes = valid
        bytes[1] = 0x51
        #expect(TestPNG.error(bytes) == .badSignature)
    }

    @Test func rejectsCRCMismatchNamingTheChunk() throws {
        var bytes = valid
        bytes[16] ^= 0x01  // first byte of IHDR's width
        guard case .crcMismatch(let chunk, let offset, _, _) = TestPNG.error(bytes) else {
            Issue.record("expected a CRC mismatch")
            return
        }
        #expect(chunk == "IHDR" && offset == 8)
    }

    @Test func rejectsTruncationAtEveryLength() {
        for length in 8..<valid.count {
            let error = TestPNG.error(Array(valid[0..<length]))
            switch error {
            case .truncatedChunk(_, let offset)?:
                #expect(offset < length)
            case .missingChunk?:
                // Cut exactly between chunks: what is absent is named instead.
                break
            default:
                Issue.record("cut at \(length): \(String(describing: error))")
            }
        }
    }

    @Test func truncatedImageDataChunkIsNamed() throws {
        let offset = try #require(TestPNG.chunks(valid).firstIndex { $0.type == "IDAT" }.map { index in
            TestPNG.chunks(valid)[..<index].reduce(8) { $0 + 12 + $1.data.count }
        })
        #expect(TestPNG.error(Array(valid[0..<(offset + 20)])) == .truncatedChunk(chunk: "IDAT", offset: offset))
    }

    @Test func rejectsChunkLengthAbove2To31() {
        var bytes = valid
        bytes.replaceSubrange(8..<12, with: TestPNG.be32(0x8000_0000))
        #expect(TestPNG.error(bytes) == .chunkTooLong(chunk: "IHDR", offset: 8, length: 0x8000_0000))
    }

    @Test func rejectsNonLetterChunkType() {
        var bytes = valid
        bytes[13] = 0x31
        #expect(TestPNG.error(bytes) == .invalidChunkType(offset: 8))
    }

    @Test func rejectsUnknownCriticalChunk() {
        var chunks = TestPNG.chunks(valid)
        chunks.insert(TestPNG.Chunk(type: "CUST", data: []), at: 1)
        guard case .unknownCriticalChunk("CUST", _)? = TestPNG.error(TestPNG.file(chunks)) else {
            Issue.record("expected unknownCriticalChunk")
            return
        }
    }

    @Test func rejectsBadHeaderFields() {
        func error(_ header: [UInt8]) -> PNGError? {
            TestPNG.error(TestPNG.file([TestPNG.Chunk(type: "IHDR", data: header), TestPNG.Chunk(type: "IEND", data: [])]))
        }
        let size = TestPNG.be32(4) + TestPNG.be32(4)
        #expect(error(TestPNG.be32(0) + TestPNG.be32(4) + [8, 0, 0, 0, 0]) == .invalidHeader(field: "width", value: 0))
        #expect(error(TestPNG.be32(4) + TestPNG.be32(0x8000_0000) + [8, 0, 0, 0, 0]) == .invalidHeader(field: "height", value: 0x8000_0000))
        #expect(error(size + [8, 5, 0, 0, 0]) == .invalidHeader(field: "colour type", value: 5))
        #expect(error(size + [3, 0, 0, 0, 0]) == .invalidHeader(field: "bit depth (colour type 0)", value: 3))
        #expect(error(size + [4, 2, 0, 0, 0]) == .invalidHeader(field: "bit depth (colour type 2)", value: 4))
        #expect(error(size + [16, 3, 0, 0, 0]) == .invalidHeader(field: "bit depth (colour type 3)", value: 16))
        #expect(error(size + [8, 0, 1, 0, 0]) == .invalidHeader(field: "compression method", value: 1))
        #expect(error(size + [8, 0, 0, 1, 0]) == .invalidHeader(field: "filter method", value: 1))
        #expect(error(size + [8, 0, 0, 0, 2]) == .invalidHeader(field: "interlace method", value: 2))
        #expect(error(size + [8, 0, 0, 0]) == .invalidChunkData(chunk: "IHDR", reason: "length 12, expected 13"))
    }

    @Test func rejectsImagesBeyondPixmapLimitsBeforeInflating() throws {
        for (w, h) in [(Pixmap.maxDimension + 1, 1), (1, Pixmap.maxDimension + 1), (20_000, 20_000)] {
            let bytes = try TestPNG.image(TestPNG.ihdr(width: w, height: h), scanlines: [0, 0])
            #expect(TestPNG.error(bytes) == .imageTooLarge(width: w, height: h))
        }
    }

    @Test func hugeDeclaredImageWithLittleDataFailsAsTooLittle() throws {
        // 16384² RGBA16 is within the limits; two bytes of data must not make it allocate 2 GiB.
        let header = TestPNG.ihdr(width: 16_384, height: 16_384, depth: 16, colorType: 6)
        let bytes = try TestPNG.image(header, scanlines: [0, 0])
        #expect(TestPNG.error(bytes) == .tooLittleImageData(expected: 16_384 * (1 + 16_384 * 8), actual: 2))
    }

    @Test func rejectsTooMuchAndTooLittleImageData() throws {
        let header = TestPNG.ihdr(width: 2, height: 2)  // 2 rows × (1 + 2) bytes
        #expect(TestPNG.error(try TestPNG.image(header, scanlines: [0, 1, 2, 0, 3, 4, 9])) == .tooMuchImageData(expected: 6))
        #expect(TestPNG.error(try TestPNG.image(header, scanlines: [0, 1, 2, 0, 3])) == .tooLittleImageData(expected: 6, actual: 5))
        #expect(try TestPNG.decode(TestPNG.image(header, scanlines: [0, 1, 2, 0, 3, 4])).data.count == 16)
    }

    @Test func rejectsTruncatedAndCorruptCompressedStreams() throws {
        let header = TestPNG.ihdr(width: 2, height: 2)
        let compressed = try Zlib.compress([0, 1, 2, 0, 3, 4], level: 6)
        func file(_ data: [UInt8]) -> [UInt8] {
            TestPNG.file([header, TestPNG.Chunk(type: "IDAT", data: data), TestPNG.Chunk(type: "IEND", data: [])])
        }
        // All pixels present but the Adler-32 trailer cut off.
        guard case .zlib? = TestPNG.error(file(Array(compressed.dropLast(4)))) else {
            Issue.record("expected a zlib error for a stream without its end")
            return
        }
        guard case .zlib(let code, _)? = TestPNG.error(file([0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF])) else {
            Issue.record("expected a zlib error for garbage")
            return
        }
        #expect(code == Z_DATA_ERROR)
        #expect(TestPNG.error(file(Array(compressed.prefix(2)))) == .tooLittleImageData(expected: 6, actual: 0))
    }

    @Test func rejectsUnknownFilterType() throws {
        let bytes = try TestPNG.image(TestPNG.ihdr(width: 2, height: 2), scanlines: [0, 1, 2, 5, 3, 4])
        #expect(TestPNG.error(bytes) == .invalidFilterType(5, row: 1, pass: 0))
    }

    @Test func paletteErrors() throws {
        let header = TestPNG.ihdr(width: 2, height: 1, colorType: 3)
        let palette = TestPNG.Chunk(type: "PLTE", data: [255, 0, 0, 0, 255, 0])
        #expect(TestPNG.error(try TestPNG.image(header, scanlines: [0, 1, 5], before: [palette]))
                == .paletteIndexOutOfRange(index: 5, paletteCount: 2))
        #expect(TestPNG.error(try TestPNG.image(header, scanlines: [0, 1, 0])) == .missingChunk("PLTE"))
        let badLength = TestPNG.Chunk(type: "PLTE", data: [1, 2, 3, 4])
        #expect(TestPNG.error(try TestPNG.image(header, scanlines: [0, 1, 0], before: [badLength]))
                == .invalidChunkData(chunk: "PLTE", reason: "length 4 is not 3 × 1...256"))
        let ok = try TestPNG.decode(TestPNG.image(header, scanlines: [0, 1, 0], before: [palette]))
        #expect(ok[0, 0] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255) && ok[1, 0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func chunkOrderErrors() throws {
        let greyHeader = TestPNG.ihdr(width: 1, height: 1)
        let palette = TestPNG.Chunk(type: "PLTE", data: [1, 2, 3])
        guard case .misplacedChunk("PLTE", _, _)? = TestPNG.error(try TestPNG.image(greyHeader, scanlines: [0, 9], before: [palette])) else {
            Issue.record("PLTE in a grey image must be rejected")
            return
        }
        let idat = TestPNG.Chunk(type: "IDAT", data: try Zlib.compress([0, 9], level: 6))
        let end = TestPNG.Chunk(type: "IEND", data: [])
        let text = TestPNG.Chunk(type: "tEXt", data: Array("a\u{0}b".utf8))
        let empty = TestPNG.Chunk(type: "IDAT", data: [])
        guard case .misplacedChunk("IDAT", _, _)? = TestPNG.error(TestPNG.file([greyHeader, idat, text, empty, end])) else {
            Issue.record("split IDAT runs must be rejected")
            return
        }
        guard case .misplacedChunk("IHDR", _, _)? = TestPNG.error(TestPNG.file([greyHeader, greyHeader, idat, end])) else {
            Issue.record("a second IHDR must be rejected")
            return
        }
        guard case .misplacedChunk("tEXt", _, _)? = TestPNG.error(TestPNG.file([text, greyHeader, idat, end])) else {
            Issue.record("IHDR must come first")
            return
        }
        #expect(TestPNG.error(TestPNG.file([greyHeader, idat])) == .missingChunk("IEND"))
        #expect(TestPNG.error(TestPNG.file([greyHeader, end])) == .missingChunk("IDAT"))
        #expect(TestPNG.error(TestPNG.signature) == .missingChunk("IHDR"))
    }

    @Test func transparencyLengthIsChecked() throws {
        let trns = TestPNG.Chunk(type: "tRNS", data: [0, 1, 2])
        #expect(TestPNG.error(try TestPNG.image(TestPNG.ihdr(width: 1, height: 1), scanlines: [0, 9], before: [trns]))
                == .invalidChunkData(chunk: "tRNS", reason: "length 3 for a grey image, expected 2"))
        #expect(TestPNG.error(try TestPNG.image(TestPNG.ihdr(width: 1, height: 1, colorType: 2), scanlines: [0, 9, 9, 9], before: [trns]))
                == .invalidChunkData(chunk: "tRNS", reason: "length 3 for an RGB image, expected 6"))
    }

    @Test func everyErrorDescribesItself() {
        let errors: [PNGError] = [
            .badSignature, .truncatedChunk(chunk: nil, offset: 8), .crcMismatch(chunk: "IDAT", offset: 33, stored: 1, computed: 2),
            .imageTooLarge(width: 1, height: 40_000), .zlib(code: -3, message: "invalid distance"),
        ]
        #expect(errors[1].description == "chunk header truncated at offset 8")
        #expect(errors[2].description == "CRC mismatch in chunk IDAT at offset 33: stored 0x00000001, computed 0x00000002")
        #expect(errors.allSatisfy { !$0.description.isEmpty })
    }
}

/// A small deterministic generator (SplitMix64) so fuzz cases are reproducible.
typealias SplitMix64 = FuzzRandom

@Suite struct PNGDecoderFuzzTests {
    /// Recomputes the CRC of every chunk whose frame still parses, so mutations reach the
    /// header, palette, zlib and filter layers instead of all failing the CRC check.
    static func repairCRCs(_ bytes: inout [UInt8]) {
        var i = 8
        while i + 12 <= bytes.count {
            let n = Int(TestPNG.read32(bytes, i))
            guard n <= bytes.count - i - 12 else { return }
            let crc = CRC32.checksum(bytes[(i + 4)..<(i + 8 + n)])
            bytes.replaceSubrange((i + 8 + n)..<(i + 12 + n), with: TestPNG.be32(crc))
            i += 12 + n
        }
    }

    static func mutate(_ original: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = original
        switch rng.next() % 5 {
        case 0, 1:
            for _ in 0..<(1 + rng.next() % 4) {
                bytes[8 + Int(rng.next() % UInt64(bytes.count - 8))] = UInt8(truncatingIfNeeded: rng.next())
            }
        case 2:
            bytes.removeSubrange(Int(rng.next() % UInt64(bytes.count))...)
        case 3:
            let at = Int(rng.next() % UInt64(bytes.count))
            bytes.insert(contentsOf: (0..<(1 + rng.next() % 16)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
        default:
            let from = Int(rng.next() % UInt64(bytes.count))
            let to = min(bytes.count, from + 1 + Int(rng.next() % 64))
            bytes.insert(contentsOf: bytes[from..<to], at: Int(rng.next() % UInt64(bytes.count)))
        }
        if rng.next() % 4 != 0 { repairCRCs(&bytes) }
        return bytes
    }

    @Test(arguments: ["rgba-8-adam7", "palette-2-trns", "grey-16-trns", "filters-all-grey-2", "rgb-16-trns", "idat-split-odd"])
    func mutatedFilesNeverCrash(_ name: String) throws {
        let original = try PNGFixture.png(name)
        var rng = SplitMix64(state: UInt64(name.utf8.count) &* 7919 &+ 1)
        var failures = 0, successes = 0
        for _ in 0..<400 {
            let bytes = Self.mutate(original, &rng)
            do {
                let pixmap = try TestPNG.decode(bytes)
                successes += 1
                #expect(pixmap.data.count == pixmap.width * pixmap.height * 4)
                // Whatever the bytes, the output is valid premultiplied RGBA.
                let invalid = stride(from: 0, to: pixmap.data.count, by: 4).contains { i in
                    max(pixmap.data[i], pixmap.data[i + 1], pixmap.data[i + 2]) > pixmap.data[i + 3]
                }
                #expect(!invalid)
            } catch {
                failures += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(failures + successes == 400)
        #expect(failures > 100, "mutations should mostly be rejected")
    }
}

@Suite struct ZlibTests {
    @Test func compressThenInflateOverSplitPieces() throws {
        var rng = SplitMix64(state: 42)
        let input = (0..<5000).map { (i: Int) -> UInt8 in i % 7 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(i % 251) }
        let compressed = try Zlib.compress(input, level: 6)
        #expect(compressed.count < input.count)
        let cuts = [0, 1, 1, 10, compressed.count / 2, compressed.count]
        let pieces = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
        #expect(try Zlib.inflate(compressed, pieces: pieces, expectedCount: input.count) == input)
        #expect(throws: PNGError.tooMuchImageData(expected: 4999)) {
            try Zlib.inflate(compressed, pieces: [0..<compressed.count], expectedCount: 4999)
        }
        #expect(throws: PNGError.tooLittleImageData(expected: 5001, actual: 5000)) {
            try Zlib.inflate(compressed, pieces: [0..<compressed.count], expectedCount: 5001)
        }
    }

    @Test func bytesAfterTheStreamEndAreIgnored() throws {
        let compressed = try Zlib.compress([1, 2, 3], level: 6) + [0xAA, 0xBB]
        #expect(try Zlib.inflate(compressed, pieces: [0..<compressed.count], expectedCount: 3) == [1, 2, 3])
    }
}
