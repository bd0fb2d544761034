import Foundation
import CutoutGeometry

/// A rectangle of 8-bit coverage (alpha) values, row-major, top row first: what a one-colour
/// effect such as a shadow needs, at a quarter of a ``Pixmap``'s memory and blur cost.
///
/// Guarantees: copy-on-write value semantics; sizes are validated like ``Pixmap``'s before
/// anything is allocated. Every value starts at 0.
public struct AlphaMask: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width · height` coverage values, 0 (nothing) ... 255 (full).
    ///
    /// The count never changes: an array of another length assigned here is fitted to the
    /// mask (values past the end dropped, missing ones 0), because the blur and the
    /// compositors read the values through pointers.
    public var data: [UInt8] {
        didSet {
            if data.count != width * height { data = data.fitted(count: width * height) }
        }
    }

    /// A mask of zeros.
    /// - Throws: ``PixmapError/invalidSize(width:height:)`` outside ``Pixmap``'s limits.
    public init(width: Int, height: Int) throws(PixmapError) {
        try Pixmap.validate(width: width, height: height)
        WorkMeter.record(width * height, .allocatedPixels)
        self.width = width
        self.height = height
        data = [UInt8](repeating: 0, count: width * height)
    }

    /// The alpha channel of `pixmap`.
    public init(alphaOf pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        let n = width * height
        data = [UInt8](unsafeUninitializedCapacity: n) { out, count in
            pixmap.data.withUnsafeBufferPointer { px in
                for i in 0..<n { out[i] = px[4 * i + 3] }
            }
            count = n
        }
    }

    /// The value at column `x`, row `y`. Precondition: inside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { data[y * width + x] }
        set { data[y * width + x] = newValue }
    }

    /// This mask blurred by a Gaussian of standard deviation `sigma` pixels, same size; values
    /// outside the mask count as 0 and whatever blurs past its edges is cut off.
    ///
    /// The filter is the one of ``Pixmap/gaussianBlurred(sigma:)`` (three SVG box passes per
    /// axis for σ ≥ 2, an exact sampled kernel below), computed in integers: box sums are divided
    /// by a 32-bit reciprocal into 8.8 fixed point, so the only rounding that matters is the final one
    /// to 8 bits. The result is within 1 level of the `Pixmap` blur of the same alpha.
    ///
    /// sigma ≤ 0 or NaN returns a copy; sigma above ``Pixmap/maximumBlurSigma`` is clamped to it.
    ///
    /// Complexity: O(width · height) for any sigma; 4 bytes of temporary storage per pixel of
    /// the mask grown by the blur's reach.
    public func gaussianBlurred(sigma: CGFloat) -> AlphaMask {
        guard let plan = BlurPlan(sigma: sigma) else { return self }
        let pad = plan.reach
        var out = self
        blur(plan: plan, pad: pad, crop: PixelRect(minX: pad, minY: pad, maxX: pad + width, maxY: pad + height),
             into: &out)
        return out
    }

    /// This mask blurred with nothing cut off: the result is larger by
    /// ``Pixmap/gaussianBlurOutset(sigma:)`` on every side (the source sits at that offset).
    /// Otherwise as ``gaussianBlurred(sigma:)``.
    /// - Throws: ``PixmapError/invalidSize(width:height:)`` when the grown size is over the limits.
    public func gaussianBlurredExpanded(sigma: CGFloat) throws(PixmapError) -> AlphaMask {
        let outset = Pixmap.gaussianBlurOutset(sigma: sigma)
        var out = try AlphaMask(width: width + 2 * outset, height: height + 2 * outset)
        guard let plan = BlurPlan(sigma: sigma) else {
            for y in 0..<height {
                for x in 0..<width { out[x + outset, y + outset] = self[x, y] }
            }
            return out
        }
        blur(plan: plan, pad: outset, crop: PixelRect(minX: 0, minY: 0, maxX: out.width, maxY: out.height), into: &out)
        return out
    }

    private func blur(plan: BlurPlan, pad: Int, crop: PixelRect, into out: inout AlphaMask) {
        let w = width, h = height, outWidth = out.width
        data.withUnsafeBufferPointer { src in
            out.data.withUnsafeMutableBufferPointer { dst in
                MaskBlur().run(src: src.baseAddress!, width: w, height: h, srcRowBytes: w, planX: plan, planY: plan,
                               padX: pad, padY: pad, crop: crop, dst: dst.baseAddress!, dstRowBytes: outWidth)
            }
        }
    }

    /// Blurs this mask in place; see ``gaussianBlurred(sigma:)``.
    public mutating func blur(sigma: CGFloat) {
        self = gaussianBlurred(sigma: sigma)
    }
}
