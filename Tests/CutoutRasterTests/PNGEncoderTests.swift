import Foundation
import Testing
@testable import CutoutRaster

/// Writes encoder output for scripts/make_png_fixtures.py --check-swift-output, which validates
/// it with Pillow. Does nothing unless CUTOUT_PNG_EXPORT_DIR is set.
enum PNGExport {
    static var directory: URL? {
        ProcessInfo.processInfo.environment["CUTOUT_PNG_EXPORT_DIR"].map { URL(fileURLWithPath: $0) }
    }

    static func write(_ name: String, _ contents: Data) throws {
        guard let directory else { return }
        try contents.write(to: directory.appendingPathComponent(name))
    }
}

@Suite struct PNGEncoderTests {
    /// Every valid premultiplied (colour, alpha) pair, colours varied per channel.
    static func everyValidPixel() throws -> Pixmap {
        var pixmap = try Pixmap(width: 256, height: 129)
        var i = 0
        for a in 0...255 {
            for p in 0...a {
                pixmap[i % 256, i / 256] = PremultipliedRGBA8(r: UInt8(p), g: UInt8(a - p), b: UInt8(p / 2), a: UInt8(a))
                i += 1
            }
        }
        return pixmap
    }

    static func colorType(_ png: Data) -> UInt8 { [UInt8](png)[25] }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("IEND".utf8)[...]) == 0xAE42_6082)
    }

    @Test func roundTripIsLosslessForEveryValidPremultipliedPixel() throws {
        let pixmap = try Self.everyValidPixel()
        let png = try pixmap.pngData()
        #expect(Self.colorType(png) == 6)
        let decoded = try Pixmap(pngData: png)
        #expect(decoded == pixmap)
        try PNGExport.write("still-every-valid-pixel.png", png)
        try PNGExport.write("still-every-valid-pixel.rgba", Data(pixmap.data))
    }

    @Test func invalidPixelsAreClampedAndClearOnesZeroed() throws {
        var pixmap = try Pixmap(width: 2, height: 1)
        pixmap[0, 0] = PremultipliedRGBA8(r: 200, g: 10, b: 0, a: 100)
        pixmap[1, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
        let decoded = try Pixmap(pngData: pixmap.pngData())
        // 200 > 100 un-premultiplies to 255 (clamped), which premultiplies back to 100.
        #expect(decoded[0, 0] == PremultipliedRGBA8(r: 100, g: 10, b: 0, a: 100))
        #expect(decoded[1, 0] == .transparent)
    }

    @Test func chooseTheSmallestExactColourType() throws {
        var grey = try Pixmap(width: 3, height: 2)
        grey.fill(PremultipliedRGBA8(r: 90, g: 90, b: 90, a: 255))
        var greyAlpha = grey
        greyAlpha[1, 1] = PremultipliedRGBA8(r: 20, g: 20, b: 20, a: 40)
        var rgb = grey
        rgb[2, 0] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255)
        var rgba = rgb
        rgba[0, 1] = .transparent
        for (pixmap, type) in [(grey, UInt8(0)), (greyAlpha, 4), (rgb, 2), (rgba, 6)] {
            let png = try pixmap.pngData()
            #expect(Self.colorType(png) == type)
            #expect([UInt8](png)[24] == 8)
            #expect(try Pixmap(pngData: png) == pixmap)
            try PNGExport.write("still-colour-type-\(type).png", png)
            try PNGExport.write("still-colour-type-\(type).rgba", Data(pixmap.data))
        }
    }

    @Test func chunkLayoutIsHeaderDensityDataEnd() throws {
        var pixmap = try Pixmap(width: 5, height: 4, scale: 2)
        pixmap.fill(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.5).premultiplied)
        let png = [UInt8](try pixmap.pngData())
        #expect(Array(png[0..<8]) == TestPNG.signature)
        let chunks = TestPNG.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "pHYs", "IDAT", "IEND"])
        #expect(chunks[1].data == TestPNG.be32(5669) + TestPNG.be32(5669) + [1])  // 144 dpi
        #expect(TestPNG.file(chunks) == png)  // every CRC is right
        #expect(try Pixmap(pngData: Data(png)).scale == 2)
    }

    @Test func rowsGetTheFilterThatFlattensThem() throws {
        // Rows are horizontal ramps (Sub makes them constant); after the first, every row
        // equals the one above (Up makes it zeros).
        var pixmap = try Pixmap(width: 40, height: 6)
        for y in 0..<6 {
            for x in 0..<40 {
                let v = UInt8(x * 6)
                pixmap[x, y] = PremultipliedRGBA8(r: v, g: 255 - v, b: v / 2, a: 255)
            }
        }
        let scanlines = PNGEncoder.filteredScanlines(pixmap, rect: PixelRect(minX: 0, minY: 0, maxX: 40, maxY: 6), format: .rgb)
        let filters = (0..<6).map { (row: Int) -> UInt8 in scanlines[row * (1 + 40 * 3)] }
        #expect(filters == [PNGFilter.sub.rawValue] + Array(repeating: PNGFilter.up.rawValue, count: 5))
    }

    /// `bytes` in the encoder's row layout: words in lane order, lanes past the end zero.
    static func withRowWords<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt64>) -> R) -> R {
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        for (i, byte) in bytes.enumerated() { words[i / 8] |= UInt64(byte) << (8 * UInt64(i % 8)) }
        return words.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The filters by their definitions in the PNG specification, zeros left of the first
    /// pixel and above the first row.
    static func referenceFilter(_ filter: PNGFilter, row: [UInt8], above: [UInt8], stride: Int) -> [UInt8] {
        row.indices.map { i in
            let x = Int(row[i]), a = i >= stride ? Int(row[i - stride]) : 0
            let b = Int(above[i]), c = i >= stride ? Int(above[i - stride]) : 0
            let predicted: Int
            switch filter {
            case .none: predicted = 0
            case .sub: predicted = a
            case .up: predicted = b
            case .average: predicted = (a + b) / 2
            case .paeth:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            }
            return UInt8(truncatingIfNeeded: x - predicted)
        }
    }

    /// Rows of `count` bytes: noise, flat runs with steps, and mostly-flat rows with sparse noise.
    static func sampleRow(_ kind: Int, count: Int, rng: inout SplitMix64) -> [UInt8] {
        (0..<count).map { i in
            switch kind {
            case 0: return UInt8(truncatingIfNeeded: rng.next())
            case 1: return UInt8(truncatingIfNeeded: i / 5 * 37)
            default: return rng.next() % 6 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : 200
            }
        }
    }

    @Test(arguments: PNGFilter.allCases, [1, 2, 3, 4, 7])
    func everyFilterMatchesItsDefinitionAndIsUndoneByTheDecoder(_ filter: PNGFilter, stride: Int) throws {
        var rng = SplitMix64(state: UInt64(filter.rawValue) * 31 + UInt64(stride))
        let rowBytes = stride * 7 + 13
        let rows = (0..<6).map { Self.sampleRow($0 % 3, count: rowBytes, rng: &rng) }
        var filtered: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let above = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: rowBytes)
            var out = [UInt8](repeating: 0, count: rowBytes)
            Self.withRowWords(row) { r in
                Self.withRowWords(above) { u in
                    PNGFilter.apply(filter, row: r, above: u, count: rowBytes, stride: stride, into: &out)
                }
            }
            #expect(out == Self.referenceFilter(filter, row: row, above: above, stride: stride))
            filtered += [filter.rawValue] + out
        }
        try PNGFilter.unfilter(&filtered, start: 0, rows: rows.count, rowBytes: rowBytes, stride: stride, pass: 0)
        let restored = (0..<rows.count).map { Array(filtered[($0 * (rowBytes + 1) + 1)..<(($0 + 1) * (rowBytes + 1))]) }
        #expect(restored == rows)
    }

    /// The one-pass choice is the first filter with the least sum of |signed byte| over the
    /// filtered row, for rows of every length mod 8 and every kind of content.
    @Test(arguments: [1, 2, 3, 4])
    func theChosenFilterHasTheLeastCost(stride: Int) {
        var rng = SplitMix64(state: 77 + UInt64(stride))
        for trial in 0..<300 {
            let count = 1 + trial % 41
            let row = Self.sampleRow(trial % 3, count: count, rng: &rng)
            let above = trial % 4 == 0 ? [UInt8](repeating: 0, count: count) : Self.sampleRow(trial / 3 % 3, count: count, rng: &rng)
            let costs = PNGFilter.allCases.map { filter in
                Self.referenceFilter(filter, row: row, above: above, stride: stride).reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
            }
            let chosen = Self.withRowWords(row) { r in
                Self.withRowWords(above) { u in PNGFilter.best(row: r, above: u, count: count, stride: stride) }
            }
            #expect(chosen == PNGFilter.allCases[costs.firstIndex(of: costs.min()!)!], "trial \(trial)")
        }
    }

    @Test func smoothImagesCompressWell() throws {
        var pixmap = try Pixmap(width: 128, height: 128)
        for y in 0..<128 {
            for x in 0..<128 {
                pixmap[x, y] = Color(red: CGFloat(x) / 127, green: CGFloat(y) / 127, blue: 0.5, alpha: 1).premultiplied
            }
        }
        let png = try pixmap.pngData()
        #expect(png.count < 128 * 128 * 3 / 20)
        #expect(try Pixmap(pngData: png) == pixmap)
        try PNGExport.write("still-gradient.png", png)
        try PNGExport.write("still-gradient.rgba", Data(pixmap.data))
    }

    @Test func decodesSuiteFixturesAndReencodesThemLosslessly() throws {
        for fixture in PNGFixture.all {
            let pixmap = try Pixmap(pngData: Data(try PNGFixture.png(fixture.name)))
            #expect(try Pixmap(pngData: pixmap.pngData()) == pixmap, "\(fixture.name)")
        }
    }
}
