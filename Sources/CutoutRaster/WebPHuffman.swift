/// The bits of a lossless WebP (VP8L) bit stream: read least significant bit first from
/// consecutive bytes, as the WebP Lossless Bitstream Specification (RFC 9649, section 3.2)
/// packs them.
struct WebPBitReader {
    private let bytes: [UInt8]
    /// The next byte to load into ``buffer``.
    private var position: Int
    /// Where the bit stream's bytes end (its chunk's end).
    private let end: Int
    /// Loaded bits not yet consumed, the next one lowest.
    private var buffer: UInt64 = 0
    private var count = 0

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    /// Loads whole bytes until the buffer holds more than 56 bits or the data ends.
    @inline(__always)
    private mutating func refill() {
        while count <= 56, position < end {
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
    }

    /// The next `n` bits (0...32) as an unsigned number, the first read bit lowest.
    mutating func read(_ n: Int) throws(WebPError) -> Int {
        if count < n {
            refill()
            guard count >= n else { throw .truncated(offset: end) }
        }
        let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(n)) &- 1))
        buffer >>= UInt64(n)
        count -= n
        return value
    }

    /// Reads one symbol of `code`. A code of a single symbol reads no bits.
    mutating func decode(_ code: WebPPrefixCode) throws(WebPError) -> Int {
        if let single = code.single { return single }
        if count < WebPPrefixCode.maxLength { refill() }
        // Bits past the end of the data read as zeros here; the entry's length says how many
        // of them the symbol needs, and too many means the data ends inside the symbol.
        let entry = code.table[Int(truncatingIfNeeded: buffer) & code.rootMask]
        let length = Int(entry & 15)
        if length > 0 {
            guard length <= count else { throw .truncated(offset: end) }
            buffer >>= UInt64(length)
            count -= length
            return Int(entry >> 4)
        }
        // Longer than the root table: walk the canonical code one bit at a time. Codes of
        // each length are consecutive numbers, the first of a length following the last of
        // the previous length shifted left.
        var value = 0, first = 0, index = 0
        for length in 1...WebPPrefixCode.maxLength {
            guard count > 0 else { throw .truncated(offset: end) }
            value |= Int(buffer & 1)
            buffer >>= 1
            count -= 1
            let n = Int(code.counts[length])
            if value - first < n { return Int(code.sorted[index + value - first]) }
            index += n
            first = (first + n) << 1
            value <<= 1
        }
        // Unreachable for a validated (complete) code: every bit string of the longest length
        // names a symbol.
        throw .invalidData("a prefix code matched no symbol")
    }
}

/// A canonical prefix (Huffman) code of a VP8L bit stream, decoded through a table indexed by
/// the next bits for codes up to ``rootBits`` long.
///
/// Validity (RFC 9649, section 3.7.2.1): lengths are 0...15, a code with a single used symbol
/// reads no bits, and otherwise the lengths must make a complete code (the Kraft sum is exactly
/// 1): over-subscribed and incomplete codes are rejected, as libwebp does.
struct WebPPrefixCode {
    static let maxLength = 15
    /// Codes of at most this many bits decode with one table look-up.
    private static let rootBits = 8

    /// The symbol of a code with a single used symbol, read with no bits.
    let single: Int?
    /// Indexed by the next `rootMask` bits: `symbol << 4 | length`, or 0 for a longer code.
    let table: [UInt32]
    let rootMask: Int
    /// How many symbols have each code length (index 0 unused).
    let counts: [UInt16]
    /// The used symbols in code order: by length, then by symbol.
    let sorted: [UInt16]

