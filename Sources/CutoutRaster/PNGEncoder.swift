import Foundation

extension Pixmap {
    /// The pixmap as an 8-bit PNG file.
    ///
    /// Pixels are un-premultiplied (`p · 255 / a` rounded to nearest; colour 0 where alpha is 0).
    /// The smallest exact colour type is chosen: grey when every pixel has r = g = b, without
    /// an alpha channel when every pixel is opaque. Each row gets the filter whose output has the
    /// least sum of absolute (signed) byte values; zlib compresses at level 6. A `pHYs` chunk
    /// records 72 × ``scale`` dpi.
    ///
    /// Round trip: `Pixmap(pngData: pngData())` gives back exactly the same bytes for every
    /// valid premultiplied pixel (each colour ≤ alpha): un-premultiplying to the nearest straight
    /// value lands within 0.5 · a / 255 of the original, so premultiplying again rounds back. A
    /// pixel with alpha 0 comes back as (0, 0, 0, 0); invalid pixels (colour > alpha) are clamped.
    ///
    /// Complexity: O(width × height), dominated by zlib.
    /// - Throws: ``PNGError/zlib(code:message:)`` if zlib cannot compress (out of memory).
    public func pngData() throws(PNGError) -> Data {
        let format = PNGEncoder.Format(for: [self])
        var writer = PNGChunkWriter()
        writer.append("IHDR", format.header(width: width, height: height).chunkData)
        writer.append("pHYs", PNGEncoder.physicalDimensions(scale: scale))
        PNGEncoder.appendImageData(try PNGEncoder.compressedImage(self, format: format)) { writer.append("IDAT", $0) }
        writer.append("IEND", [])
        return Data(writer.bytes)
    }
}

