/// LLVM's prefetch intrinsic: `rw` 0 read / 1 write, `locality` 0...3 (3: keep in all
/// levels), `cacheType` 1 for data. Compiles to one instruction (`prefetcht0` on x86-64,
/// `prfm` on arm64) and never faults, whatever the address.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ rw: Int32, _ locality: Int32, _ cacheType: Int32)

/// Cache hints for memory about to be read and written.
enum CacheHint {
    /// Bytes per cache line assumed when stepping through a range.
    static let lineBytes = 64

    /// Asks the processor to bring `count` pixels from `p` into the cache for writing.
    @inline(__always)
    static func prefetch(_ p: UnsafeMutablePointer<UInt32>, count: Int) {
        // Steps a pointer rather than an integer address: no optional to unwrap and no
        // overflow test per line.
        let misalignment = Int(UInt(bitPattern: p) & UInt(lineBytes - 1))
        var a = UnsafeRawPointer(p) - misalignment
        let end = UnsafeRawPointer(p + count)
        while a < end {
            llvmPrefetch(a, 1, 3, 1)
            a += lineBytes
        }
    }
}
