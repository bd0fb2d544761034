import Foundation
import CutoutGeometry

extension Pixmap {
    /// The largest sigma a blur uses; larger values are clamped to it. At this size the
    /// blur has long since spread any pixmap into near-transparency, so nothing visible is lost,
    /// and the clamp bounds the temporary line buffers.
    public static let maximumBlurSigma: CGFloat = 1024

    /// How far (in pixels) a blur of `sigma` spreads a pixel: `ceil(3σ)`. Pad a pixmap by
    /// this much on every side before ``gaussianBlurred(sigma:)`` to keep the whole blur
    /// (as a shadow does). 0 for sigma below 0.001 (an identity blur) or NaN.
    public static func gaussianBlurOutset(sigma: CGFloat) -> Int {
        let s = BlurPlan.clampedSigma(sigma)
        return s > 0 ? Int((3 * s).rounded(.up)) : 0
    }

    /// This pixmap blurred by a Gaussian of standard deviation `sigma` pixels, same size.
    ///
    /// The blur runs on premultiplied colour, so transparent pixels never bleed black. Pixels
    /// outside the pixmap count as transparent, so the edges fade; whatever blurs past the
    /// edges is cut off (see ``gaussianBlurOutset(sigma:)``).
    ///
    /// Method: separable. For σ ≥ 2, three successive box blurs with the sizes the SVG
    /// `feGaussianBlur` specification gives (`d = ⌊σ·3·√(2π)/4 + 0.5⌋`, odd and even cases),
    /// whose result stays within about 3% of the true Gaussian's peak; for σ < 2, an exact
    /// sampled Gaussian kernel of radius `⌈3σ⌉`. Intermediate sums are kept in `Float`.
    ///
    /// sigma below 0.001 (no visible blur) or NaN returns a copy; sigma above ``maximumBlurSigma`` is clamped to it.
    ///
    /// Complexity: O(width · height) for any sigma (plus O(σ) per row and column for padding);
    /// 16 bytes of temporary `Float` storage per pixel.
    public func gaussianBlurred(sigma: CGFloat) -> Pixmap {
        gaussianBlurred(sigmaX: sigma, sigmaY: sigma)
    }

    /// A Gaussian blur with a different sigma across (x) and down (y); each axis follows the
    /// rules of ``gaussianBlurred(sigma:)``.
    public func gaussianBlurred(sigmaX: CGFloat, sigmaY: CGFloat) -> Pixmap {
        let planX = BlurPlan(sigma: sigmaX), planY = BlurPlan(sigma: sigmaY)
        if planX == nil && planY == nil { return self }
        let w = width, h = height, count = w * h * 4
        // Pointers, `while` loops and explicit comparisons instead of subscripts, ranges and
        // `min`/`max`: a debug build runs those as calls (bounds checks, generic code), which made
        // this blur most of the gallery's and the spotlight tests' time there; an optimised
        // build compiles both forms alike.
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: count)
        defer { buffer.deallocate() }
        data.withUnsafeBufferPointer { src in
            let s = src.baseAddress!
            var i = 0
            while i < count { buffer[i] = Float(s[i]); i += 1 }
        }
        if let planX {
            planX.run(lines: h, length: w, lineStride: w * 4, pixelStride: 4, base: buffer)
        }
        if let planY {
            planY.run(lines: w, length: h, lineStride: 4, pixelStride: w * 4, base: buffer)
        }
        @inline(__always) func quantized(_ v: Float) -> UInt8 {
            let t = v + 0.5
            return UInt8(t < 0 ? 0 : t > 255 ? 255 : t)
        }
        var out = self
        out.data.withUnsafeMutableBufferPointer { dst in
            let d = dst.baseAddress!
            var i = 0
            while i < count {
                let a = quantized(buffer[i + 3])
                let r = quantized(buffer[i]), g = quantized(buffer[i + 1]), b = quantized(buffer[i + 2])
                d[i] = r < a ? r : a
                d[i + 1] = g < a ? g : a
                d[i + 2] = b < a ? b : a
                d[i + 3] = a
                i += 4
            }
        }
        return out
    }

    /// This pixmap blurred with nothing cut off: the result is larger by
    /// ``gaussianBlurOutset(sigma:)`` pixels on every side (the source sits at that offset), as
    /// a shadow needs. Otherwise as ``gaussianBlurred(sigma:)``.
    /// - Throws: ``PixmapError/invalidSize(width:height:)`` when the grown size is over the limits.
    public func gaussianBlurredExpanded(sigma: CGFloat) throws(PixmapError) -> Pixmap {
        let outset = Pixmap.gaussianBlurOutset(sigma: sigma)
        var grown = try Pixmap(width: width + 2 * outset, height: height + 2 * outset, scale: scale)
        let rowBytes = width * 4, grownRowBytes = grown.width * 4
        grown.data.withUnsafeMutableBufferPointer { dst in
            data.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let d = dst.baseAddress! + (y + outset) * grownRowBytes + outset * 4
                    d.update(from: src.baseAddress! + y * rowBytes, count: rowBytes)
                }
            }
        }
        return grown.gaussianBlurred(sigma: sigma)
    }

    /// Blurs this pixmap in place; see ``gaussianBlurred(sigma:)``.
    public mutating func blur(sigma: CGFloat) {
        self = gaussianBlurred(sigma: sigma)
    }
}