package enum PNGEncoder {
    /// Image data is split into chunks of this size.
    static let maxChunkData = 1 << 20

    /// The 8-bit colour type a set of pixmaps can be written in without loss.
    package enum Format: Sendable {
        case grey, greyAlpha, rgb, rgba

        package init(for pixmaps: [Pixmap]) {
            var opaque = true, grey = true
            for pixmap in pixmaps {
                pixmap.data.withUnsafeBufferPointer { buffer in
                    // A pointer and a local count: in a debug build a buffer's subscript checks
                    // its bounds and `count` is a call.
                    let d = buffer.baseAddress!, count = buffer.count
                    var i = 0
                    while i < count && (opaque || grey) {
                        if d[i + 3] != 255 { opaque = false }
                        if d[i] != d[i + 1] || d[i] != d[i + 2] { grey = false }
                        i += 4
                    }
                }
            }
            switch (grey, opaque) {
            case (true, true): self = .grey
            case (true, false): self = .greyAlpha
            case (false, true): self = .rgb
            case (false, false): self = .rgba
            }
        }

        var colorType: PNGHeader.ColorType {
            switch self {
            case .grey: return .grey
            case .greyAlpha: return .greyAlpha
            case .rgb: return .rgb
            case .rgba: return .rgba
            }
        }

        func header(width: Int, height: Int) -> PNGHeader {
            PNGHeader(width: width, height: height, bitDepth: 8, colorType: colorType, interlaced: false)
        }
    }

    /// The filtered, zlib-compressed scanlines of `pixmap` in `format`.
    package static func compressedImage(_ pixmap: Pixmap, format: Format) throws(PNGError) -> [UInt8] {
        try compressedImage(pixmap, rect: PixelRect(minX: 0, minY: 0, maxX: pixmap.width, maxY: pixmap.height), format: format)
    }

    /// The filtered, zlib-compressed scanlines of the part of `pixmap` in `rect` (inside its
    /// bounds, not empty): an image of `rect`'s size.
    static func compressedImage(_ pixmap: Pixmap, rect: PixelRect, format: Format) throws(PNGError) -> [UInt8] {
        try Zlib.compress(filteredScanlines(pixmap, rect: rect, format: format), level: 6)
    }

    /// Every row of `rect` in `pixmap` converted to straight samples in `format` and filtered
    /// with the filter that minimises the sum of absolute signed bytes (the heuristic the PNG
    /// specification suggests).
    static func filteredScanlines(_ pixmap: Pixmap, rect: PixelRect, format: Format) -> [UInt8] {
        precondition(!rect.isEmpty && rect.minX >= 0 && rect.minY >= 0 && rect.maxX <= pixmap.width && rect.maxY <= pixmap.height,
                     "the rect must be a non-empty part of the pixmap")
        let channels = format.colorType.channels
        let width = rect.width, height = rect.height
        let rowBytes = width * channels
        let line = rowBytes + 1
        let rowWords = (rowBytes + 7) / 8
        // This row and the one above in the word layout PNGFilter.best reads; zeros above the first.
        let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * rowWords)
        rows.initialize(repeating: 0, count: 2 * rowWords)
        defer { rows.deallocate() }
        var above = rows, current = rows + rowWords
        return pixmap.data.withUnsafeBufferPointer { d in
            [UInt8](unsafeUninitializedCapacity: height * line) { out, initialized in
                for y in 0..<height {
                    straightRow(d.baseAddress! + ((rect.minY + y) * pixmap.width + rect.minX) * 4, pixels: width, format: format, into: current)
                    let filter = PNGFilter.best(row: current, above: above, count: rowBytes, stride: channels)
                    out[y * line] = filter.rawValue
                    PNGFilter.apply(filter, row: current, above: above, count: rowBytes, stride: channels,
                                    into: out.baseAddress! + y * line + 1)
                    swap(&above, &current)
                }
                initialized = height * line
            }
        }
    }

    /// Writes `pixels` premultiplied RGBA8 pixels as straight samples in `format`, packed into
    /// words in lane order (byte `i` of the row is lane `i % 8` of word `i / 8`).
    private static func straightRow(_ pixel: UnsafePointer<UInt8>, pixels: Int, format: Format, into words: UnsafeMutablePointer<UInt64>) {
        let bits = UInt64(8 * format.colorType.channels)
        var word: UInt64 = 0, filled: UInt64 = 0, sample: UInt64 = 0
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        var i = 0, w = 0
        let end = 4 * pixels
        while i < end {
            r = pixel[i]; g = pixel[i + 1]; b = pixel[i + 2]; a = pixel[i + 3]
            // An opaque pixel is its own straight colour; only translucent ones need a division.
            if a != 255 {
                r = PNGPixelConverter.unpremultiply(r, a)
                g = PNGPixelConverter.unpremultiply(g, a)
                b = PNGPixelConverter.unpremultiply(b, a)
            }
            switch format {
            case .grey: sample = UInt64(r)
            case .greyAlpha: sample = UInt64(r) | UInt64(a) &<< 8
            case .rgb: sample = UInt64(r) | UInt64(g) &<< 8 | UInt64(b) &<< 16
            case .rgba: sample = UInt64(r) | UInt64(g) &<< 8 | UInt64(b) &<< 16 | UInt64(a) &<< 24
            }
            word |= sample &<< filled
            filled &+= bits
            if filled >= 64 {
                words[w] = word
                w += 1
                filled &-= 64
                // The sample's bytes that did not fit; none when it ended the word.
                word = sample &>> (bits &- filled)
            }
            i += 4
        }
        if filled > 0 { words[w] = word }
    }

    /// Hands `compressed` to `write` in pieces of at most ``maxChunkData`` bytes.
    static func appendImageData(_ compressed: [UInt8], _ write: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        repeat {
            let end = min(start + maxChunkData, compressed.count)
            write(compressed[start..<end])
            start = end
        } while start < compressed.count
    }

    /// 72 dpi × `scale` in pixels per metre, rounded; 72 dpi for a non-finite or absurd scale.
    static func pixelsPerMetre(scale: CGFloat) -> Int {
        let s = scale.isFinite && scale > 0 && scale <= 1000 ? scale : 1
        return Int((72 * s / 0.0254).rounded())
    }

    /// A pHYs payload: equal axes, unit metre.
    static func physicalDimensions(scale: CGFloat) -> [UInt8] {
        var d: [UInt8] = []
        let ppm = UInt32(pixelsPerMetre(scale: scale))
        d.appendPNGBigEndian(ppm)
        d.appendPNGBigEndian(ppm)
        d.append(1)
        return d
    }
}
