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

    /// Writes the filter byte then the filtered bytes of `row` into `out` (`row.count + 1`
    /// bytes), given the unfiltered row above (nil for the first row: zeros).
    /// - Returns: the sum of the filtered bytes' absolute values read as signed, the cost the
    ///   encoder's heuristic minimises.
    @discardableResult
    static func apply(_ filter: PNGFilter, row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?,
                      stride bpp: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        out[0] = filter.rawValue
        let n = row.count
        guard n > 0, let r = row.baseAddress, let o = out.baseAddress.map({ $0 + 1 }) else { return 0 }
        precondition(out.count > n && (previous == nil || previous!.count >= n))
        // Raw pointers and `while` loops, predictions first and the cost in a second pass: no
        // closure, no iterator and no generic `abs`, so the encoder is quick in debug builds too
        // (a new user's first `swift run cutout gallery` encodes every PNG in a debug build).
        let head = min(bpp, n)
        var i = 0
        switch (filter, previous?.baseAddress) {
        case (.none, _), (.up, nil):
            o.update(from: r, count: n)
        case (.sub, _), (.paeth, nil):
            // With zeros above, Paeth predicts the left byte.
            o.update(from: r, count: head)
            i = head
            while i < n { o[i] = r[i] &- r[i - bpp]; i += 1 }
        case (.up, let up?):
            while i < n { o[i] = r[i] &- up[i]; i += 1 }
        case (.average, let up?):
            while i < head { o[i] = r[i] &- up[i] / 2; i += 1 }
            while i < n { o[i] = r[i] &- UInt8((UInt16(r[i - bpp]) + UInt16(up[i])) / 2); i += 1 }
        case (.average, nil):
            o.update(from: r, count: head)
            i = head
            while i < n { o[i] = r[i] &- r[i - bpp] / 2; i += 1 }
        case (.paeth, let up?):
            while i < head { o[i] = r[i] &- up[i]; i += 1 }
            while i < n { o[i] = r[i] &- paethPredictor(r[i - bpp], up[i], up[i - bpp]); i += 1 }
        }
        var cost = 0
        i = 0
        while i < n {
            let v = o[i]
            cost &+= v < 128 ? Int(v) : 256 - Int(v)
            i += 1
        }
        return cost
    }
}
