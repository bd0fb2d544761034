import Foundation

/// The kernel of `feConvolveMatrix`, in device pixels.
///
/// Each output pixel is the sum, over the `orderX`×`orderY` pixels around it (the kernel's
/// ``targetX``, ``targetY`` on the pixel), of the pixel times the kernel value rotated by
/// 180° as SVG says, divided by ``divisor``. With ``preserveAlpha`` the unpremultiplied colour
/// is convolved, ``bias`` times the alpha added, and the alpha kept; otherwise all four
/// premultiplied channels are convolved, the alpha gets ``bias`` and the colour ``bias`` times
/// that new alpha (as resvg; SVG leaves the bias of premultiplied colour open). Results are
/// clamped to `0...1`, the colour to the alpha.
///
/// A kernel that is not valid makes the primitive transparent black (as resvg): an order
/// below 1 or above ``maxOrder``, a ``kernelMatrix`` without exactly `orderX · orderY`
/// finite values, a target outside the kernel, a divisor of 0 or not finite, or a bias not finite. The work is
/// `orderX · orderY` per pixel, counted against the filter pixel budget.
public struct FilterConvolveMatrix: Hashable, Sendable {
    /// The largest order along each axis.
    public static let maxOrder = 64

    /// Columns of the kernel (SVG's `order`, first number).
    public var orderX: Int
    /// Rows of the kernel (`order`, second number).
    public var orderY: Int
    /// The kernel, row by row (`kernelMatrix`).
    public var kernelMatrix: [CGFloat]
    /// What the sum is divided by; nil for SVG's default, the sum of the kernel (1 when that
    /// is 0 to within 10⁻⁶). 0 is an error, as in SVG: the kernel is not valid.
    public var divisor: CGFloat?
    /// Added to each result (in `0...1` units).
    public var bias: CGFloat
    /// The kernel column on the output pixel (default `orderX / 2`, rounded down).
    public var targetX: Int
    /// The kernel row on the output pixel (default `orderY / 2`, rounded down).
    public var targetY: Int
    /// What lies beyond the image's edges. SVG's default for this primitive is ``FilterEdgeMode/duplicate``.
    public var edgeMode: FilterEdgeMode
    /// Whether the alpha is kept and only the colour convolved.
    public var preserveAlpha: Bool

    /// A kernel; the target defaults to its centre.
    public init(orderX: Int, orderY: Int, kernelMatrix: [CGFloat], divisor: CGFloat? = nil, bias: CGFloat = 0,
                targetX: Int? = nil, targetY: Int? = nil, edgeMode: FilterEdgeMode = .duplicate, preserveAlpha: Bool = false) {
        self.orderX = orderX
        self.orderY = orderY
        self.kernelMatrix = kernelMatrix
        self.divisor = divisor
        self.bias = bias
        self.targetX = targetX ?? orderX / 2
        self.targetY = targetY ?? orderY / 2
        self.edgeMode = edgeMode
        self.preserveAlpha = preserveAlpha
    }

    /// Whether the kernel can run (see the type's rules).
    public var isValid: Bool {
        (1...Self.maxOrder).contains(orderX) && (1...Self.maxOrder).contains(orderY)
            && kernelMatrix.count == orderX * orderY && kernelMatrix.allSatisfy(\.isFinite)
            && (0..<orderX).contains(targetX) && (0..<orderY).contains(targetY)
            && (divisor.map { $0.isFinite && $0 != 0 } ?? true) && bias.isFinite
    }
}
