import Foundation

/// Why JPEG data could not be decoded. Each case names the marker or field at fault.
public enum JPEGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with the SOI marker (FF D8).
    case badSignature
    /// The data ends inside a marker segment, or before a frame and a scan were read.
    case truncated(offset: Int)
    /// A valid JPEG feature this decoder does not implement (lossless, hierarchical or
    /// arithmetic coding, 12-bit samples, CMYK, a height given by DNL…).
    case unsupported(String)
    /// A marker segment holds impossible values (a table index past 3, a sampling factor of 0,
    /// a Huffman code that does not exist…).
    case invalidData(String)
    /// The frame is beyond ``Pixmap/maxDimension`` or ``Pixmap/maxPixelCount``; nothing was
    /// allocated for it.
    case imageTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .badSignature: return "not JPEG data (no SOI marker)"
        case .truncated(let offset): return "JPEG data truncated at byte \(offset)"
        case .unsupported(let what): return "unsupported JPEG: \(what)"
        case .invalidData(let why): return "invalid JPEG data: \(why)"
        case .imageTooLarge(let w, let h):
            return "JPEG of \(w)×\(h) pixels is too large (each side at most \(Pixmap.maxDimension), at most \(Pixmap.maxPixelCount) pixels)"
        }
    }
}

extension Pixmap {
    /// Decodes a baseline, extended sequential or progressive JPEG (8-bit, Huffman-coded) into
    /// opaque premultiplied RGBA8 pixels.
    ///
    /// Reads grey and three-component images (YCbCr as JFIF defines it, or RGB when an Adobe
    /// APP14 segment says so), any sampling factors 1...4, restart intervals, several scans
    /// (sequential: each component in one; progressive: spectral selection and successive
    /// approximation, at most 100 scans). Subsampled chroma is upsampled by linear
    /// interpolation between sample centres (libjpeg's "fancy" upsampling for 2:1); the
    /// inverse DCT is computed in floating point and rounded. EXIF orientation and colour profiles are ignored.
    ///
    /// Safety: the frame size is checked against ``maxDimension`` and ``maxPixelCount``, and
    /// against the file's length (at least one bit per 8×8 block of a scan), before anything is
    /// allocated for it; scan data that runs out stops its scan (the rest stays zero); corrupt entropy-coded data decodes as zeros past its end
    /// and never traps; at most 100 scans are read, so the work is bounded by 100 passes over
    /// the image plus the data length.
    ///
    /// Memory: quantized coefficients are kept as 16-bit integers until the end (progressive
    /// scans refine them), so a three-component image takes about 14 bytes per pixel while it
    /// is decoded, the result 4.
    ///
    /// Complexity: O(data length + width × height).
    /// - Throws: ``JPEGError``.
    public init(jpegData: Data) throws(JPEGError) {
        var decoder = JPEGDecoder(bytes: [UInt8](jpegData))
        self = try decoder.decode()
    }
}

struct JPEGDecoder {
    private struct Component {
        var id: UInt8
        var h: Int
        var v: Int
        var quantTable: Int
        var dcTable = 0
        var acTable = 0
        /// Quantized coefficients of whole blocks, 64 per block in natural order, block after
        /// block along each row of blocks.
        var coefficients: [Int16] = []
        var blocksPerLine = 0
        var blocksPerColumn = 0
        var decoded = false
    }

    /// A canonical Huffman table (JPEG Annex C).
    private struct Huffman {
        var maxCode = [Int](repeating: -1, count: 17)
        var valuePointer = [Int](repeating: 0, count: 17)
        var minCode = [Int](repeating: 0, count: 17)
        var values: [UInt8] = []
    }

