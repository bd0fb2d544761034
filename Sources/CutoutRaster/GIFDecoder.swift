import Foundation

/// Why GIF data could not be decoded. Each case names the block or field at fault.
public enum GIFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with `GIF87a` or `GIF89a`.
    case badSignature
    /// The data ends inside a block, or before the first image's pixels are all decoded.
    case truncated(offset: Int)
    /// A block holds impossible values (an unknown block type, an LZW code size outside
    /// 1...8, an LZW code past the end of the code table, no colour table…).
    case invalidData(String)
    /// The first image is beyond ``Pixmap/maxDimension`` or ``Pixmap/maxPixelCount``, or has
    /// no pixels; nothing was allocated for it.
    case imageTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .badSignature: return "not GIF data (no GIF87a/GIF89a signature)"
        case .truncated(let offset): return "GIF data truncated at byte \(offset)"
        case .invalidData(let why): return "invalid GIF data: \(why)"
        case .imageTooLarge(let w, let h):
            return "GIF image of \(w)×\(h) pixels is empty or too large (each side at most \(Pixmap.maxDimension), at most \(Pixmap.maxPixelCount) pixels)"
        }
    }
}

extension Pixmap {
    /// Decodes the first image of a GIF (87a or 89a) into premultiplied RGBA8 pixels.
    ///
    /// The result is the first image at its own size: its place in the logical screen, the
    /// screen's size and background, and any later frames of an animation are ignored (as
    /// resvg does). Colours come from the image's local colour table, else the global one; a
    /// graphic control extension before the image may name a transparent index, whose pixels
    /// are (0, 0, 0, 0). Interlaced images are put back in row order. An index past the end
    /// of the colour table is opaque black.
    ///
    /// Safety: the image's size is checked against ``maxDimension`` and ``maxPixelCount``; the
    /// pixel indices grow with what the LZW stream really yields and never past the declared
    /// count, and the picture is allocated only once they are all decoded, so a tiny file
    /// declaring a huge image allocates little before it fails. An LZW code past the end of
    /// the code table is an error; a full table (4,096 codes) is used as it is until the next
    /// clear code, as GIF allows. Data past the first image's pixels is not read.
    ///
    /// Complexity: O(data length + width × height).
    /// - Throws: ``GIFError``, notably ``GIFError/truncated(offset:)`` when the data ends
    ///   before the first image's pixels are all decoded.
    public init(gifData: Data) throws(GIFError) {
        var decoder = GIFDecoder(bytes: [UInt8](gifData))
        self = try decoder.decode()
    }
}

struct GIFDecoder {
    private let bytes: [UInt8]
    private var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func byte() throws(GIFError) -> Int {
        guard i < bytes.count else { throw .truncated(offset: i) }
        defer { i += 1 }
        return Int(bytes[i])
    }

    private mutating func uint16() throws(GIFError) -> Int {
        let low = try byte(), high = try byte()
        return low | high << 8
    }

    /// `count` bytes as a range of ``bytes``.
    private mutating func take(_ count: Int) throws(GIFError) -> Range<Int> {
        guard count <= bytes.count - i else { throw .truncated(offset: bytes.count) }
        defer { i += count }
        return i..<(i + count)
    }

    /// Skips data sub-blocks up to and including the zero-length terminator.
    private mutating func skipSubBlocks() throws(GIFError) {
        while true {
            let length = try byte()
            if length == 0 { return }
            _ = try take(length)
        }
    }