    /// The code with these code lengths, one per symbol of the alphabet (0: unused).
    /// `what` names the code in errors.
    init(lengths: [UInt8], what: @autoclosure () -> String) throws(WebPError) {
        var counts = [UInt16](repeating: 0, count: Self.maxLength + 1)
        var used = 0, last = 0
        for (symbol, length) in lengths.enumerated() where length > 0 {
            guard Int(length) <= Self.maxLength else { throw .invalidData("\(what()) has a code length of \(length)") }
            counts[Int(length)] += 1
            used += 1
            last = symbol
        }
        guard used > 0 else { throw .invalidData("\(what()) has no symbols") }
        if used == 1 {
            (single, table, rootMask, self.counts, sorted) = (last, [], 0, counts, [])
            return
        }
        var left = 1
        for length in 1...Self.maxLength {
            left = left << 1 - Int(counts[length])
            guard left >= 0 else { throw .invalidData("\(what()) is over-subscribed") }
        }
        guard left == 0 else { throw .invalidData("\(what()) is incomplete") }

        var offsets = [Int](repeating: 0, count: Self.maxLength + 2)
        for length in 1...Self.maxLength { offsets[length + 1] = offsets[length] + Int(counts[length]) }
        var sorted = [UInt16](repeating: 0, count: used)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            sorted[offsets[Int(length)]] = UInt16(symbol)
            offsets[Int(length)] += 1
        }
        var longest = Self.maxLength
        while counts[longest] == 0 { longest -= 1 }
        let bits = min(longest, Self.rootBits)
        var table = [UInt32](repeating: 0, count: 1 << bits)
        // Canonical codes, in code order; the stream holds a code's first (most significant)
        // bit first, so the table index is the code with its bits reversed.
        var code = 0, k = 0
        for length in 1...Self.maxLength {
            for _ in 0..<Int(counts[length]) {
                if length <= bits {
                    var reversed = 0
                    for b in 0..<length where code >> b & 1 != 0 { reversed |= 1 << (length - 1 - b) }
                    for index in stride(from: reversed, to: 1 << bits, by: 1 << length) {
                        table[index] = UInt32(sorted[k]) << 4 | UInt32(length)
                    }
                }
                code += 1
                k += 1
            }
            code <<= 1
        }
        (single, self.table, rootMask, self.counts, self.sorted) = (nil, table, (1 << bits) - 1, counts, sorted)
    }
}

extension WebPBitReader {
    /// The order in which the code-length code's lengths are stored (RFC 9649, section 3.7.2.1.2).
    private static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// Reads a prefix code for an alphabet of `alphabetSize` symbols: either a simple code of
    /// one or two symbols below 256, or code lengths coded with a code-length code.
    mutating func prefixCode(alphabetSize: Int, what: @autoclosure () -> String) throws(WebPError) -> WebPPrefixCode {
        var lengths = [UInt8](repeating: 0, count: alphabetSize)
        if try read(1) == 1 {
            // Simple code: one symbol (read with no bits) or two (one bit each).
            let symbols = try read(1) + 1
            var list = [try read(try read(1) == 1 ? 8 : 1)]
            if symbols == 2 { list.append(try read(8)) }
            for symbol in list {
                guard symbol < alphabetSize else {
                    throw .invalidData("\(what()) names symbol \(symbol) of an alphabet of \(alphabetSize)")
                }
                lengths[symbol] = 1
            }
            return try WebPPrefixCode(lengths: lengths, what: what())
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        let stored = try read(4) + 4
        for k in 0..<stored { codeLengthLengths[Self.codeLengthOrder[k]] = UInt8(try read(3)) }
        let codeLengthCode = try WebPPrefixCode(lengths: codeLengthLengths, what: "the code-length code of \(what())")

        // Optionally, how many code-length symbols are read; the lengths left are 0.
        var budget = alphabetSize
        if try read(1) == 1 {
            let bits = 2 + 2 * (try read(3))
            budget = 2 + (try read(bits))
            guard budget <= alphabetSize else {
                throw .invalidData("\(what()) reads \(budget) code lengths for an alphabet of \(alphabetSize)")
            }
        }
        var symbol = 0, previous: UInt8 = 8
        while symbol < alphabetSize, budget > 0 {
            budget -= 1
            let length = try decode(codeLengthCode)
            if length < 16 {
                lengths[symbol] = UInt8(length)
                symbol += 1
                if length != 0 { previous = UInt8(length) }
                continue
            }
            // 16 repeats the previous non-zero length 3...6 times, 17 and 18 write 3...10 and
            // 11...138 zeros.
            let repeats = length == 16 ? 3 + (try read(2)) : length == 17 ? 3 + (try read(3)) : 11 + (try read(7))
            guard repeats <= alphabetSize - symbol else {
                throw .invalidData("\(what()) repeats a code length past the end of its alphabet of \(alphabetSize)")
            }
            for k in symbol..<(symbol + repeats) { lengths[k] = length == 16 ? previous : 0 }
            symbol += repeats
        }
        return try WebPPrefixCode(lengths: lengths, what: what())
    }
}