    private let bytes: [UInt8]
    private var i = 2
    private var quant = [[Int]](repeating: [], count: 4)
    private var dcTables = [Huffman?](repeating: nil, count: 4)
    private var acTables = [Huffman?](repeating: nil, count: 4)
    private var components: [Component] = []
    private var width = 0, height = 0
    private var restartInterval = 0
    private var adobeTransform: UInt8?
    // Entropy decoder state.
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var hitMarker = false
    /// Zero bytes handed out since the scan's data ran out (a marker or the end of the file).
    private var missingBytes = 0
    /// Blocks whose entropy-coded data was read, over all scans (what decoding cost).
    private(set) var blocksRead = 0
    /// Past this many missing bytes the scan's data is taken as truncated and its remaining
    /// blocks are left at zero, as libjpeg does: a valid scan ends within a byte of its marker,
    /// and a tiny file declaring a huge frame must not cost a Huffman decode per declared block.
    static let maxMissingBytes = 64
    private var progressive = false
    private var scans = 0
    private var endOfBandRun = 0
    /// Most scans read: each costs a pass over its components' blocks, so a file of many tiny
    /// scans cannot multiply the work (real progressive files have about ten).
    static let maxScans = 100

    init(bytes: [UInt8]) { self.bytes = bytes }

    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
        28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
        54, 47, 55, 62, 63,
    ]

    /// `idctTable[x * 8 + u]` = C(u) · cos((2x + 1) u π / 16) / 2.
    static let idctTable: [Double] = (0..<64).map { n in
        let x = n / 8, u = n % 8
        let c = u == 0 ? 1 / 2.squareRoot() : 1
        return c * cos(Double(2 * x + 1) * Double(u) * .pi / 16) / 2
    }

    mutating func decode() throws(JPEGError) -> Pixmap {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .badSignature }
        var sawFrame = false, sawScan = false
        while true {
            // Markers may be preceded by any number of fill bytes (FF).
            guard i + 1 < bytes.count else {
                if sawScan { break }
                throw .truncated(offset: i)
            }
            guard bytes[i] == 0xFF else { throw .invalidData("expected a marker at byte \(i)") }
            var marker = bytes[i + 1]
            i += 2
            while marker == 0xFF, i < bytes.count { marker = bytes[i]; i += 1 }
            switch marker {
            case 0xD9: // EOI
                guard sawScan else { throw .truncated(offset: i) }
                return try output()
            case 0xD0...0xD7, 0x01: continue
            case 0xC0, 0xC1, 0xC2:
                guard !sawFrame else { throw .invalidData("a second frame header") }
                progressive = marker == 0xC2
                try readFrame(try segment())
                sawFrame = true
            case 0xC6, 0xCA, 0xCE: throw .unsupported("differential or arithmetic progressive coding")
            case 0xC3, 0xC7, 0xCB, 0xCF: throw .unsupported("lossless coding")
            case 0xC5, 0xC9, 0xCD, 0xCC: throw .unsupported("arithmetic or hierarchical coding")
            case 0xC4: try readHuffman(try segment())
            case 0xDB: try readQuantization(try segment())
            case 0xDD:
                let s = try segment()
                guard s.count >= 2 else { throw .invalidData("DRI length") }
                restartInterval = Int(s[s.startIndex]) << 8 | Int(s[s.startIndex + 1])
            case 0xDA:
                guard sawFrame else { throw .invalidData("a scan before the frame header") }
                try readScan(try segment())
                sawScan = true
            case 0xEE:
                let s = try segment()
                if s.count >= 12, s.starts(with: Array("Adobe".utf8)) { adobeTransform = s[s.startIndex + 11] }
            case 0xDC: throw .unsupported("a height defined by DNL")
            default:
                _ = try segment() // APPn, COM and other segments are skipped.
            }
        }
        return try output()
    }

    /// The payload of the marker segment at `i` (after its length), moving past it.
    private mutating func segment() throws(JPEGError) -> ArraySlice<UInt8> {
        guard i + 1 < bytes.count else { throw .truncated(offset: i) }
        let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
        guard length >= 2, i + length <= bytes.count else { throw .truncated(offset: i) }
        defer { i += length }
        return bytes[(i + 2)..<(i + length)]
    }

    private mutating func readQuantization(_ s: ArraySlice<UInt8>) throws(JPEGError) {
        var p = s.startIndex
        while p < s.endIndex {
            let precision = Int(s[p] >> 4), id = Int(s[p] & 15)
            p += 1
            guard id < 4, precision <= 1 else { throw .invalidData("quantization table \(id), precision \(precision)") }
            let size = precision == 0 ? 64 : 128
            guard p + size <= s.endIndex else { throw .invalidData("quantization table \(id) too short") }
            quant[id] = (0..<64).map { k in precision == 0 ? Int(s[p + k]) : Int(s[p + 2 * k]) << 8 | Int(s[p + 2 * k + 1]) }
            p += size
        }
    }

    private mutating func readHuffman(_ s: ArraySlice<UInt8>) throws(JPEGError) {
        var p = s.startIndex
        while p < s.endIndex {
            let tableClass = Int(s[p] >> 4), id = Int(s[p] & 15)
            p += 1
            guard tableClass <= 1, id < 4, p + 16 <= s.endIndex else { throw .invalidData("Huffman table header") }
            let counts = (0..<16).map { Int(s[p + $0]) }
            p += 16
            let total = counts.reduce(0, +)
            guard total <= 256, p + total <= s.endIndex else { throw .invalidData("Huffman table \(id) too short") }
            var table = Huffman()
            table.values = Array(s[p..<(p + total)])
            p += total
            var code = 0, k = 0
            for length in 1...16 {
                let n = counts[length - 1]
                table.valuePointer[length] = k
                table.minCode[length] = code
                code += n
                k += n
                table.maxCode[length] = n > 0 ? code - 1 : -1
                guard code <= 1 << length else { throw .invalidData("Huffman table \(id) over-subscribed") }
                code <<= 1
            }
            if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
        }
    }

    private mutating func readFrame(_ s: ArraySlice<UInt8>) throws(JPEGError) {
        guard s.count >= 6 else { throw .invalidData("frame header length") }
        let b = s.startIndex
        guard s[b] == 8 else { throw .unsupported("\(s[b])-bit samples") }
        height = Int(s[b + 1]) << 8 | Int(s[b + 2])
        width = Int(s[b + 3]) << 8 | Int(s[b + 4])
        let count = Int(s[b + 5])
        guard height > 0 else { throw .unsupported("a height defined by DNL") }
        guard width > 0 else { throw .invalidData("zero width") }
        guard width <= Pixmap.maxDimension, height <= Pixmap.maxDimension, width * height <= Pixmap.maxPixelCount else {
            throw .imageTooLarge(width: width, height: height)
        }
        guard count == 1 || count == 3 else { throw .unsupported("\(count) components") }
        guard s.count >= 6 + 3 * count else { throw .invalidData("frame header length") }
        for c in 0..<count {
            let p = b + 6 + 3 * c
            let h = Int(s[p + 1] >> 4), v = Int(s[p + 1] & 15), q = Int(s[p + 2])
            guard (1...4).contains(h), (1...4).contains(v), q < 4 else { throw .invalidData("component \(c) sampling \(h)×\(v), table \(q)") }
            guard !components.contains(where: { $0.id == s[p] }) else { throw .invalidData("component id \(s[p]) repeated") }
            components.append(Component(id: s[p], h: h, v: v, quantTable: q))
        }
        let hMax = components.map(\.h).max() ?? 1, vMax = components.map(\.v).max() ?? 1
        let mcusX = (width + 8 * hMax - 1) / (8 * hMax), mcusY = (height + 8 * vMax - 1) / (8 * vMax)
        // Every component has at least one block per MCU, and a scan spends at least one bit
        // (a DC code) on each of its blocks: a file with fewer bits than that cannot describe
        // its frame, and is refused before anything is allocated for it, so a few bytes cannot
        // make the decoder allocate and transform a huge declared image.
        guard bytes.count * 8 >= mcusX * mcusY else {
            throw .invalidData("a \(width)×\(height) frame needs at least \(mcusX * mcusY / 8) bytes of scan data; the file has \(bytes.count)")
        }
        for c in components.indices {
            components[c].blocksPerLine = mcusX * components[c].h
            components[c].blocksPerColumn = mcusY * components[c].v
            components[c].coefficients = [Int16](repeating: 0, count: components[c].blocksPerLine * components[c].blocksPerColumn * 64)
        }
    }

    private mutating func readScan(_ s: ArraySlice<UInt8>) throws(JPEGError) {
        guard let count = s.first.map(Int.init), (1...4).contains(count), s.count >= 1 + 2 * count + 3 else {
            throw .invalidData("scan header")
        }
        scans += 1
        guard scans <= JPEGDecoder.maxScans else { throw .invalidData("more than \(JPEGDecoder.maxScans) scans") }
        let tail = s.startIndex + 1 + 2 * count
        let start = Int(s[tail]), end = Int(s[tail + 1]), high = Int(s[tail + 2] >> 4), low = Int(s[tail + 2] & 15)
        if progressive {
            guard start <= end, end <= 63, (start == 0) == (end == 0), start == 0 || count == 1, low <= 13, high <= 13 else {
                throw .invalidData("progressive scan bands \(start)...\(end), bits \(high)/\(low)")
            }
        }
        var scan: [Int] = []
        for k in 0..<count {
            let p = s.startIndex + 1 + 2 * k
            guard let c = components.firstIndex(where: { $0.id == s[p] }) else { throw .invalidData("scan names unknown component \(s[p])") }
            guard progressive || !components[c].decoded else { throw .invalidData("component \(s[p]) in two scans") }
            let dc = Int(s[p + 1] >> 4), ac = Int(s[p + 1] & 15)
            let needsDC = !progressive || (start == 0 && high == 0), needsAC = !progressive || start > 0
            guard dc < 4, ac < 4, !needsDC || dcTables[dc] != nil, !needsAC || acTables[ac] != nil else {
                throw .invalidData("scan uses a missing Huffman table")
            }
            guard !quant[components[c].quantTable].isEmpty else { throw .invalidData("component \(s[p]) has no quantization table") }
            components[c].dcTable = dc
            components[c].acTable = ac
            components[c].decoded = true
            scan.append(c)
        }
        try decodeScan(scan, band: start...max(end, start), high: high, low: low)
    }

    // MARK: Entropy-coded data

    private mutating func bit() -> Int {
        if bitCount == 0 {
            var byte: UInt8 = 0
            if !hitMarker, i < bytes.count {
                byte = bytes[i]
                if byte == 0xFF {
                    let next = i + 1 < bytes.count ? bytes[i + 1] : 0xD9
                    if next == 0x00 { i += 2 } else { hitMarker = true; byte = 0 }
                } else {
                    i += 1
                }
            } else {
                missingBytes += 1
            }
            bitBuffer = UInt32(byte)
            bitCount = 8
        }
        bitCount -= 1
        return Int(bitBuffer >> UInt32(bitCount)) & 1
    }

    private mutating func bits(_ n: Int) -> Int {
        var v = 0
        for _ in 0..<n { v = v << 1 | bit() }
        return v
    }

    /// A value of `n` bits in JPEG's sign convention (F.2.2.1).
    private mutating func receiveExtend(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let v = bits(n)
        return v < 1 << (n - 1) ? v - (1 << n) + 1 : v
    }

    private mutating func decodeSymbol(_ table: Huffman) throws(JPEGError) -> Int {
        var code = 0
        for length in 1...16 {
            code = code << 1 | bit()
            if code <= table.maxCode[length] {
                let index = table.valuePointer[length] + code - table.minCode[length]
                guard index >= 0, index < table.values.count else { break }
                return Int(table.values[index])
            }
        }
        throw .invalidData("a Huffman code that is not in its table")
    }

    /// After a restart interval: drop the partial byte and the RSTn marker.
    private mutating func restart() {
        bitCount = 0
        hitMarker = false
        missingBytes = 0
        while i + 1 < bytes.count, !(bytes[i] == 0xFF && (0xD0...0xD7).contains(bytes[i + 1])) {
            // Skip whatever padding precedes the marker.
            if bytes[i] == 0xFF, bytes[i + 1] != 0x00, bytes[i + 1] != 0xFF { return }
            i += 1
        }
        if i + 1 < bytes.count { i += 2 }
    }

    private mutating func decodeScan(_ scan: [Int], band: ClosedRange<Int>, high: Int, low: Int) throws(JPEGError) {
        bitCount = 0
        hitMarker = false
        missingBytes = 0
        endOfBandRun = 0
        var predictors = [Int](repeating: 0, count: components.count)
        var block = [Int](repeating: 0, count: 64)
        let hMax = components.map(\.h).max() ?? 1, vMax = components.map(\.v).max() ?? 1
        // A single-component scan covers only that component's own blocks, not whole MCUs.
        let single = scan.count == 1
        let c0 = components[scan[0]]
        let unitsX = single ? (((width * c0.h + hMax - 1) / hMax) + 7) / 8 : (width + 8 * hMax - 1) / (8 * hMax)
        let unitsY = single ? (((height * c0.v + vMax - 1) / vMax) + 7) / 8 : (height + 8 * vMax - 1) / (8 * vMax)
        var unit = 0
        rows: for my in 0..<unitsY {
            for mx in 0..<unitsX {
                guard missingBytes <= Self.maxMissingBytes else { break rows }
                if restartInterval > 0, unit > 0, unit % restartInterval == 0 {
                    restart()
                    predictors = [Int](repeating: 0, count: components.count)
                    endOfBandRun = 0
                }
                unit += 1
                for c in scan {
                    let (h, v) = single ? (1, 1) : (components[c].h, components[c].v)
                    for by in 0..<v {
                        for bx in 0..<h {
                            let bxAll = mx * h + bx, byAll = my * v + by
                            guard bxAll < components[c].blocksPerLine, byAll < components[c].blocksPerColumn else { continue }
                            let offset = (byAll * components[c].blocksPerLine + bxAll) * 64
                            blocksRead += 1
                            if !progressive {
                                try decodeBlock(c, &block, &predictors[c])
                                for k in 0..<64 { components[c].coefficients[offset + k] = Int16(clamping: block[k]) }
                            } else if band.lowerBound == 0 {
                                try decodeDC(c, offset: offset, &predictors[c], refine: high > 0, low: low)
                            } else if high == 0 {
                                try decodeACFirst(c, offset: offset, band: band, low: low)
                            } else {
                                try decodeACRefine(c, offset: offset, band: band, low: low)
                            }
                        }
                    }
                }
            }
        }
        bitCount = 0
        // Continue reading markers after the entropy-coded data.
        while i + 1 < bytes.count, !(bytes[i] == 0xFF && bytes[i + 1] != 0x00 && !(0xD0...0xD7).contains(bytes[i + 1])) { i += 1 }
    }

    private mutating func decodeBlock(_ c: Int, _ block: inout [Int], _ predictor: inout Int) throws(JPEGError) {
        guard let dc = dcTables[components[c].dcTable], let ac = acTables[components[c].acTable] else {
            throw .invalidData("missing Huffman table")
        }
        for k in 0..<64 { block[k] = 0 }
        let t = try decodeSymbol(dc)
        guard t <= 11 else { throw .invalidData("DC magnitude \(t)") }
        predictor += receiveExtend(t)
        block[0] = predictor
        var k = 1
        while k < 64 {
            let rs = try decodeSymbol(ac)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r == 15 { k += 16; continue }
                break
            }
            k += r
            guard k < 64 else { throw .invalidData("AC coefficients past the block's end") }
            block[JPEGDecoder.zigzag[k]] = receiveExtend(s)
            k += 1
        }
    }

    // Progressive scans (JPEG Annex G.1.2), coefficients kept quantized until the end.

    private mutating func decodeDC(_ c: Int, offset: Int, _ predictor: inout Int, refine: Bool, low: Int) throws(JPEGError) {
        if refine {
            if bit() == 1 { components[c].coefficients[offset] |= Int16(1) << Int16(low) }
            return
        }
        guard let dc = dcTables[components[c].dcTable] else { throw .invalidData("missing Huffman table") }
        let t = try decodeSymbol(dc)
        guard t <= 11 else { throw .invalidData("DC magnitude \(t)") }
        predictor += receiveExtend(t)
        components[c].coefficients[offset] = Int16(clamping: predictor << low)
    }

    private mutating func decodeACFirst(_ c: Int, offset: Int, band: ClosedRange<Int>, low: Int) throws(JPEGError) {
        if endOfBandRun > 0 { endOfBandRun -= 1; return }
        guard let ac = acTables[components[c].acTable] else { throw .invalidData("missing Huffman table") }
        var k = band.lowerBound
        while k <= band.upperBound {
            let rs = try decodeSymbol(ac)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r < 15 {
                    endOfBandRun = (1 << r) - 1 + (r > 0 ? bits(r) : 0)
                    break
                }
                k += 16
                continue
            }
            k += r
            guard k <= 63 else { throw .invalidData("AC coefficients past the block's end") }
            components[c].coefficients[offset + JPEGDecoder.zigzag[k]] = Int16(clamping: receiveExtend(s) << low)
            k += 1
        }
    }

    private mutating func decodeACRefine(_ c: Int, offset: Int, band: ClosedRange<Int>, low: Int) throws(JPEGError) {
        let plus = Int16(1) << Int16(low), minus = Int16(-1) << Int16(low)
        var k = band.lowerBound
        /// Adds the correction bit of a coefficient already non-zero.
        func refine(_ index: Int, _ decoder: inout JPEGDecoder) {
            let v = decoder.components[c].coefficients[index]
            if decoder.bit() == 1, v & plus == 0 { decoder.components[c].coefficients[index] = v >= 0 ? v &+ plus : v &+ minus }
        }
        if endOfBandRun == 0 {
            guard let ac = acTables[components[c].acTable] else { throw .invalidData("missing Huffman table") }
            while k <= band.upperBound {
                let rs = try decodeSymbol(ac)
                var r = rs >> 4
                let s = rs & 15
                var value: Int16 = 0
                if s == 0 {
                    if r < 15 {
                        endOfBandRun = (1 << r) + (r > 0 ? bits(r) : 0)
                        break
                    }
                } else {
                    guard s == 1 else { throw .invalidData("a refinement coefficient of \(s) bits") }
                    value = bit() == 1 ? plus : minus
                }
                // Skip r zero coefficients (refining the non-zero ones met), then place the new one.
                while k <= band.upperBound {
                    let index = offset + JPEGDecoder.zigzag[k]
                    if components[c].coefficients[index] != 0 {
                        refine(index, &self)
                    } else {
                        if r == 0 {
                            if value != 0 { components[c].coefficients[index] = value }
                            break
                        }
                        r -= 1
                    }
                    k += 1
                }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            while k <= band.upperBound {
                let index = offset + JPEGDecoder.zigzag[k]
                if components[c].coefficients[index] != 0 { refine(index, &self) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    /// The component's samples: every block dequantized and inverse-transformed
    /// (`stride = blocksPerLine · 8`).
    private func samples(of comp: Component) -> [UInt8] {
        let t = JPEGDecoder.idctTable, q = quant[comp.quantTable]
        var dequantized = [Int](repeating: 0, count: 64)
        for k in 0..<64 where k < q.count { dequantized[JPEGDecoder.zigzag[k]] = q[k] }
        let stride = comp.blocksPerLine * 8
        var out = [UInt8](repeating: 0, count: stride * comp.blocksPerColumn * 8)
        var rows = [Double](repeating: 0, count: 64)
        for blockY in 0..<comp.blocksPerColumn {
            for blockX in 0..<comp.blocksPerLine {
                let offset = (blockY * comp.blocksPerLine + blockX) * 64
                // Rows: for each frequency row v, transform along u.
                for v in 0..<8 {
                    for x in 0..<8 {
                        var sum = 0.0
                        for u in 0..<8 {
                            let coefficient = comp.coefficients[offset + v * 8 + u]
                            if coefficient != 0 { sum += t[x * 8 + u] * Double(Int(coefficient) * dequantized[v * 8 + u]) }
                        }
                        rows[v * 8 + x] = sum
                    }
                }
                for y in 0..<8 {
                    for x in 0..<8 {
                        var sum = 0.0
                        for v in 0..<8 { sum += t[y * 8 + v] * rows[v * 8 + x] }
                        out[(blockY * 8 + y) * stride + blockX * 8 + x] = UInt8(min(max((sum + 128).rounded(), 0), 255))
                    }
                }
            }
        }
        return out
    }

    // MARK: Colour

    private func output() throws(JPEGError) -> Pixmap {
        guard !components.isEmpty, components.allSatisfy(\.decoded) else { throw .invalidData("a component without a scan") }
        let hMax = components.map(\.h).max() ?? 1, vMax = components.map(\.v).max() ?? 1
        // Each component's samples at full resolution, interpolated between sample centres.
        let planes: [[UInt8]] = components.map { comp in
            let stride = comp.blocksPerLine * 8
            let samples = samples(of: comp)
            let cw = (width * comp.h + hMax - 1) / hMax, ch = (height * comp.v + vMax - 1) / vMax
            if comp.h == hMax, comp.v == vMax {
                var out = [UInt8](repeating: 0, count: width * height)
                for y in 0..<height { for x in 0..<width { out[y * width + x] = samples[y * stride + x] } }
                return out
            }
            let sx = Double(comp.h) / Double(hMax), sy = Double(comp.v) / Double(vMax)
            var out = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let fy = min(max((Double(y) + 0.5) * sy - 0.5, 0), Double(ch - 1))
                let y0 = Int(fy), y1 = min(y0 + 1, ch - 1), wy = fy - Double(y0)
                for x in 0..<width {
                    let fx = min(max((Double(x) + 0.5) * sx - 0.5, 0), Double(cw - 1))
                    let x0 = Int(fx), x1 = min(x0 + 1, cw - 1), wx = fx - Double(x0)
                    let a = Double(samples[y0 * stride + x0]), b = Double(samples[y0 * stride + x1])
                    let c = Double(samples[y1 * stride + x0]), d = Double(samples[y1 * stride + x1])
                    let top = a + (b - a) * wx, bottom = c + (d - c) * wx
                    out[y * width + x] = UInt8(min(max((top + (bottom - top) * wy).rounded(), 0), 255))
                }
            }
            return out
        }
        var data = [UInt8](repeating: 255, count: width * height * 4)
        let ycc = components.count == 3 && adobeTransform != 0
        for p in 0..<(width * height) {
            if components.count == 1 {
                let g = planes[0][p]
                data[4 * p] = g; data[4 * p + 1] = g; data[4 * p + 2] = g
            } else if ycc {
                let y = Double(planes[0][p]), cb = Double(planes[1][p]) - 128, cr = Double(planes[2][p]) - 128
                func clamp(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
                data[4 * p] = clamp(y + 1.402 * cr)
                data[4 * p + 1] = clamp(y - 0.344136 * cb - 0.714136 * cr)
                data[4 * p + 2] = clamp(y + 1.772 * cb)
            } else {
                data[4 * p] = planes[0][p]; data[4 * p + 1] = planes[1][p]; data[4 * p + 2] = planes[2][p]
            }
        }
        do throws(PixmapError) {
            return try Pixmap(width: width, height: height, data: data)
        } catch {
            throw .imageTooLarge(width: width, height: height)
        }
    }
}