    mutating func decode() throws(GIFError) -> Pixmap {
        guard bytes.count >= 6, bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8) else {
            throw .badSignature
        }
        i = 6
        // The logical screen's size, background colour and pixel aspect ratio are unused (see
        // Pixmap(gifData:)).
        _ = try take(4)
        let screenFlags = try byte()
        _ = try take(2)
        var globalTable: Range<Int>?
        if screenFlags & 0x80 != 0 { globalTable = try take(3 << (screenFlags & 7 + 1)) }
        var transparent: Int?
        while true {
            switch try byte() {
            case 0x21: // Extension.
                let label = try byte()
                if label == 0xF9 {
                    // Graphic control: the last one before the image applies to it.
                    let length = try byte()
                    let body = try take(length)
                    transparent = length >= 4 && bytes[body.lowerBound] & 1 != 0 ? Int(bytes[body.lowerBound + 3]) : nil
                }
                try skipSubBlocks()
            case 0x2C:
                return try image(globalTable: globalTable, transparent: transparent)
            case 0x3B:
                throw .invalidData("the trailer comes before any image")
            case let other:
                throw .invalidData("unknown block type 0x\(String(other, radix: 16)) at byte \(i - 1)")
            }
        }
    }

    private mutating func image(globalTable: Range<Int>?, transparent: Int?) throws(GIFError) -> Pixmap {
        _ = try take(4) // The image's place in the logical screen: unused.
        let width = try uint16(), height = try uint16()
        let flags = try byte()
        guard width > 0, height > 0, width <= Pixmap.maxDimension, height <= Pixmap.maxDimension,
              width * height <= Pixmap.maxPixelCount else { throw .imageTooLarge(width: width, height: height) }
        var table = globalTable
        if flags & 0x80 != 0 { table = try take(3 << (flags & 7 + 1)) }
        guard let table else { throw .invalidData("the first image has no colour table, local or global") }
        let minimumCodeSize = try byte()
        guard (1...8).contains(minimumCodeSize) else {
            throw .invalidData("LZW minimum code size \(minimumCodeSize) at byte \(i - 1) is outside 1...8")
        }
        let indices = try lzw(minimumCodeSize: minimumCodeSize, count: width * height)

        // The palette as packed premultiplied pixels; indices past its end are opaque black.
        var palette = [UInt32](repeating: 0xFF00_0000, count: 256)
        for k in 0..<min(table.count / 3, 256) {
            let o = table.lowerBound + 3 * k
            palette[k] = UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | 0xFF00_0000
        }
        if let transparent { palette[transparent] = 0 }
        // Interlaced rows come in four passes: every 8th row from 0, every 8th from 4, every
        // 4th from 2, every 2nd from 1.
        var rows = Array(0..<height)
        if flags & 0x40 != 0 {
            rows = Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
                + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
        }
        var data = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeMutableBytes { out in
            for (k, row) in rows.enumerated() {
                for x in 0..<width {
                    out.storeBytes(of: palette[Int(indices[k * width + x])].littleEndian, toByteOffset: 4 * (row * width + x), as: UInt32.self)
                }
            }
        }
        do { return try Pixmap(width: width, height: height, data: data) } catch {
            throw .imageTooLarge(width: width, height: height)
        }
    }

    /// The first `count` colour indices of the LZW stream in the data sub-blocks that follow.
    private mutating func lzw(minimumCodeSize: Int, count: Int) throws(GIFError) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        // The table: each code's string is its prefix code's string followed by its suffix.
        var prefix = [UInt16](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var length = [Int](repeating: 1, count: 4096)
        for c in 0..<clear { suffix[c] = UInt8(truncatingIfNeeded: c) }
        var next = clear + 2, codeSize = minimumCodeSize + 1
        var previous: Int?
        var out: [UInt8] = []
        out.reserveCapacity(min(count, 1 << 20))
        var bitBuffer = 0, bitCount = 0
        var blockLeft = 0

        func first(_ code: Int) -> UInt8 {
            var c = code
            while c >= clear { c = Int(prefix[c]) }
            return suffix[c]
        }
        /// Appends the string of `code` (at most `count - out.count` bytes of it).
        func emit(_ code: Int) {
            let n = length[code], start = out.count
            let kept = min(n, count - start)
            out.append(contentsOf: repeatElement(0, count: kept))
            var c = code
            // Written backwards from the end of the string; the part past `count` is dropped.
            for k in stride(from: n - 1, through: 0, by: -1) {
                if k < kept { out[start + k] = suffix[c] }
                c = Int(prefix[c])
            }
        }

        while out.count < count {
            while bitCount < codeSize {
                if blockLeft == 0 {
                    blockLeft = try byte()
                    guard blockLeft > 0 else { throw .truncated(offset: i) }
                }
                bitBuffer |= try byte() << bitCount
                bitCount += 8
                blockLeft -= 1
            }
            let code = bitBuffer & (1 << codeSize - 1)
            bitBuffer >>= codeSize
            bitCount -= codeSize
            if code == clear {
                next = clear + 2
                codeSize = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { throw .invalidData("the image data ends after \(out.count) of its \(count) pixels") }
            guard let prev = previous else {
                guard code < clear else { throw .invalidData("LZW code \(code) before any string at byte \(i)") }
                emit(code)
                previous = code
                continue
            }
            guard code <= next, code < 4096 else {
                throw .invalidData("LZW code \(code) past the \(next) entries of the code table at byte \(i)")
            }
            if next < 4096 {
                // The new entry is the previous string plus the first byte of this one (of
                // the previous one when this code is the entry being made).
                prefix[next] = UInt16(prev)
                suffix[next] = first(code == next ? prev : code)
                length[next] = length[prev] + 1
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            emit(code)
            previous = code
        }
        return out
    }
}
