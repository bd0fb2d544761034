/// Decodes a lossless WebP bit stream (the payload of a `VP8L` chunk) into ARGB pixels, as the
/// WebP Lossless Bitstream Specification (RFC 9649, section 3) describes it: a header, the
/// transforms, then the entropy-coded image, whose transforms are undone in reverse order.
///
/// Pixels are `UInt32` values `alpha << 24 | red << 16 | green << 8 | blue` throughout, as in
/// the specification.
struct WebPLosslessDecoder {
    private var bits: WebPBitReader
    /// The most pixels the image may have (``Pixmap/maxPixelCount``, or less when fuzzing).
    private let maxPixelCount: Int

    init(bytes: [UInt8], range: Range<Int>, maxPixelCount: Int) {
        bits = WebPBitReader(bytes: bytes, range: range)
        self.maxPixelCount = maxPixelCount
    }

    /// The image's size from the 5-byte header: signature 0x2F, 14-bit width - 1 and height - 1,
    /// the alpha hint (unused: the pixels carry their alpha) and a 3-bit version that must be 0.
    mutating func header() throws(WebPError) -> (width: Int, height: Int) {
        let signature = try bits.read(8)
        guard signature == 0x2F else { throw .invalidData("the VP8L signature is 0x\(String(signature, radix: 16)), not 0x2f") }
        let width = try bits.read(14) + 1, height = try bits.read(14) + 1
        _ = try bits.read(1)
        let version = try bits.read(3)
        guard version == 0 else { throw .invalidData("VP8L version \(version), not 0") }
        return (width, height)
    }

    /// The pixels of the image of the size ``header()`` gave, transforms undone.
    mutating func pixels(width: Int, height: Int) throws(WebPError) -> [UInt32] {
        guard width * height <= maxPixelCount else { throw .imageTooLarge(width: width, height: height) }
        var transforms: [WebPTransform] = []
        var seen: Set<Int> = []
        // The width of the coded image: colour indexing packs several pixels into one.
        var codedWidth = width
        while try bits.read(1) == 1 {
            let type = try bits.read(2)
            guard seen.insert(type).inserted else { throw .invalidData("transform \(type) appears twice") }
            switch type {
            case 0, 1:
                let blockBits = try bits.read(3) + 2
                let data = try entropyCodedImage(width: Self.blocks(codedWidth, blockBits), height: Self.blocks(height, blockBits),
                                                 role: type == 0 ? "the predictor image" : "the cross-colour image")
                transforms.append(type == 0 ? .predictor(blockBits: blockBits, modes: data, width: codedWidth)
                                            : .crossColor(blockBits: blockBits, elements: data, width: codedWidth))
            case 2:
                transforms.append(.subtractGreen)
            default:
                let size = try bits.read(8) + 1
                var palette = try entropyCodedImage(width: size, height: 1, role: "the colour table")
                // Each entry is stored as its difference from the previous one.
                for k in 1..<size { palette[k] = WebPTransform.add(palette[k], palette[k - 1]) }
                // Indices past the table are transparent black.
                palette += repeatElement(0, count: 256 - size)
                let bundleBits = size <= 2 ? 3 : size <= 4 ? 2 : size <= 16 ? 1 : 0
                transforms.append(.colorIndexing(palette: palette, bundleBits: bundleBits, width: codedWidth))
                codedWidth = Self.blocks(codedWidth, bundleBits)
            }
        }
        var pixels = try entropyCodedImage(width: codedWidth, height: height, role: "the image", isMain: true)
        for transform in transforms.reversed() { transform.undo(&pixels, height: height) }
        return pixels
    }

    /// `n` divided by 2^`bits`, rounded up: how many blocks of 2^`bits` cover `n`.
    static func blocks(_ n: Int, _ bits: Int) -> Int { (n + (1 << bits) - 1) >> bits }

    /// The five prefix codes that decode a pixel or a backward reference.
    private struct PrefixGroup {
        /// Green, or a length prefix (256...279), or a colour cache index (280...).
        var green: WebPPrefixCode
        var red: WebPPrefixCode
        var blue: WebPPrefixCode
        var alpha: WebPPrefixCode
        var distance: WebPPrefixCode
    }

