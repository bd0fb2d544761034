/// PNG's five scanline filters (filter method 0): None, Sub, Up, Average, Paeth.
enum PNGFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub, up, average, paeth

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses the filters of `rows` consecutive scanlines (each a filter byte then `rowBytes`
    /// bytes) in place, starting at `start` in `data`. The row above the first is taken as zeros.
    /// - Throws: ``PNGError/invalidFilterType(_:row:pass:)`` for a filter byte above 4.
    static func unfilter(_ data: inout [UInt8], start: Int, rows: Int, rowBytes: Int, stride bpp: Int, pass: Int) throws(PNGError) {
        let line = rowBytes + 1
        let badRow: (row: Int, type: UInt8)? = data.withUnsafeMutableBufferPointer { buf in
            for y in 0..<rows {
                let rowStart = start + y * line
                guard let filter = PNGFilter(rawValue: buf[rowStart]) else { return (y, buf[rowStart]) }
                let cur = buf.baseAddress! + rowStart + 1
                let prev: UnsafeMutablePointer<UInt8>? = y > 0 ? cur - line : nil
                switch filter {
                case .none:
                    break
                case .sub:
                    for i in bpp..<rowBytes { cur[i] &+= cur[i - bpp] }
                case .up:
                    if let prev { for i in 0..<rowBytes { cur[i] &+= prev[i] } }
                case .average:
                    for i in 0..<rowBytes {
                        let left = i >= bpp ? Int(cur[i - bpp]) : 0
                        let up = prev.map { Int($0[i]) } ?? 0
                        cur[i] &+= UInt8((left + up) / 2)
                    }
                case .paeth:
                    for i in 0..<rowBytes {
                        let left = i >= bpp ? cur[i - bpp] : 0
                        let up = prev?[i] ?? 0
                        let upLeft = i >= bpp ? (prev?[i - bpp] ?? 0) : 0
                        cur[i] &+= paethPredictor(left, up, upLeft)
                    }
                }
            }
            return nil
        }
        if let badRow { throw .invalidFilterType(badRow.type, row: badRow.row, pass: pass) }
    }

    /// Writes the filter byte then the filtered bytes of `row` into `out` (`row.count + 1`
    /// bytes), given the unfiltered row above (nil for the first row: zeros).
    /// - Returns: the sum of the filtered bytes' absolute values read as signed, the cost the
    ///   encoder's heuristic minimises.
    @discardableResult
    static func apply(_ filter: PNGFilter, row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?,
                      stride bpp: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        out[0] = filter.rawValue
        let n = row.count
        var cost = 0
        @inline(__always) func emit(_ i: Int, _ predicted: UInt8) {
            let v = row[i] &- predicted
            out[i + 1] = v
            cost += abs(Int(Int8(bitPattern: v)))
        }
        switch (filter, previous) {
        case (.none, _):
            for i in 0..<n { emit(i, 0) }
        case (.sub, _):
            for i in 0..<n { emit(i, i >= bpp ? row[i - bpp] : 0) }
        case (.up, let up?):
            for i in 0..<n { emit(i, up[i]) }
        case (.up, nil):
            for i in 0..<n { emit(i, 0) }
        case (.average, let up?):
            for i in 0..<n { emit(i, UInt8((Int(i >= bpp ? row[i - bpp] : 0) + Int(up[i])) / 2)) }
        case (.average, nil):
            for i in 0..<n { emit(i, i >= bpp ? row[i - bpp] / 2 : 0) }
        case (.paeth, let up?):
            for i in 0..<n {
                emit(i, i >= bpp ? paethPredictor(row[i - bpp], up[i], up[i - bpp]) : up[i])
            }
        case (.paeth, nil):
            // With zeros above, Paeth predicts the left byte.
            for i in 0..<n { emit(i, i >= bpp ? row[i - bpp] : 0) }
        }
        return cost
    }
}
