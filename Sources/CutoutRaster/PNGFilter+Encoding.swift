/// The encoder's side of the scanline filters: choosing each row's filter and writing it.
///
/// A new user's first `swift run cutout gallery` encodes every PNG in a debug build, where
/// each operation costs nanoseconds: calls are not inlined, generic code is not specialised and
/// every call clears its locals' stack slots. So the five candidates are not written out one
/// after another: their costs are summed in one pass over the row, eight bytes at a time as the
/// lanes of a `UInt64` (``ByteLanes``), and only the chosen filter is written. Paeth needs real
/// comparisons only where the upper-left byte differs from both the left and the upper byte;
/// elsewhere it predicts exactly what Sub or Up does, and flat areas are most of a scene.
///
/// A row is given as `(count + 7) / 8` words in lane order (byte `i` of the row is lane `i % 8`
/// of word `i / 8`); lanes past `count` are ignored. The first row's `above` is all zeros. The
/// stride (bytes per pixel) is 1...7.
extension PNGFilter {
    /// The filter whose output has the least sum of absolute values of the bytes read as
    /// signed, the first in `allCases` on ties (the heuristic the PNG specification suggests).
    static func best(row: UnsafePointer<UInt64>, above: UnsafePointer<UInt64>, count n: Int, stride bpp: Int) -> PNGFilter {
        var none: UInt64 = 0, sub: UInt64 = 0, upCost: UInt64 = 0, average: UInt64 = 0, paeth: UInt64 = 0
        let shift = UInt64(truncatingIfNeeded: 8 &* bpp)
        let words = (n &+ 7) / 8
        let lastMask = ~UInt64(0) &>> UInt64(truncatingIfNeeded: 8 &* (words &* 8 &- n))
        var x: UInt64 = 0, a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, left: UInt64 = 0, upperLeft: UInt64 = 0
        var subWord: UInt64 = 0, upWord: UInt64 = 0, cIsB: UInt64 = 0, known: UInt64 = 0, quick: UInt64 = 0
        var k = 0
        while k < words {
            x = row[k]
            b = above[k]
            a = ByteLanes.preceding(x, by: shift, after: left)
            c = ByteLanes.preceding(b, by: shift, after: upperLeft)
            left = x
            upperLeft = b
            if k == words &- 1 {
                // Zeros in every lane past the row: each filter gives 0 there.
                x &= lastMask; a &= lastMask; b &= lastMask; c &= lastMask
            }
            subWord = ByteLanes.difference(x, a)
            upWord = ByteLanes.difference(x, b)
            none &+= ByteLanes.signedMagnitudeSum(x)
            sub &+= ByteLanes.signedMagnitudeSum(subWord)
            upCost &+= ByteLanes.signedMagnitudeSum(upWord)
            average &+= ByteLanes.signedMagnitudeSum(ByteLanes.difference(x, ByteLanes.average(a, b)))
            // paethWord written out: in a debug build a call clears its locals.
            cIsB = ByteLanes.equalMask(c, b)
            known = cIsB | ByteLanes.equalMask(c, a)
            quick = (subWord & cIsB) | (upWord & ~cIsB)
            paeth &+= ByteLanes.signedMagnitudeSum(known == ~0 ? quick : paethWordByByte(x, a, b, c, known: known, quick: quick))
            k &+= 1
        }
        var best = PNGFilter.none, cost = none
        if sub < cost { best = .sub; cost = sub }
        if upCost < cost { best = .up; cost = upCost }
        if average < cost { best = .average; cost = average }
        if paeth < cost { best = .paeth }
        return best
    }

    /// Writes the `n` bytes of `row` filtered with `filter` to `out` (the filter type byte is
    /// the caller's).
    static func apply(_ filter: PNGFilter, row: UnsafePointer<UInt64>, above: UnsafePointer<UInt64>, count n: Int,
                      stride bpp: Int, into out: UnsafeMutablePointer<UInt8>) {
        let shift = UInt64(truncatingIfNeeded: 8 &* bpp)
        let o = UnsafeMutableRawPointer(out)
        var x: UInt64 = 0, a: UInt64 = 0, b: UInt64 = 0, left: UInt64 = 0, upperLeft: UInt64 = 0, word: UInt64 = 0
        var k = 0, i = 0
        while i < n {
            x = row[k]
            b = above[k]
            a = ByteLanes.preceding(x, by: shift, after: left)
            switch filter {
            case .none: word = x
            case .sub: word = ByteLanes.difference(x, a)
            case .up: word = ByteLanes.difference(x, b)
            case .average: word = ByteLanes.difference(x, ByteLanes.average(a, b))
            case .paeth:
                word = paethWord(x, a, b, ByteLanes.preceding(b, by: shift, after: upperLeft),
                                 sub: ByteLanes.difference(x, a), up: ByteLanes.difference(x, b))
            }
            left = x
            upperLeft = b
            if i &+ 8 <= n {
                o.storeBytes(of: word.littleEndian, toByteOffset: i, as: UInt64.self)
                i &+= 8
            } else {
                while i < n {
                    out[i] = UInt8(truncatingIfNeeded: word)
                    word = word &>> 8
                    i &+= 1
                }
            }
            k &+= 1
        }
    }

    /// Eight Paeth-filtered bytes, given the same bytes' Sub and Up outputs.
    private static func paethWord(_ x: UInt64, _ a: UInt64, _ b: UInt64, _ c: UInt64, sub: UInt64, up: UInt64) -> UInt64 {
        // c = b makes |p − a| zero: the prediction is a (Sub). Otherwise c = a makes |p − b|
        // zero and |p − a| = |p − c| = |b − c| > 0: the prediction is b (Up).
        let cIsB = ByteLanes.equalMask(c, b), known = cIsB | ByteLanes.equalMask(c, a)
        let quick = (sub & cIsB) | (up & ~cIsB)
        return known == ~0 ? quick : paethWordByByte(x, a, b, c, known: known, quick: quick)
    }

    /// ``paethPredictor`` in the lanes where `known` is 0, `quick` in the others; in `UInt64`
    /// arithmetic (integer conversions are generic).
    private static func paethWordByByte(_ x: UInt64, _ a: UInt64, _ b: UInt64, _ c: UInt64, known: UInt64, quick: UInt64) -> UInt64 {
        var word = quick & known, shift: UInt64 = 0
        var av: UInt64 = 0, bv: UInt64 = 0, cv: UInt64 = 0, pa: UInt64 = 0, pb: UInt64 = 0, pc: UInt64 = 0, predicted: UInt64 = 0
        while shift < 64 {
            if (known &>> shift) & 0xFF != 0 {
                shift &+= 8
                continue
            }
            av = (a &>> shift) & 0xFF
            bv = (b &>> shift) & 0xFF
            cv = (c &>> shift) & 0xFF
            pa = bv >= cv ? bv &- cv : cv &- bv
            pb = av >= cv ? av &- cv : cv &- av
            pc = av &+ bv >= cv &+ cv ? av &+ bv &- cv &- cv : cv &+ cv &- av &- bv
            predicted = pa <= pb && pa <= pc ? av : pb <= pc ? bv : cv
            word |= (((x &>> shift) &- predicted) & 0xFF) &<< shift
            shift &+= 8
        }
        return word
    }
}
