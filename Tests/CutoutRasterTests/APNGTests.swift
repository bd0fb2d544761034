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

    /// The frames an APNG viewer shows: each frame's image data, decoded as a PNG of its
    /// rectangle's size, replaces that rectangle of the canvas (`dispose_op` none, `blend_op`
    /// source, the only ones the encoder writes).
    static func play(_ data: Data) throws -> [Pixmap] {
        let chunks = TestPNG.chunks([UInt8](data))
        let header = try #require(chunks.first { $0.type == "IHDR" })
        var canvas = try Pixmap(width: Int(TestPNG.read32(header.data, 0)), height: Int(TestPNG.read32(header.data, 4)))
        var shown: [Pixmap] = []
        var i = 0
        while let start = chunks[i...].firstIndex(where: { $0.type == "fcTL" }) {
            let control = chunks[start].data
            #expect(Array(control[24..<26]) == [0, 0] as [UInt8])  // dispose none, blend source
            let width = Int(TestPNG.read32(control, 4)), height = Int(TestPNG.read32(control, 8))
            let x0 = Int(TestPNG.read32(control, 12)), y0 = Int(TestPNG.read32(control, 16))
            var end = start + 1
            var payload: [TestPNG.Chunk] = []
            while end < chunks.count, chunks[end].type == "IDAT" || chunks[end].type == "fdAT" {
                let chunk = chunks[end]
                payload.append(TestPNG.Chunk(type: "IDAT", data: chunk.type == "IDAT" ? chunk.data : Array(chunk.data.dropFirst(4))))
                end += 1
            }
            var frameHeader = header
            frameHeader.data.replaceSubrange(0..<8, with: TestPNG.be32(UInt32(width)) + TestPNG.be32(UInt32(height)))
            let part = try TestPNG.decode(TestPNG.file([frameHeader] + payload + [TestPNG.Chunk(type: "IEND", data: [])]))
            for y in 0..<height {
                for x in 0..<width { canvas[x0 + x, y0 + y] = part[x, y] }
            }
            shown.append(canvas)
            i = end
        }
        return shown
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
        let frameControls = chunks.filter { $0.type == "fcTL" }.map(\.data)
        for d in frameControls {
            #expect(d.count == 26)
            #expect(Array(d[20..<24]) == [0, 1, 0, 10] as [UInt8])  // 1/10 s
            #expect(Array(d[24..<26]) == [0, 0] as [UInt8])  // dispose none, blend source
        }
        // Width, height, x, y: the first frame is the whole canvas; the bar moves from column 0
        // to 2 to 4, so each later frame is the three columns from the old bar to the new one.
        let rects = frameControls.map { d in (4..<8).map { TestPNG.read32(d, 4 * $0 - 12) } }
        #expect(rects == [[6, 4, 0, 0], [3, 4, 0, 0], [3, 4, 2, 0]] as [[UInt32]])
    }

    @Test func everyFrameDecodesToItsPixmap() throws {
        let frames = try Self.frames()
        let data = try APNG.encode(frames: frames, frameDelay: 0.25)
        // Decoders without APNG support see the first frame.
        #expect(try Pixmap(pngData: data) == frames[0])
        #expect(try Self.play(data) == frames)

        try Self.export("anim-bar", data, frames: frames, durationMs: 250)
    }

    /// Writes the file, its frames' pixels and its timing for `scripts/make_png_fixtures.py
    /// --check-swift-output`, where Pillow's APNG reader checks every frame.
    static func export(_ name: String, _ data: Data, frames: [Pixmap], durationMs: Int) throws {
        try PNGExport.write("\(name).png", data)
        try PNGExport.write("\(name).txt", Data("frames=\(frames.count) duration_ms=\(durationMs)\n".utf8))
        for (i, frame) in frames.enumerated() {
            try PNGExport.write("\(name)-frame\(i).rgba", Data(frame.data))
        }
    }

    @Test func framesCoverOnlyWhatChanged() throws {
        let base = try Self.frames()[0]
        var dot = base
        dot[4, 2] = PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 40)
        var corners = dot
        corners[0, 3] = .transparent
        corners[5, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        // Unchanged, one translucent pixel, the same again, back to the start, then two corners.
        let frames = [base, base, dot, dot, base, corners]
        let rects = frames.indices.map { APNG.changedRect(from: $0 > 0 ? frames[$0 - 1] : nil, to: frames[$0]) }
        #expect(rects == [PixelRect(minX: 0, minY: 0, maxX: 6, maxY: 4), PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1),
                          PixelRect(minX: 4, minY: 2, maxX: 5, maxY: 3), PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1),
                          PixelRect(minX: 4, minY: 2, maxX: 5, maxY: 3), PixelRect(minX: 0, minY: 0, maxX: 6, maxY: 4)])
        // A translucent frame over an opaque one, and back: each frame replaces alpha too.
        let data = try APNG.encode(frames: frames, frameDelay: 0.1)
        #expect(try Self.play(data) == frames)
        try Self.export("anim-changes", data, frames: frames, durationMs: 100)
    }

    @Test func longerAnimationPlaysBackExactly() throws {
        // A disc sliding and fading over a gradient: rectangles of every size, partial rows,
        // and frames that end where the canvas does.
        let frames = try (0..<8).map { i in
            var frame = try Pixmap(width: 23, height: 17)
            for y in 0..<17 {
                for x in 0..<23 { frame[x, y] = PremultipliedRGBA8(r: UInt8(x * 11), g: UInt8(y * 15), b: 90, a: 255) }
            }
            let cx = 3 * i, cy = 2 * i, alpha = 255 - 30 * i
            for y in 0..<17 {
                for x in 0..<23 where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 9 {
                    let v = UInt8(alpha / 2)
                    frame[x, y] = PremultipliedRGBA8(r: v, g: v, b: UInt8(alpha), a: UInt8(alpha))
                }
            }
            return frame
        }
        let data = try APNG.encode(frames: frames, frameDelay: 0.05)
        #expect(try Self.play(data) == frames)
        try Self.export("anim-disc", data, frames: frames, durationMs: 50)
        let encodedPixels = TestPNG.chunks([UInt8](data)).filter { $0.type == "fcTL" }
            .map { Int(TestPNG.read32($0.data, 4)) * Int(TestPNG.read32($0.data, 8)) }
        // The first frame is whole; the others only the disc's old and new places.
        #expect(encodedPixels[0] == 23 * 17)
        #expect(encodedPixels.dropFirst().allSatisfy { $0 <= 10 * 9 })
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
