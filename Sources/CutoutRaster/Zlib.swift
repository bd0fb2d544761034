import CZlib
import CutoutGeometry

/// zlib (RFC 1950) compression through the system library, with the bounds PNG decoding needs.
enum Zlib {
    /// The largest piece handed to zlib in one call: its counters are 32-bit.
    private static let maxPiece = 1 << 30

    /// `input` compressed as one zlib stream at `level` (0...9).
    static func compress(_ input: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        let initStatus = deflateInit2_(&stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                                       zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw error(initStatus, stream) }
        defer { deflateEnd(&stream) }

        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var status = Z_OK
        var produced = 0
        input.withUnsafeBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                var consumed = 0
                repeat {
                    let inPiece = min(inBuf.count - consumed, maxPiece)
                    let outPiece = min(outBuf.count - produced, maxPiece)
                    stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress.map { $0 + consumed })
                    stream.avail_in = uInt(inPiece)
                    stream.next_out = outBuf.baseAddress.map { $0 + produced }
                    stream.avail_out = uInt(outPiece)
                    let last = consumed + inPiece == inBuf.count
                    status = CZlib.deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                    consumed += inPiece - Int(stream.avail_in)
                    produced += outPiece - Int(stream.avail_out)
                } while status == Z_OK
            }
        }
        guard status == Z_STREAM_END else { throw error(status, stream) }
        output.removeSubrange(produced...)
        return output
    }

    /// Inflates one zlib stream split over `pieces` of `input` (PNG's IDAT chunks) into exactly
    /// `expectedCount` bytes.
    ///
    /// The output grows with what the stream really yields and never past `expectedCount`, so a
    /// tiny file declaring a huge image allocates little before it fails. Bytes after the end of
    /// the stream are ignored, as libpng does.
    /// - Throws: ``PNGError/tooMuchImageData(expected:)`` as soon as the stream yields one byte
    ///   more than expected; ``PNGError/tooLittleImageData(expected:actual:)`` when it ends or the
    ///   input runs out early; ``PNGError/zlib(code:message:)`` on corrupt data or a stream that
    ///   lacks its end after all expected bytes.
    static func inflate(_ input: [UInt8], pieces: [Range<Int>], expectedCount: Int) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        let initStatus = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw error(initStatus, stream) }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        output.reserveCapacity(min(expectedCount, 1 << 16))
        var scratch = [UInt8](repeating: 0, count: min(max(expectedCount, 1), 1 << 16))
        var ended = false
        let result: Result<Void, PNGError> = input.withUnsafeBufferPointer { inBuf in
            scratch.withUnsafeMutableBufferPointer { scratchBuf in
                for piece in pieces where !ended {
                    var offset = piece.lowerBound
                    while offset < piece.upperBound && !ended {
                        let inCount = min(piece.upperBound - offset, maxPiece)
                        let remaining = expectedCount - output.count
                        // With nothing left to fill, a one-byte probe tells trailing stream
                        // bookkeeping (fine) from more pixels (an error).
                        let outCount = max(min(remaining, scratchBuf.count), 1)
                        stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress! + offset)
                        stream.avail_in = uInt(inCount)
                        stream.next_out = scratchBuf.baseAddress
                        stream.avail_out = uInt(outCount)
                        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                        let consumed = inCount - Int(stream.avail_in)
                        let produced = outCount - Int(stream.avail_out)
                        offset += consumed
                        if produced > remaining { return .failure(.tooMuchImageData(expected: expectedCount)) }
                        if produced > 0 {
                            if output.count + produced > output.capacity {
                                output.reserveCapacity(min(expectedCount, max(output.capacity * 2, output.count + produced)))
                            }
                            output.append(contentsOf: scratchBuf[0..<produced])
                        }
                        switch status {
                        case Z_STREAM_END:
                            ended = true
                        case Z_OK:
                            break
                        case Z_BUF_ERROR where consumed == 0 && produced == 0:
                            return .failure(error(status, stream))
                        case Z_BUF_ERROR:
                            break
                        default:
                            return .failure(error(status, stream))
                        }
                    }
                }
                return .success(())
            }
        }
        WorkMeter.record(output.count, .inflatedBytes)
        try result.get()
        guard output.count == expectedCount else {
            throw .tooLittleImageData(expected: expectedCount, actual: output.count)
        }
        guard ended else { throw .zlib(code: Z_BUF_ERROR, message: "compressed stream ends without its end marker") }
        return output
    }

    private static func error(_ status: Int32, _ stream: z_stream) -> PNGError {
        let message: String
        if let msg = stream.msg {
            message = String(cString: msg)
        } else {
            switch status {
            case Z_MEM_ERROR: message = "out of memory"
            case Z_NEED_DICT: message = "stream needs a preset dictionary"
            case Z_BUF_ERROR: message = "no progress possible"
            case Z_VERSION_ERROR: message = "incompatible zlib version"
            default: message = "status \(status)"
            }
        }
        return .zlib(code: status, message: message)
    }
}

/// gzip (RFC 1952) decompression for compressed SVG (`.svgz`), with a bound on the output.
package enum Gzip {
    /// Why a gzip stream could not be decompressed.
    package enum Failure: Error, Hashable, CustomStringConvertible {
        /// The stream inflates to more than the allowed number of bytes; inflation stopped there.
        case tooLarge(limit: Int)
        /// zlib reported corrupt or truncated data (or could not start).
        case corrupt(String)

        package var description: String {
            switch self {
            case .tooLarge(let limit): return "it inflates to more than \(limit) bytes"
            case .corrupt(let why): return "corrupt gzip data (\(why))"
            }
        }
    }

    /// Whether `bytes` start with gzip's magic number.
    package static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x1F, 0x8B])
    }

    /// The first gzip member of `input`, inflated. The output grows with what the stream really
    /// yields and inflation stops as soon as it passes `maxCount` bytes, so a small "zip bomb"
    /// costs at most `maxCount` bytes of memory. Bytes after the member are ignored.
    package static func decompress(_ input: [UInt8], maxCount: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 16 + MAX_WBITS: a gzip wrapper, not zlib's.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        var failure: Failure?
        input.withUnsafeBufferPointer { inBuf in
            scratch.withUnsafeMutableBufferPointer { scratchBuf in
                var offset = 0
                while failure == nil {
                    let inCount = min(inBuf.count - offset, 1 << 30)
                    stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress.map { $0 + offset })
                    stream.avail_in = uInt(inCount)
                    stream.next_out = scratchBuf.baseAddress
                    stream.avail_out = uInt(scratchBuf.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let consumed = inCount - Int(stream.avail_in)
                    let produced = scratchBuf.count - Int(stream.avail_out)
                    offset += consumed
                    if output.count + produced > maxCount {
                        failure = .tooLarge(limit: maxCount)
                        break
                    }
                    output.append(contentsOf: scratchBuf[0..<produced])
                    if status == Z_STREAM_END { return }
                    if status != Z_OK, !(status == Z_BUF_ERROR && (consumed > 0 || produced > 0)) {
                        failure = .corrupt(stream.msg.map { String(cString: $0) } ?? (offset == inBuf.count ? "truncated" : "status \(status)"))
                    }
                }
            }
        }
        WorkMeter.record(output.count, .inflatedBytes)
        if let failure { throw failure }
        return output
    }
}
