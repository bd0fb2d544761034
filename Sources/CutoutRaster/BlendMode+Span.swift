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
    /// The mode is dispatched once per span, to a loop specialised for it.
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
        case .sourceIn: Self.blendLoop(BlendMath.SourceIn.self, src, coverage, dst, count)
        case .sourceOut: Self.blendLoop(BlendMath.SourceOut.self, src, coverage, dst, count)
        case .sourceAtop: Self.blendLoop(BlendMath.SourceAtop.self, src, coverage, dst, count)
        case .destinationOver: Self.blendLoop(BlendMath.DestinationOver.self, src, coverage, dst, count)
        case .destinationIn: Self.blendLoop(BlendMath.DestinationIn.self, src, coverage, dst, count)
        case .destinationAtop: Self.blendLoop(BlendMath.DestinationAtop.self, src, coverage, dst, count)
        case .xor: Self.blendLoop(BlendMath.Xor.self, src, coverage, dst, count)
        case .plusLighter: Self.blendLoop(BlendMath.PlusLighter.self, src, coverage, dst, count)
        case .plusDarker: Self.blendLoop(BlendMath.PlusDarker.self, src, coverage, dst, count)
        case .multiply: Self.mixLoop(BlendMath.Multiply.self, src, coverage, dst, count)
        case .screen: Self.mixLoop(BlendMath.Screen.self, src, coverage, dst, count)
        case .overlay: Self.mixLoop(BlendMath.Overlay.self, src, coverage, dst, count)
        case .darken: Self.mixLoop(BlendMath.Darken.self, src, coverage, dst, count)
        case .lighten: Self.mixLoop(BlendMath.Lighten.self, src, coverage, dst, count)
        case .colorDodge: Self.mixLoop(BlendMath.ColorDodge.self, src, coverage, dst, count)
        case .colorBurn: Self.mixLoop(BlendMath.ColorBurn.self, src, coverage, dst, count)
        case .hardLight: Self.mixLoop(BlendMath.HardLight.self, src, coverage, dst, count)
        case .softLight: Self.mixLoop(BlendMath.SoftLight.self, src, coverage, dst, count)
        case .difference: Self.mixLoop(BlendMath.Difference.self, src, coverage, dst, count)
        case .exclusion: Self.mixLoop(BlendMath.Exclusion.self, src, coverage, dst, count)
        case .hue: Self.mixLoop(BlendMath.Hue.self, src, coverage, dst, count)
        case .saturation: Self.mixLoop(BlendMath.Saturation.self, src, coverage, dst, count)
        case .color: Self.mixLoop(BlendMath.ColorMode.self, src, coverage, dst, count)
        case .luminosity: Self.mixLoop(BlendMath.Luminosity.self, src, coverage, dst, count)
        }
    }

    /// One Porter-Duff operator over a span, bounded by coverage.
    @inline(__always)
    private static func blendLoop<F: PixelBlendFormula>(
        _: F.Type, _ src: UnsafePointer<PremultipliedRGBA8>, _ coverage: UnsafePointer<UInt8>?,
        _ dst: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int
    ) {
        guard let coverage else {
            for i in 0..<count { dst[i] = F.blend(src[i], dst[i]) }
            return
        }
        for i in 0..<count {
            let c = coverage[i]
            if c == 0 { continue }
            let d = dst[i]
            let r = F.blend(src[i], d)
            dst[i] = c == 255 ? r : BlendMath.lerp(d, r, c)
        }
    }

    /// One blend mode `B(Cb, Cs)` over a span, bounded by coverage.
    @inline(__always)
    private static func mixLoop<M: ColorMixer>(
        _: M.Type, _ src: UnsafePointer<PremultipliedRGBA8>, _ coverage: UnsafePointer<UInt8>?,
        _ dst: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int
    ) {
        blendLoop(BlendMath.Mixed<M>.self, src, coverage, dst, count)
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
