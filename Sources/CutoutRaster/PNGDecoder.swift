import Foundation

extension Pixmap {
    /// Decodes a PNG file into premultiplied RGBA8 pixels.
    ///
    /// Reads every standard form: bit depths 1, 2, 4, 8, 16; grey, RGB, palette, grey + alpha
    /// and RGBA; tRNS transparency; Adam7 interlacing; all five filters; image data split over
    /// any number of IDAT chunks. Each chunk's CRC is checked. Ancillary chunks are skipped
    /// (APNG animation chunks included: the result is the default image), except that `pHYs`
    /// stating 72·k dpi for k in 1...4 (as ``pngData()`` writes for integral scales) sets
    /// ``scale`` to k; any other density leaves it 1. Gamma and colour-profile chunks (gAMA,
    /// cHRM, sRGB, iCCP) are ignored: samples are taken as sRGB.
    ///
    /// Conversion: grey of depth 1, 2, 4 scales exactly (× 255, × 85, × 17); 16-bit samples
    /// round to nearest, `(v · 255 + 32767) / 65535`; a grey or RGB pixel whose raw samples equal
    /// the tRNS key is (0, 0, 0, 0); palette tRNS gives per-entry alpha (entries past its end
    /// opaque, values past the palette's end ignored). Colours are premultiplied on the 8-bit
    /// values, `(c · a + 127) / 255`, i.e. `c · a / 255` rounded to nearest.
    ///
    /// Safety: the declared size is checked against ``maxDimension`` and ``maxPixelCount``
    /// before anything is allocated for it, and decompression stops at the exact byte count
    /// the header implies. Corrupt or hostile data throws; it never traps.
    ///
    /// Complexity: O(file size + width × height).
    /// - Throws: ``PNGError`` naming the chunk, offset or field at fault.
    public init(pngData: Data) throws(PNGError) {
        self = try PNGDecoder.decode([UInt8](pngData))
    }
}

enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PNGError) -> Pixmap {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(PNGChunk.signature) else { throw .badSignature }
        var reader = PNGChunkReader(bytes: bytes, offset: 8)
        var header: PNGHeader?
        var palette: ArraySlice<UInt8>?
        var sawPalette = false
        var transparency: ArraySlice<UInt8>?
        var imageData: [Range<Int>] = []
        var imageDataEnded = false
        var scale: CGFloat = 1
        var sawEnd = false

        while !sawEnd, let chunk = try reader.next() {
            func misplaced(_ reason: String) -> PNGError {
                .misplacedChunk(chunk: chunk.type, offset: chunk.offset, reason: reason)
            }
            guard let ihdr = header else {
                guard chunk.type == "IHDR" else { throw misplaced("IHDR must come first") }
                header = try PNGHeader(chunkData: bytes[chunk.data])
                continue
            }
            if !imageData.isEmpty && chunk.type != "IDAT" { imageDataEnded = true }
            let data = bytes[chunk.data]
            switch chunk.type {
            case "IHDR":
                throw misplaced("a second IHDR")
            case "PLTE":
                guard !sawPalette else { throw misplaced("a second PLTE") }
                guard imageData.isEmpty else { throw misplaced("PLTE after IDAT") }
                guard ihdr.colorType != .grey && ihdr.colorType != .greyAlpha else { throw misplaced("PLTE in a greyscale image") }
                guard data.count % 3 == 0, (3...768).contains(data.count) else {
                    throw .invalidChunkData(chunk: "PLTE", reason: "length \(data.count) is not 3 × 1...256")
                }
                sawPalette = true
                // A palette in a truecolour image is only a quantisation hint.
                if ihdr.colorType == .palette { palette = data }
            case "tRNS":
                guard transparency == nil else { throw misplaced("a second tRNS") }
                guard imageData.isEmpty else { throw misplaced("tRNS after IDAT") }
                guard ihdr.colorType != .palette || sawPalette else { throw misplaced("tRNS before PLTE") }
                transparency = data
            case "pHYs":
                scale = PNGDecoder.scale(fromPhysicalDimensions: Array(data))
            case "IDAT":
                guard !imageDataEnded else { throw misplaced("IDAT chunks are not consecutive") }
                imageData.append(chunk.data)
            case "IEND":
                sawEnd = true
            default:
                if chunk.isCritical { throw .unknownCriticalChunk(chunk: chunk.type, offset: chunk.offset) }
            }
        }
        guard let header else { throw .missingChunk("IHDR") }
        guard !imageData.isEmpty else { throw .missingChunk("IDAT") }
        guard sawEnd else { throw .missingChunk("IEND") }

        let converter = try PNGPixelConverter(header: header, palette: palette, transparency: transparency)
        var scanlines = try Zlib.inflate(bytes, pieces: imageData, expectedCount: header.scanlineDataCount)
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var start = 0
        for pass in header.passes {
            let rowBytes = header.rowBytes(pixels: pass.width)
            try PNGFilter.unfilter(&scanlines, start: start, rows: pass.height, rowBytes: rowBytes,
                                   stride: header.filterStride, pass: pass.index)
            let failure: PNGError? = scanlines.withUnsafeBufferPointer { src in
                pixels.withUnsafeMutableBufferPointer { dst in
                    for row in 0..<pass.height {
                        let y = pass.yStart + row * pass.yStep
                        let rowStart = src.baseAddress! + start + row * (rowBytes + 1) + 1
                        let first = dst.baseAddress! + (y * header.width + pass.xStart) * 4
                        if let error = converter.convertRow(rowStart, pixels: pass.width, into: first, step: pass.xStep * 4) {
                            return error
                        }
                    }
                    return nil
                }
            }
            if let failure { throw failure }
            start += pass.height * (rowBytes + 1)
        }
        do {
            return try Pixmap(width: header.width, height: header.height, scale: scale, data: pixels)
        } catch {
            // The header check already enforced the Pixmap limits.
            throw .imageTooLarge(width: header.width, height: header.height)
        }
    }

    /// The scale a pHYs chunk implies: k when it states 72·k dpi (± 1 pixel per metre of the
    /// value ``Pixmap/pngData()`` writes) with equal axes in metres, for k in 1...4; else 1.
    static func scale(fromPhysicalDimensions d: [UInt8]) -> CGFloat {
        guard d.count == 9, d[8] == 1 else { return 1 }
        let x = d.pngUInt32(at: 0), y = d.pngUInt32(at: 4)
        guard x == y else { return 1 }
        for k in 1...4 where abs(Int(x) - PNGEncoder.pixelsPerMetre(scale: CGFloat(k))) <= 1 {
            return CGFloat(k)
        }
        return 1
    }
}
