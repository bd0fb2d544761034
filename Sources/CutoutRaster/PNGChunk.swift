/// One chunk as it sits in a PNG file: its type and where its data lies in the file's bytes.
struct PNGChunk: Sendable {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// PNG's limit on a chunk's data length.
    static let maxLength = 0x7FFF_FFFF

    /// Four ASCII letters, e.g. `IHDR`.
    let type: String
    /// Offset of the chunk's length field in the file.
    let offset: Int
    /// Where the chunk's data lies in the file.
    let data: Range<Int>

    /// Critical chunks (first letter upper case) must be understood to decode the image.
    var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? true }
}

/// Walks the chunks of a PNG file after its signature, checking each one's length, type and
/// CRC before handing it out.
struct PNGChunkReader {
    private let bytes: [UInt8]
    private(set) var offset: Int

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The next chunk, or nil at the exact end of the data.
    mutating func next() throws(PNGError) -> PNGChunk? {
        let start = offset
        guard start < bytes.count else { return nil }
        guard bytes.count - start >= 8 else { throw .truncatedChunk(chunk: nil, offset: start) }
        let length = bytes.pngUInt32(at: start)
        let typeBytes = bytes[(start + 4)..<(start + 8)]
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw .invalidChunkType(offset: start)
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= PNGChunk.maxLength else {
            throw .chunkTooLong(chunk: type, offset: start, length: length)
        }
        let dataStart = start + 8
        let dataEnd = dataStart + Int(length)
        guard dataEnd + 4 <= bytes.count else { throw .truncatedChunk(chunk: type, offset: start) }
        let stored = bytes.pngUInt32(at: dataEnd)
        let computed = CRC32.checksum(bytes[(start + 4)..<dataEnd])
        guard stored == computed else {
            throw .crcMismatch(chunk: type, offset: start, stored: stored, computed: computed)
        }
        offset = dataEnd + 4
        return PNGChunk(type: type, offset: start, data: dataStart..<dataEnd)
    }
}

/// Builds a PNG byte stream chunk by chunk.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8] = PNGChunk.signature

    /// Appends a chunk: length, type, `data` and the CRC of type and data.
    /// Precondition: `type` is four ASCII letters and `data` at most ``PNGChunk/maxLength`` bytes
    /// (callers split image data well below that).
    mutating func append(_ type: String, _ data: ArraySlice<UInt8>) {
        bytes.appendPNGBigEndian(UInt32(data.count))
        let typeStart = bytes.count
        bytes.append(contentsOf: type.utf8)
        bytes.append(contentsOf: data)
        bytes.appendPNGBigEndian(CRC32.checksum(bytes[typeStart...]))
    }

    mutating func append(_ type: String, _ data: [UInt8]) {
        append(type, data[...])
    }
}

extension Array where Element == UInt8 {
    /// The big-endian UInt32 at `offset`. Precondition: four bytes are there.
    func pngUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }

    /// The big-endian UInt16 at `offset`. Precondition: two bytes are there.
    func pngUInt16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    mutating func appendPNGBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendPNGBigEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }
}
