import Foundation

/// A set of rectangle corners, as `UIRectCorner` and `CACornerMask` (y-down: "top" is minY).
public struct RectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let topLeft = RectCorner(rawValue: 1 << 0)
    public static let topRight = RectCorner(rawValue: 1 << 1)
    public static let bottomLeft = RectCorner(rawValue: 1 << 2)
    public static let bottomRight = RectCorner(rawValue: 1 << 3)
    public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// One radius per corner of a rectangle.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: CGFloat
    public var topRight: CGFloat
    public var bottomLeft: CGFloat
    public var bottomRight: CGFloat

    public init(topLeft: CGFloat, topRight: CGFloat, bottomLeft: CGFloat, bottomRight: CGFloat) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomLeft = bottomLeft; self.bottomRight = bottomRight
    }

    /// The same radius on every corner.
    public init(all r: CGFloat) { self.init(topLeft: r, topRight: r, bottomLeft: r, bottomRight: r) }

    /// `radius` on the given corners and 0 on the others (as
    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
    public init(radius: CGFloat, corners: RectCorner) {
        self.init(topLeft: corners.contains(.topLeft) ? radius : 0,
                  topRight: corners.contains(.topRight) ? radius : 0,
                  bottomLeft: corners.contains(.bottomLeft) ? radius : 0,
                  bottomRight: corners.contains(.bottomRight) ? radius : 0)
    }

    /// Each radius clamped to `[0, min(width, height) / 2]`, as UIKit clamps; NaN becomes 0.
    public func clamped(to size: CGSize) -> CornerRadii {
        let limit = max(0, min(abs(size.width), abs(size.height)) / 2)
        func c(_ r: CGFloat) -> CGFloat { r.isNaN ? 0 : min(max(r, 0), limit) }
        return CornerRadii(topLeft: c(topLeft), topRight: c(topRight),
                           bottomLeft: c(bottomLeft), bottomRight: c(bottomRight))
    }
}
