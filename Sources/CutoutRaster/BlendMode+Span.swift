import Foundation

extension BlendMode {
    /// Composites `count` premultiplied source pixels onto `dst`, in place.
    ///
    /// With a coverage span, compositing is *bounded* (as Core Graphics and Skia do for
    /// shapes): `result = dst + cov·(blend(src, dst) − dst)`, `cov = coverage[i] / 255`, so a
    /// pixel the shape does not touch keeps its colour whatever the mode (even ``clear`` and
    /// ``copy``). `nil` coverage means full coverage.
    ///
    /// For ``normal`` the coverage scales the source before source-over, which is the same
    /// formula rearranged (`cov·s + d·(1 − cov·sa)`); rounding can differ from the lerp form by 1.
    ///
    /// Complexity: O(`count`). Fast integer paths for ``normal``, ``copy``, ``clear`` and
    /// ``destinationOut``; every Porter-Duff operator is integer arithmetic.
    public func blendSpan(_ src: UnsafePointer<PremultipliedRGBA8>, coverage: UnsafePointer<UInt8>?,
                          into dst: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int) {
        guard count > 0 else { return }
        switch self {
        case .normal:
            for i in 0..<count {
                var s = src[i]
                if let coverage {
                    let c = coverage[i]
                    if c == 0 { continue }
                    if c != 255 { s = BlendMath.scale(s, c) }
                }
                if s.a == 255 {
                    dst[i] = s
                } else if s.a != 0 {
                    dst[i] = BlendMath.sourceOver(s, dst[i])
                }
            }
        case .destinationOut:
            for i in 0..<count {
                var sa = src[i].a
                if let coverage { sa = BlendMath.mul255(sa, coverage[i]) }
                if sa == 0 { continue }
                dst[i] = sa == 255 ? .transparent : BlendMath.scale(dst[i], 255 - sa)
            }
        case .copy:
            for i in 0..<count {
                let c = coverage?[i] ?? 255
                if c == 255 {
                    dst[i] = src[i]
                } else if c != 0 {
                    dst[i] = BlendMath.lerp(dst[i], src[i], c)
                }
            }
        case .clear:
            for i in 0..<count {
                let c = coverage?[i] ?? 255
                if c == 255 {
                    dst[i] = .transparent
                } else if c != 0 {
                    dst[i] = BlendMath.scale(dst[i], 255 - c)
                }
            }
        default:
            let porterDuff = isPorterDuff
            for i in 0..<count {
                let c = coverage?[i] ?? 255
                if c == 0 { continue }
                let d = dst[i]
                let r = porterDuff ? BlendMath.porterDuff(self, src[i], d)
                                   : BlendMath.blendModeFloat(self, src[i], d)
                dst[i] = c == 255 ? r : BlendMath.lerp(d, r, c)
            }
        }
    }

    /// Composites one solid premultiplied `color` over a span: the same as
    /// ``blendSpan(_:coverage:into:count:)`` with every source pixel equal to `color`.
    public func blendSpan(color: PremultipliedRGBA8, coverage: UnsafePointer<UInt8>?,
                          into dst: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int) {
        guard count > 0 else { return }
        let chunk = Swift.min(count, 256)
        withUnsafeTemporaryAllocation(of: PremultipliedRGBA8.self, capacity: chunk) { buffer in
            guard let base = buffer.baseAddress else { return }
            base.initialize(repeating: color, count: chunk)
            var done = 0
            while done < count {
                let n = Swift.min(chunk, count - done)
                blendSpan(UnsafePointer(base), coverage: coverage.map { $0 + done }, into: dst + done, count: n)
                done += n
            }
        }
    }
}
