import Foundation

/// How quickly a flick slows down: the share of velocity kept after each millisecond, as
/// `UIScrollView.DecelerationRate`.
public struct DecelerationRate: Hashable, Sendable {
    /// Velocity kept per millisecond, in (0, 1).
    public let rawValue: CGFloat

    /// A rate; values outside (0, 1) or non-finite are replaced by `.normal`.
    public init(rawValue: CGFloat) {
        self.rawValue = rawValue.isFinite && rawValue > 0 && rawValue < 1 ? rawValue : 0.998
    }

    /// UIKit's default, 0.998 per ms.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's paging-like rate, 0.99 per ms.
    public static let fast = DecelerationRate(rawValue: 0.99)
}
