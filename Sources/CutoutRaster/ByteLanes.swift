/// Byte-wise arithmetic on the eight byte lanes of a `UInt64` (SWAR), with no carry between
/// lanes; lane 0 is the least significant byte.
///
/// The masks are literals rather than static constants and the shifts are masking shifts:
/// in a debug build a static constant is read through its lazy initialiser's accessor, and a
/// smart shift (`>>`) is generic.
enum ByteLanes {
    /// The 8 bytes that start `bits / 8` (1...7) bytes before `word`, given the word before it.
    @inline(__always)
    static func preceding(_ word: UInt64, by bits: UInt64, after previous: UInt64) -> UInt64 {
        (word &<< bits) | (previous &>> (64 &- bits))
    }

    /// `x − y` in every byte, wrapping.
    @inline(__always)
    static func difference(_ x: UInt64, _ y: UInt64) -> UInt64 {
        ((x | 0x8080_8080_8080_8080) &- (y & 0x7F7F_7F7F_7F7F_7F7F)) ^ ((x ^ ~y) & 0x8080_8080_8080_8080)
    }

    /// `⌊(x + y) / 2⌋` in every byte.
    @inline(__always)
    static func average(_ x: UInt64, _ y: UInt64) -> UInt64 {
        (x & y) &+ (((x ^ y) &>> 1) & 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// 0xFF in the bytes where `x` and `y` are equal, 0 elsewhere.
    @inline(__always)
    static func equalMask(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let z = x ^ y
        // The high bit of each byte of `nonzero` is set when any bit of that byte of z is.
        let nonzero = (((z & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | z) & 0x8080_8080_8080_8080
        return ((nonzero ^ 0x8080_8080_8080_8080) &>> 7) &* 0xFF
    }

    /// The sum of the bytes' absolute values, each byte read as signed (at most 8 × 128).
    @inline(__always)
    static func signedMagnitudeSum(_ v: UInt64) -> UInt64 {
        let negative = ((v & 0x8080_8080_8080_8080) &>> 7) &* 0xFF
        // A negative byte's magnitude 256 − v ≤ 128 is (v xor 0xFF) + 1, without a carry out.
        let magnitudes = (v ^ negative) &+ (negative & 0x0101_0101_0101_0101)
        let pairs = (magnitudes & 0x00FF_00FF_00FF_00FF) &+ ((magnitudes &>> 8) & 0x00FF_00FF_00FF_00FF)
        return (pairs &* 0x0001_0001_0001_0001) &>> 48
    }
}
