import Foundation
import Testing
@testable import CutoutRaster

@Suite struct APNGTests {
    /// Three 6×4 frames: a moving opaque bar over a translucent background.
    static func frames() throws -> [Pixmap] {
        try (0..<3).map { i in
            var frame = try Pixmap(width: 6, height: 4)
            frame.fill(Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.5).premultiplied)
            for y in 0..<4 { frame[i * 2, y] = PremultipliedRGBA8(r: 250, g: 200, b: 0, a: 255) }
            frame[5, 3] = .transparent
            return frame
        }
    }

    @Test func chunkStructureAndSequenceNumbers() throws {
        let frames = try Self.frames()
        let png = [UInt8](try APNG.encode(frames: frames, frameDelay: 0.1, loopCount: 3))
        #expect([UInt8](png[0..<8]) == TestPNG.signature)
        let chunks = TestPNG.chunks(png)
        #expect(TestPNG.file(chunks) == png)  // every CRC is right, nothing trails
        #expect(chunks.map(\.type) == ["IHDR", "pHYs", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])

        let control = try #require(chunks.first { $0.type == "acTL" })
        #expect(control.data == TestPNG.be32(3) + TestPNG.be32(3))

        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { TestPNG.read32($0.data, 0) } == [0, 1, 2, 3, 4] as [UInt32])
        for frameControl in chunks.filter({ $0.type == "fcTL" }) {
            let d = frameControl.data
            #expect(d.count == 26)
            #expect(TestPNG.read32(d, 4) == 6 && TestPNG.read32(d, 8) == 4)  // full canvas
            #expect(TestPNG.read32(d, 12) == 0 && TestPNG.read32(d, 16) == 0)  // at the origin
            #expect(Array(d[20..<24]) == [0, 1, 0, 10] as [UInt8])  // 1/10 s
            #expect(Array(d[24..<26]) == [0, 0] as [UInt8])  // dispose none, blend source
        }
    }

    @Test func everyFrameDecodesToItsPixmap() throws {
        let frames = try Self.frames()
        let data = try APNG.encode(frames: frames, frameDelay: 0.25)
        // Decoders without APNG support see the first frame.
        #expect(try Pixmap(pngData: data) == frames[0])

        // Each later frame, re-wrapped as a plain PNG from its fdAT payload, is its pixmap.
        let chunks = TestPNG.chunks([UInt8](data))
        let header = try #require(chunks.first)
        let frameData = chunks.filter { $0.type == "fdAT" }
        #expect(frameData.count == frames.count - 1)
        for (i, chunk) in frameData.enumerated() {
            let png = TestPNG.file([header, TestPNG.Chunk(type: "IDAT", data: Array(chunk.data.dropFirst(4))), TestPNG.Chunk(type: "IEND", data: [])])
            #expect(try Pixmap(pngData: Data(png)) == frames[i + 1], "frame \(i + 1)")
        }

        try PNGExport.write("anim-bar.png", data)
        try PNGExport.write("anim-bar.txt", Data("frames=\(frames.count) duration_ms=250\n".utf8))
        for (i, frame) in frames.enumerated() {
            try PNGExport.write("anim-bar-frame\(i).rgba", Data(frame.data))
        }
    }

    @Test func singleFrameIsAValidAnimation() throws {
        let frame = try Self.frames()[1]
        let chunks = TestPNG.chunks([UInt8](try APNG.encode(frames: [frame], frameDelay: 1)))
        #expect(chunks.map(\.type) == ["IHDR", "pHYs", "acTL", "fcTL", "IDAT", "IEND"])
        #expect(chunks[2].data == TestPNG.be32(1) + TestPNG.be32(0))  // one frame, loop forever
    }

    @Test func rejectsBadInput() throws {
        let frames = try Self.frames()
        #expect(throws: APNGError.noFrames) { try APNG.encode(frames: [], frameDelay: 0.1) }
        let odd = try Pixmap(width: 5, height: 4)
        #expect(throws: APNGError.frameSizeMismatch(index: 1, width: 5, height: 4, expectedWidth: 6, expectedHeight: 4)) {
            try APNG.encode(frames: [frames[0], odd], frameDelay: 0.1)
        }
        for delay in [-0.1, .nan, .infinity, 70_000] {
            #expect(throws: APNGError.self) { try APNG.encode(frames: frames, frameDelay: delay) }
        }
        #expect(throws: APNGError.invalidLoopCount(-1)) { try APNG.encode(frames: frames, frameDelay: 0.1, loopCount: -1) }
    }

    @Test func delaysAreStoredAsExactSmallFractions() {
        func fraction(_ s: Double) -> [UInt16]? { APNG.delayFraction(s).map { [$0.numerator, $0.denominator] } }
        #expect(fraction(0.1) == [1, 10])
        #expect(fraction(2.5) == [25, 10])
        #expect(fraction(0.04) == [4, 100])
        #expect(fraction(0.001) == [1, 1000])
        #expect(fraction(0) == [0, 1])
        #expect(fraction(1.0 / 30) == [333, 10000])
        #expect(fraction(100.123456) == [10012, 100])  // the finest denominator that fits
        #expect(fraction(65535) == [65535, 1])
        #expect(fraction(-1) == nil)
    }
}
