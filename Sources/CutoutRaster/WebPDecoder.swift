import Foundation

extension Pixmap {
    /// Decodes a lossless WebP image into premultiplied RGBA8 pixels.
    ///
    /// Reads the RIFF container's simple format (a `VP8L` chunk) and extended format (`VP8X`,
    /// then chunks up to the `VP8L` one; an `ALPH` chunk, which only lossy images use, colour
    /// profiles and metadata are ignored), and the whole lossless bit stream: prefix codes
    /// (simple and code-length coded), the colour cache, LZ77 backward references, meta
    /// prefix codes, and the predictor (all 14 modes), cross-colour, subtract-green and
    /// colour-indexing (with pixel bundling) transforms. The pixels are exactly libwebp's,
    /// premultiplied by `c · a / 255` rounded to nearest.
    ///
    /// Lossy images (`VP8 `) and animations throw ``WebPError/unsupported(_:)``.
    ///
    /// Safety: the image's size is checked against ``maxDimension`` and ``maxPixelCount``
    /// (and the extended format's canvas must match the bit stream's size); every chunk length
    /// is checked against the data, and the data must hold the whole RIFF form its header
    /// declares; prefix codes must be complete (or have a single symbol); backward references
    /// must stay within the pixels decoded so far and the image. The pixels grow as the bit
    /// stream yields them, so a short stream claiming a large image fails before much is
    /// allocated — but a valid stream can spend no bits on a pixel (a single-symbol code), so
    /// a file of a few dozen bytes may legitimately describe, and allocate, the largest image.
    /// Only the prefix code groups that some block uses are kept.
    ///
    /// Memory: the decoded pixels as 32-bit ARGB (twice while colour indexing unpacks them),
    /// then the result, 4 bytes a pixel each.
    ///
    /// Complexity: O(data length + width × height).
    /// - Throws: ``WebPError``, notably ``WebPError/truncated(offset:)`` when the data ends
    ///   before every pixel is decoded.
    public init(webPData: Data) throws(WebPError) {
        self = try WebPDecoder(bytes: [UInt8](webPData)).decode()
    }
}

/// The RIFF container of a WebP file (RFC 9649, section 2): finds the lossless bit stream and
/// checks what surrounds it.
struct WebPDecoder {
    private let bytes: [UInt8]
    /// The most pixels the image may have: ``Pixmap/maxPixelCount``, or less so that fuzzing
    /// stays within its memory and time limits.
    private let maxPixelCount: Int

    init(bytes: [UInt8], maxPixelCount: Int = Pixmap.maxPixelCount) {
        self.bytes = bytes
        self.maxPixelCount = min(maxPixelCount, Pixmap.maxPixelCount)
    }

    private func uint32(at i: Int) -> Int {
        Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24
    }

    private func uint24(at i: Int) -> Int {
        Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16
    }

    private func fourCC(at i: Int) -> String {
        String(decoding: bytes[i..<(i + 4)].map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    func decode() throws(WebPError) -> Pixmap {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            throw .badSignature
        }
        // The form's size counts from byte 8; data past it is not WebP's.
        let formSize = uint32(at: 4)
        guard formSize >= 4 else { throw .invalidData("the RIFF form's size is \(formSize), less than its WEBP tag") }
        guard formSize <= bytes.count - 8 else { throw .truncated(offset: bytes.count) }
        let end = 8 + formSize

        var i = 12
        var canvas: (width: Int, height: Int)?
        var first = true
        while true {
            guard i <= end - 8 else {
                if i < end { throw .truncated(offset: end) }
                throw .invalidData(canvas == nil ? "the RIFF form holds no chunk" : "the extended format holds no VP8L chunk")
            }
            let tag = fourCC(at: i), size = uint32(at: i + 4)
            guard size <= end - i - 8 else { throw .truncated(offset: end) }
            let payload = (i + 8)..<(i + 8 + size)
            switch tag {
            case "VP8L":
                return try lossless(payload, canvas: canvas)
            case "VP8 ":
                throw .unsupported("lossy VP8 image data (only lossless VP8L is decoded)")
            case "ANIM", "ANMF":
                throw .unsupported("animation (\(tag) chunk)")
            case "VP8X" where first:
                guard size >= 10 else { throw .invalidData("the VP8X chunk has \(size) bytes, fewer than 10") }
                let flags = bytes[payload.lowerBound]
                if flags & 0x02 != 0 { throw .unsupported("animation (VP8X animation flag)") }
                let width = uint24(at: payload.lowerBound + 4) + 1, height = uint24(at: payload.lowerBound + 7) + 1
                guard width <= Pixmap.maxDimension, height <= Pixmap.maxDimension, width * height <= maxPixelCount else {
                    throw .imageTooLarge(width: width, height: height)
                }
                canvas = (width, height)
            default:
                // Only the extended format has chunks other than the image's.
                guard canvas != nil else { throw .invalidData("the first chunk is \"\(tag)\", not VP8, VP8L or VP8X") }
            }
            first = false
            // Chunks are padded to an even length; the pad byte after the last may be missing.
            i = min(payload.upperBound + (size & 1), end)
        }
    }

    /// The image of the `VP8L` chunk's bit stream in `payload`; `canvas` is the extended
    /// format's size, which it must match.
    private func lossless(_ payload: Range<Int>, canvas: (width: Int, height: Int)?) throws(WebPError) -> Pixmap {
        var decoder = WebPLosslessDecoder(bytes: bytes, range: payload, maxPixelCount: maxPixelCount)
        let (width, height) = try decoder.header()
        if let canvas, canvas != (width, height) {
            throw .invalidData("the VP8X canvas is \(canvas.width)×\(canvas.height) but the VP8L image \(width)×\(height)")
        }
        let argb = try decoder.pixels(width: width, height: height)
        var data = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeMutableBufferPointer { out in
            for (k, p) in argb.enumerated() {
                let a = UInt8(truncatingIfNeeded: p >> 24)
                out[4 * k] = PNGPixelConverter.premultiply(UInt8(truncatingIfNeeded: p >> 16), a)
                out[4 * k + 1] = PNGPixelConverter.premultiply(UInt8(truncatingIfNeeded: p >> 8), a)
                out[4 * k + 2] = PNGPixelConverter.premultiply(UInt8(truncatingIfNeeded: p), a)
                out[4 * k + 3] = a
            }
        }
        do { return try Pixmap(width: width, height: height, data: data) } catch {
            throw .imageTooLarge(width: width, height: height)
        }
    }
}
