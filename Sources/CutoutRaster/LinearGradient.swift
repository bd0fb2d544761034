import CutoutGeometry
import Foundation

/// A gradient along the axis from `start` to `end` (like `CGContext.drawLinearGradient`
/// with both extend options when the spread is ``SpreadMethod/pad``).
///
/// Points are in gradient space, mapped to user space by `transform` (SVG `gradientTransform`).
/// A point's parameter is its projection on the axis: `t = (p − start)·(end − start) / |end − start|²`.
///
/// Degenerate input: a zero-length axis paints the colour of the last stop (what the pad
/// spread shows past the end); a non-finite point or transform paints nothing.
public struct LinearGradient: Hashable, Sendable {
    public var gradient: Gradient
    public var start: CGPoint
    public var end: CGPoint
    public var transform: Transform

    public init(gradient: Gradient, start: CGPoint, end: CGPoint, transform: Transform = .identity) {
        self.gradient = gradient
        self.start = start
        self.end = end
        self.transform = transform
    }
}
