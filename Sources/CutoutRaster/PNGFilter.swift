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

    /// Writes the filter byte and the filtered bytes of `row` (given the unfiltered row above,
    /// or zeros) into `out`.
    static func apply(_ filter: PNGFilter, row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?, stride bpp: Int, into out: inout [UInt8]) {
        out.append(filter.rawValue)
        for i in 0..<row.count {
            let left = i >= bpp ? row[i - bpp] : 0
            let up = previous?[i] ?? 0
            let upLeft = i >= bpp ? (previous?[i - bpp] ?? 0) : 0
            let predicted: UInt8
            switch filter {
            case .none: predicted = 0
            case .sub: predicted = left
            case .up: predicted = up
            case .average: predicted = UInt8((Int(left) + Int(up)) / 2)
            case .paeth: predicted = paethPredictor(left, up, upLeft)
            }
            out.append(row[i] &- predicted)
        }
    }
}
