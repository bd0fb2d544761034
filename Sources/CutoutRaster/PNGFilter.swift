/// PNG's five scanline filters (filter method 0): None, Sub, Up, Average, Paeth.
enum PNGFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub, up, average, paeth

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        // |p - a|, |p - b|, |p - c| for p = a + b - c, without the generic `abs` (slow in debug).
        let ia = Int(a), ib = Int(b), ic = Int(c)
        let pa = ib >= ic ? ib - ic : ic - ib
        let pb = ia >= ic ? ia - ic : ic - ia
        let sum = ia + ib - 2 * ic
        let pc = sum >= 0 ? sum : -sum
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
}
