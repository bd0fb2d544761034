/// Turns unfiltered scanline samples of any PNG colour type and bit depth into premultiplied
/// RGBA8 pixels.
///
/// Rules (the fixtures script computes the same numbers independently):
/// - Grey samples of depth 1, 2, 4 scale to 8 bits exactly (× 255, × 85, × 17).
/// - 16-bit samples become 8-bit by rounding to nearest: `(v · 255 + 32767) / 65535`.
/// - tRNS on grey and RGB images compares the raw samples at their own bit depth; a match is
///   fully transparent. On palette images it gives alpha per entry (entries past its end are
///   opaque, tRNS values past the palette's end are ignored, as libpng does).
/// - Premultiplication happens on the 8-bit values: `(c · a + 127) / 255`, which is `c · a / 255`
///   rounded to nearest (the quotient is never exactly half-way).
struct PNGPixelConverter {
    private let header: PNGHeader
    /// Premultiplied colours for palette indices or grey levels of depth ≤ 8.
    private let table: [PremultipliedRGBA8]
    /// The transparent colour key of a grey (r = g = b) or RGB image.
    private let key: (r: UInt16, g: UInt16, b: UInt16)?

    init(header: PNGHeader, palette: ArraySlice<UInt8>?, transparency: ArraySlice<UInt8>?) throws(PNGError) {
        self.header = header
        let trns = transparency.map { Array($0) }
        switch header.colorType {
        case .palette:
            guard let palette else { throw .missingChunk("PLTE") }
            let entries = Array(palette)
            let count = entries.count / 3
            table = (0..<count).map { i in
                let a = i < (trns?.count ?? 0) ? trns![i] : 255
                return PremultipliedRGBA8(r: Self.premultiply(entries[3 * i], a), g: Self.premultiply(entries[3 * i + 1], a),
                                          b: Self.premultiply(entries[3 * i + 2], a), a: a)
            }
            key = nil
        case .grey:
            if let trns {
                guard trns.count == 2 else { throw .invalidChunkData(chunk: "tRNS", reason: "length \(trns.count) for a grey image, expected 2") }
                let g = trns.pngUInt16(at: 0)
                key = (g, g, g)
            } else {
                key = nil
            }
            if header.bitDepth <= 8 {
                let levels = 1 << header.bitDepth
                let factor = 255 / (levels - 1)
                let grey = key?.r
                table = (0..<levels).map { v in
                    if let grey, Int(grey) == v { return .transparent }
                    let g = UInt8(v * factor)
                    return PremultipliedRGBA8(r: g, g: g, b: g, a: 255)
                }
            } else {
                table = []
            }
        case .rgb:
            if let trns {
                guard trns.count == 6 else { throw .invalidChunkData(chunk: "tRNS", reason: "length \(trns.count) for an RGB image, expected 6") }
                key = (trns.pngUInt16(at: 0), trns.pngUInt16(at: 2), trns.pngUInt16(at: 4))
            } else {
                key = nil
            }
            table = []
        case .greyAlpha, .rgba:
            // tRNS is forbidden with an alpha channel; libpng ignores it, so do we.
            key = nil
            table = []
        }
    }

    /// Converts `pixels` samples starting at `src` and writes each pixel's 4 bytes at `dst`,
    /// advancing `dst` by `step` bytes per pixel.
    /// - Returns: the error for a palette index past the palette's end, nil on success.
    func convertRow(_ src: UnsafePointer<UInt8>, pixels: Int, into dst: UnsafeMutablePointer<UInt8>, step: Int) -> PNGError? {
        var d = dst
        @inline(__always) func put(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
            d[0] = r; d[1] = g; d[2] = b; d[3] = a
            d += step
        }
        @inline(__always) func sample16(_ i: Int) -> UInt16 { UInt16(src[2 * i]) << 8 | UInt16(src[2 * i + 1]) }

        switch (header.colorType, header.bitDepth) {
        case (.palette, _), (.grey, 1...8):
            let depth = header.bitDepth
            let mask = (1 << depth) - 1
            return table.withUnsafeBufferPointer { t -> PNGError? in
                for i in 0..<pixels {
                    let v: Int
                    if depth == 8 {
                        v = Int(src[i])
                    } else {
                        let bit = i * depth
                        v = Int(src[bit >> 3] >> (8 - depth - (bit & 7))) & mask
                    }
                    guard v < t.count else { return .paletteIndexOutOfRange(index: v, paletteCount: t.count) }
                    let p = t[v]
                    put(p.r, p.g, p.b, p.a)
                }
                return nil
            }
        case (.grey, _):
            for i in 0..<pixels {
                let v = sample16(i)
                if let key, key.r == v { put(0, 0, 0, 0) } else { let g = Self.narrow(v); put(g, g, g, 255) }
            }
        case (.rgb, 8):
            for i in 0..<pixels {
                let r = src[3 * i], g = src[3 * i + 1], b = src[3 * i + 2]
                if let key, key == (UInt16(r), UInt16(g), UInt16(b)) { put(0, 0, 0, 0) } else { put(r, g, b, 255) }
            }
        case (.rgb, _):
            for i in 0..<pixels {
                let r = sample16(3 * i), g = sample16(3 * i + 1), b = sample16(3 * i + 2)
                if let key, key == (r, g, b) { put(0, 0, 0, 0) } else { put(Self.narrow(r), Self.narrow(g), Self.narrow(b), 255) }
            }
        case (.greyAlpha, 8):
            for i in 0..<pixels {
                let g = Self.premultiply(src[2 * i], src[2 * i + 1])
                put(g, g, g, src[2 * i + 1])
            }
        case (.greyAlpha, _):
            for i in 0..<pixels {
                let a = Self.narrow(sample16(2 * i + 1))
                let g = Self.premultiply(Self.narrow(sample16(2 * i)), a)
                put(g, g, g, a)
            }
        case (.rgba, 8):
            for i in 0..<pixels {
                let a = src[4 * i + 3]
                put(Self.premultiply(src[4 * i], a), Self.premultiply(src[4 * i + 1], a), Self.premultiply(src[4 * i + 2], a), a)
            }
        case (.rgba, _):
            for i in 0..<pixels {
                let a = Self.narrow(sample16(4 * i + 3))
                put(Self.premultiply(Self.narrow(sample16(4 * i)), a), Self.premultiply(Self.narrow(sample16(4 * i + 1)), a),
                    Self.premultiply(Self.narrow(sample16(4 * i + 2)), a), a)
            }
        }
        return nil
    }

    /// A 16-bit sample rounded to the nearest 8-bit value.
    @inline(__always)
    static func narrow(_ v: UInt16) -> UInt8 {
        // `as UInt32` spares the type checker UInt8's many initialisers (0.1 s per build).
        UInt8((UInt32(v) * 255 + 32767) / 65535 as UInt32)
    }

    /// `c · a / 255` rounded to nearest.
    @inline(__always)
    static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        UInt8((UInt32(c) * UInt32(a) + 127) / 255 as UInt32)
    }

    /// The straight value whose premultiplication by `a` gives `p` back: `p · 255 / a` rounded to
    /// nearest, clamped to 255 for invalid pixels (`p > a`). 0 when `a` is 0.
    @inline(__always)
    static func unpremultiply(_ p: UInt8, _ a: UInt8) -> UInt8 {
        guard a > 0 else { return 0 }
        let straight = (UInt32(p) * 255 + UInt32(a) / 2) / UInt32(a)
        return straight < 255 ? UInt8(straight) : 255
    }
}