/// The 1-D filter for one axis of a Gaussian blur.
struct BlurPlan: Equatable {
    /// Box windows `[i − left, i + right]`, applied in order.
    var boxes: [(left: Int, right: Int)]
    /// Sampled Gaussian weights for offsets `-radius...radius` (used when `boxes` is empty).
    var kernel: [Float]

    static func == (l: BlurPlan, r: BlurPlan) -> Bool {
        l.kernel == r.kernel && l.boxes.elementsEqual(r.boxes) { $0 == $1 }
    }

    /// Sigmas below this are an identity blur: they move no pixel by a visible amount, and far
    /// smaller ones would underflow 2σ² to 0 and make the kernel 0/0.
    static let minimumSigma: CGFloat = 1e-3

    static func clampedSigma(_ sigma: CGFloat) -> CGFloat {
        guard sigma >= minimumSigma else { return 0 }
        return min(sigma, Pixmap.maximumBlurSigma)
    }

    /// nil when the blur is the identity.
    init?(sigma: CGFloat) {
        let s = BlurPlan.clampedSigma(sigma)
        guard s > 0 else { return nil }
        if s >= 2 {
            let d = Int((Double(s) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
            if d % 2 == 1 {
                let h = (d - 1) / 2
                boxes = [(h, h), (h, h), (h, h)]
            } else {
                let h = d / 2
                boxes = [(h, h - 1), (h - 1, h), (h, h)]
            }
            kernel = []
        } else {
            let radius = Int((3 * s).rounded(.up))
            let twoSigma2 = 2 * Double(s) * Double(s)
            let raw = (-radius...radius).map { exp(-Double($0 * $0) / twoSigma2) }
            let total = raw.reduce(0, +)
            boxes = []
            kernel = raw.map { Float($0 / total) }
        }
    }

    /// How far the filter spreads a pixel to each side.
    var reach: Int {
        boxes.isEmpty ? kernel.count / 2 : boxes.reduce(0) { $0 + max($1.left, $1.right) }
    }

    /// Filters `lines` lines of `length` RGBA float pixels in place.
    func run(lines: Int, length: Int, lineStride: Int, pixelStride: Int, base: UnsafeMutablePointer<Float>) {
        let pad = reach
        let n = length + 2 * pad
        WorkMeter.record(lines * n * max(boxes.count, 1), .blurSamples)
        // Two line buffers, each pass reading one and writing the other (pointers and `while`
        // loops for the debug build's sake, as in `gaussianBlurred`).
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 2 * n * 4)
        defer { scratch.deallocate() }
        var a = scratch, b = scratch + n * 4
        for line in 0..<lines {
            let start = base + line * lineStride
            a.update(repeating: 0, count: n * 4)
            var p = 0
            while p < length {
                let s = start + p * pixelStride, o = a + (p + pad) * 4
                o[0] = s[0]; o[1] = s[1]; o[2] = s[2]; o[3] = s[3]
                p += 1
            }
            if boxes.isEmpty {
                convolve(a, into: b, count: n)
                swap(&a, &b)
            } else {
                for box in boxes {
                    boxBlur(a, into: b, count: n, left: box.left, right: box.right)
                    swap(&a, &b)
                }
            }
            p = 0
            while p < length {
                let s = start + p * pixelStride, o = a + (p + pad) * 4
                s[0] = o[0]; s[1] = o[1]; s[2] = o[2]; s[3] = o[3]
                p += 1
            }
        }
    }

    /// Running-sum box filter over window `[i − left, i + right]`, zero outside `0..<count`.
    private func boxBlur(_ s: UnsafePointer<Float>, into d: UnsafeMutablePointer<Float>, count: Int, left: Int, right: Int) {
        let scale = 1 / Float(left + right + 1)
        let last = right < count - 1 ? right : count - 1
        for c in 0..<4 {
            // Double sums keep long windows free of drift.
            var sum: Double = 0
            var j = 0
            while j <= last { sum += Double(s[j * 4 + c]); j += 1 }
            var i = 0
            while i < count {
                d[i * 4 + c] = Float(sum) * scale
                let enter = i + right + 1, leave = i - left
                if enter < count { sum += Double(s[enter * 4 + c]) }
                if leave >= 0 { sum -= Double(s[leave * 4 + c]) }
                i += 1
            }
        }
    }

    private func convolve(_ s: UnsafePointer<Float>, into d: UnsafeMutablePointer<Float>, count: Int) {
        let radius = kernel.count / 2
        kernel.withUnsafeBufferPointer { weights in
            let kernel = weights.baseAddress!
            var i = 0
            while i < count {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                var k = -radius
                while k <= radius {
                    let j = i + k
                    if j >= 0 && j < count {
                        let w = kernel[k + radius]
                        acc.0 += w * s[j * 4]; acc.1 += w * s[j * 4 + 1]
                        acc.2 += w * s[j * 4 + 2]; acc.3 += w * s[j * 4 + 3]
                    }
                    k += 1
                }
                d[i * 4] = acc.0; d[i * 4 + 1] = acc.1; d[i * 4 + 2] = acc.2; d[i * 4 + 3] = acc.3
                i += 1
            }
        }
    }
}
