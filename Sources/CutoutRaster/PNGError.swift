/// Why PNG data could not be decoded or encoded. Every case names the place (chunk type, byte
/// offset, row) and the reason, so a corrupt or hostile file is diagnosable from the message.
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with the 8-byte PNG signature.
    case badSignature
    /// A chunk's length, type, data or CRC runs past the end of the data. `chunk` is nil when
    /// even the chunk's type could not be read.
    case truncatedChunk(chunk: String?, offset: Int)
    /// A chunk declares a length above 2³¹ − 1, which PNG forbids.
    case chunkTooLong(chunk: String, offset: Int, length: UInt32)
    /// A chunk type is not four ASCII letters.
    case invalidChunkType(offset: Int)
    /// The CRC stored after a chunk does not match its type and data.
    case crcMismatch(chunk: String, offset: Int, stored: UInt32, computed: UInt32)
    /// A critical chunk (first letter upper case) this decoder does not know.
    case unknownCriticalChunk(chunk: String, offset: Int)
    /// A chunk appeared where PNG forbids it (IHDR not first, a second IHDR or PLTE, split IDAT
    /// runs, PLTE after IDAT, PLTE in a grey image...).
    case misplacedChunk(chunk: String, offset: Int, reason: String)
    /// A chunk PNG requires is absent.
    case missingChunk(String)
    /// An IHDR field holds a value PNG does not allow.
    case invalidHeader(field: String, value: Int)
    /// The declared size is beyond ``Pixmap/maxDimension`` or ``Pixmap/maxPixelCount``; nothing
    /// was allocated for it.
    case imageTooLarge(width: Int, height: Int)
    /// A PLTE or tRNS chunk has an impossible length or content.
    case invalidChunkData(chunk: String, reason: String)
    /// zlib reported an error (corrupt or truncated compressed stream) or could not start.
    case zlib(code: Int32, message: String)
    /// The image data inflated to fewer bytes than the header requires.
    case tooLittleImageData(expected: Int, actual: Int)
    /// The image data inflates to more bytes than the header allows; inflation stopped there.
    case tooMuchImageData(expected: Int)
    /// A scanline starts with a filter type other than 0...4.
    case invalidFilterType(UInt8, row: Int, pass: Int)
    /// A palette image uses an index past the end of its PLTE.
    case paletteIndexOutOfRange(index: Int, paletteCount: Int)

    public var description: String {
        switch self {
        case .badSignature:
            return "not a PNG file: bad signature"
        case .truncatedChunk(let chunk, let offset):
            return "chunk \(chunk ?? "header") truncated at offset \(offset)"
        case .chunkTooLong(let chunk, let offset, let length):
            return "chunk \(chunk) at offset \(offset) declares length \(length), above 2^31-1"
        case .invalidChunkType(let offset):
            return "invalid chunk type at offset \(offset): not four ASCII letters"
        case .crcMismatch(let chunk, let offset, let stored, let computed):
            return "CRC mismatch in chunk \(chunk) at offset \(offset): stored \(hex(stored)), computed \(hex(computed))"
        case .unknownCriticalChunk(let chunk, let offset):
            return "unknown critical chunk \(chunk) at offset \(offset)"
        case .misplacedChunk(let chunk, let offset, let reason):
            return "chunk \(chunk) at offset \(offset) is misplaced: \(reason)"
        case .missingChunk(let chunk):
            return "missing \(chunk) chunk"
        case .invalidHeader(let field, let value):
            return "bad IHDR field \(field): \(value)"
        case .imageTooLarge(let w, let h):
            return "image too large: \(w)×\(h) exceeds \(Pixmap.maxDimension) per side or \(Pixmap.maxPixelCount) pixels"
        case .invalidChunkData(let chunk, let reason):
            return "invalid \(chunk) chunk: \(reason)"
        case .zlib(let code, let message):
            return "zlib error \(code): \(message)"
        case .tooLittleImageData(let expected, let actual):
            return "too little image data: \(actual) of \(expected) bytes"
        case .tooMuchImageData(let expected):
            return "too much image data: more than the \(expected) bytes the header declares"
        case .invalidFilterType(let type, let row, let pass):
            return "invalid filter type \(type) in row \(row) of pass \(pass)"
        case .paletteIndexOutOfRange(let index, let count):
            return "palette index \(index) out of range for a \(count)-entry palette"
        }
    }
}

private func hex(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - s.count) + s
}
