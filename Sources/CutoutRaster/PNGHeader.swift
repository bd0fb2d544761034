/// The fields of a PNG's IHDR chunk, validated, and the scanline geometry they imply.
struct PNGHeader: Hashable, Sendable {
    enum ColorType: UInt8, Sendable {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        var allowedBitDepths: [Int] {
            switch self {
            case .grey: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: return [8, 16]
            }
        }
    }

    /// One sub-image of the scanline data: the whole image, or one of Adam7's seven passes.
    struct Pass: Sendable {
        let index: Int
        let xStart: Int, yStart: Int, xStep: Int, yStep: Int
        let width: Int, height: Int
    }

    static let adam7: [(xStart: Int, yStart: Int, xStep: Int, yStep: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: ColorType
    let interlaced: Bool

    init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }

    /// Parses and checks a 13-byte IHDR payload. The size is checked against the Pixmap limits
    /// here, before anything is allocated for the image.
    init(chunkData d: ArraySlice<UInt8>) throws(PNGError) {
        guard d.count == 13 else { throw .invalidChunkData(chunk: "IHDR", reason: "length \(d.count), expected 13") }
        let bytes = Array(d)
        let w = Int(bytes.pngUInt32(at: 0)), h = Int(bytes.pngUInt32(at: 4))
        guard w > 0, w <= PNGChunk.maxLength else { throw .invalidHeader(field: "width", value: w) }
        guard h > 0, h <= PNGChunk.maxLength else { throw .invalidHeader(field: "height", value: h) }
        guard w <= Pixmap.maxDimension, h <= Pixmap.maxDimension, w * h <= Pixmap.maxPixelCount else {
            throw .imageTooLarge(width: w, height: h)
        }
        guard let type = ColorType(rawValue: bytes[9]) else {
            throw .invalidHeader(field: "colour type", value: Int(bytes[9]))
        }
        let depth = Int(bytes[8])
        guard type.allowedBitDepths.contains(depth) else {
            throw .invalidHeader(field: "bit depth (colour type \(type.rawValue))", value: depth)
        }
        guard bytes[10] == 0 else { throw .invalidHeader(field: "compression method", value: Int(bytes[10])) }
        guard bytes[11] == 0 else { throw .invalidHeader(field: "filter method", value: Int(bytes[11])) }
        guard bytes[12] <= 1 else { throw .invalidHeader(field: "interlace method", value: Int(bytes[12])) }
        self.init(width: w, height: h, bitDepth: depth, colorType: type, interlaced: bytes[12] == 1)
    }

    /// The 13-byte IHDR payload.
    var chunkData: [UInt8] {
        var d: [UInt8] = []
        d.appendPNGBigEndian(UInt32(width))
        d.appendPNGBigEndian(UInt32(height))
        d += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        return d
    }

    var bitsPerPixel: Int { bitDepth * colorType.channels }

    /// The byte distance to the corresponding byte of the previous pixel, as filters use it.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one scanline of `pixels` pixels, filter byte excluded.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// The non-empty sub-images in file order.
    var passes: [Pass] {
        guard interlaced else {
            return [Pass(index: 0, xStart: 0, yStart: 0, xStep: 1, yStep: 1, width: width, height: height)]
        }
        return PNGHeader.adam7.enumerated().compactMap { i, p in
            let w = width > p.xStart ? (width - p.xStart + p.xStep - 1) / p.xStep : 0
            let h = height > p.yStart ? (height - p.yStart + p.yStep - 1) / p.yStep : 0
            guard w > 0, h > 0 else { return nil }
            return Pass(index: i + 1, xStart: p.xStart, yStart: p.yStart, xStep: p.xStep, yStep: p.yStep, width: w, height: h)
        }
    }

    /// The exact number of bytes the decompressed image data must have: every pass's rows with
    /// their filter bytes. At most about 8.6 GB for the largest accepted image, so no overflow.
    var scanlineDataCount: Int {
        passes.reduce(0) { $0 + $1.height * (1 + rowBytes(pixels: $1.width)) }
    }
}