    /// An entropy-coded image (RFC 9649, section 3.7): the main image (`isMain`), whose prefix
    /// codes may vary by block through an entropy image, or a transform's or the entropy
    /// image's sub-image, coded with one group of prefix codes.
    private mutating func entropyCodedImage(width: Int, height: Int, role: String, isMain: Bool = false) throws(WebPError) -> [UInt32] {
        var cacheBits = 0
        if try bits.read(1) == 1 {
            cacheBits = try bits.read(4)
            guard (1...11).contains(cacheBits) else { throw .invalidData("\(role) has a colour cache of \(cacheBits) bits (1...11)") }
        }
        // The meta prefix codes: a group index per block of 2^metaBits pixels a side.
        var metaBits = 0, metaWidth = 1
        var groupOfBlock: [Int] = [0]
        var groupCount = 1
        if isMain, try bits.read(1) == 1 {
            metaBits = try bits.read(3) + 2
            metaWidth = Self.blocks(width, metaBits)
            let entropy = try entropyCodedImage(width: metaWidth, height: Self.blocks(height, metaBits), role: "the entropy image")
            groupOfBlock = entropy.map { Int($0 >> 8 & 0xFFFF) }
            groupCount = (groupOfBlock.max() ?? 0) + 1
        }
        // Every group is read, but only those some block uses are kept: the count comes from
        // the data (up to 65,536) and need not match the blocks.
        var slot = [Int](repeating: -1, count: groupCount)
        for g in groupOfBlock { slot[g] = 0 }
        var kept = 0
        for g in slot.indices where slot[g] == 0 {
            slot[g] = kept
            kept += 1
        }
        groupOfBlock = groupOfBlock.map { slot[$0] }
        var groups: [PrefixGroup] = []
        groups.reserveCapacity(kept)
        let greenSize = 256 + 24 + (cacheBits > 0 ? 1 << cacheBits : 0)
        for g in 0..<groupCount {
            let name = groupCount == 1 ? role : "\(role), prefix code group \(g),"
            let group = PrefixGroup(green: try bits.prefixCode(alphabetSize: greenSize, what: "\(name) green code"),
                                    red: try bits.prefixCode(alphabetSize: 256, what: "\(name) red code"),
                                    blue: try bits.prefixCode(alphabetSize: 256, what: "\(name) blue code"),
                                    alpha: try bits.prefixCode(alphabetSize: 256, what: "\(name) alpha code"),
                                    distance: try bits.prefixCode(alphabetSize: 40, what: "\(name) distance code"))
            if slot[g] >= 0 { groups.append(group) }
        }

        let total = width * height
        // The pixels grow as the data yields them, so a short stream claiming a large image
        // fails before much is allocated.
        var out: [UInt32] = []
        out.reserveCapacity(min(total, 1 << 16))
        var cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
        let cacheShift = UInt32(32 - cacheBits)
        var x = 0, y = 0
        var groupIndex = groupOfBlock[0], group = groups[groupIndex]
        while out.count < total {
            if metaBits > 0 {
                let g = groupOfBlock[(y >> metaBits) * metaWidth + (x >> metaBits)]
                if g != groupIndex { (groupIndex, group) = (g, groups[g]) }
            }
            let green = try bits.decode(group.green)
            var length = 1
            if green < 256 {
                let red = try bits.decode(group.red), blue = try bits.decode(group.blue), alpha = try bits.decode(group.alpha)
                let p = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                out.append(p)
                if cacheBits > 0 { cache[Int((0x1E35_A7BD &* p) >> cacheShift)] = p }
            } else if green < 280 {
                length = try prefixCodedValue(green - 256)
                let distance = Self.distance(code: try prefixCodedValue(try bits.decode(group.distance)), width: width)
                guard distance <= out.count else {
                    throw .invalidData("\(role) refers \(distance) pixels back from pixel \(out.count)")
                }
                guard length <= total - out.count else {
                    throw .invalidData("\(role) copies \(length) pixels at pixel \(out.count) of \(total)")
                }
                for _ in 0..<length {
                    let p = out[out.count - distance]
                    out.append(p)
                    if cacheBits > 0 { cache[Int((0x1E35_A7BD &* p) >> cacheShift)] = p }
                }
            } else {
                let p = cache[green - 280]
                out.append(p)
                cache[Int((0x1E35_A7BD &* p) >> cacheShift)] = p
            }
            x += length
            if x >= width {
                y += x / width
                x %= width
            }
        }
        return out
    }

    /// A length or distance from its prefix symbol and extra bits (RFC 9649, section 3.6.2.2).
    private mutating func prefixCodedValue(_ symbol: Int) throws(WebPError) -> Int {
        if symbol < 4 { return symbol + 1 }
        let extraBits = (symbol - 2) >> 1
        let offset = (2 + (symbol & 1)) << extraBits
        return offset + (try bits.read(extraBits)) + 1
    }

    /// The distance in pixels of a distance code: codes 1...120 name nearby pixels as (x, y)
    /// offsets from a table (RFC 9649, section 3.6.2.2.1), larger ones count back by code - 120.
    static func distance(code: Int, width: Int) -> Int {
        guard code <= 120 else { return code - 120 }
        let (dx, dy) = distanceMap[code - 1]
        return max(1, Int(dx) + Int(dy) * width)
    }

    private static let distanceMap: [(Int8, Int8)] = [
        (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2),
        (-1, 2), (2, 1), (-2, 1), (2, 2), (-2, 2), (0, 3), (3, 0),
        (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3), (3, 2),
        (-3, 2), (0, 4), (4, 0), (1, 4), (-1, 4), (4, 1), (-4, 1),
        (3, 3), (-3, 3), (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5),
        (3, 4), (-3, 4), (4, 3), (-4, 3), (5, 0), (1, 5), (-1, 5),
        (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2), (4, 4),
        (-4, 4), (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0),
        (1, 6), (-1, 6), (6, 1), (-6, 1), (2, 6), (-2, 6), (6, 2),
        (-6, 2), (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6),
        (6, 3), (-6, 3), (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5),
        (-5, 5), (7, 1), (-7, 1), (4, 6), (-4, 6), (6, 4), (-6, 4),
        (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7), (7, 3),
        (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5), (8, 0), (4, 7),
        (-4, 7), (7, 4), (-7, 4), (8, 1), (8, 2), (6, 6), (-6, 6),
        (8, 3), (5, 7), (-5, 7), (7, 5), (-7, 5), (8, 4), (6, 7),
        (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6),
        (8, 7),
    ]
}
