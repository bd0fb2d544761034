import CutoutGeometry
import Foundation

/// A two-point conical gradient, like `CGContext.drawRadialGradient` and the canvas / SVG 2
/// radial gradient: circles interpolated from (`startCenter`, `startRadius`) at `t = 0` to
/// (`endCenter`, `endRadius`) at `t = 1`.
///
/// A point takes the largest `t` whose circle `c(t), r(t) = r0 + t·(r1 − r0)` passes through
/// it with `r(t) ≥ 0`; where no such circle exists (outside the cone when one circle does not
/// contain the other) nothing is painted. The SVG focal case is `startCenter` = focal point,
/// `startRadius` = focal radius (`fr`, usually 0), `endCenter`/`endRadius` = `cx, cy, r`.
///
/// Degenerate input: equal circles paint, as tiny-skia does, the first colour inside and the
/// last colour outside with the pad spread and a positive radius (the gradient squeezed into
/// a ring of zero width), and nothing otherwise; non-finite values paint nothing; negative
/// radii are clamped to 0.
public struct RadialGradient: Hashable, Sendable {
    public var gradient: Gradient
    public var startCenter: CGPoint
    public var startRadius: CGFloat
    public var endCenter: CGPoint
    public var endRadius: CGFloat
    public var transform: Transform

    public init(gradient: Gradient, startCenter: CGPoint, startRadius: CGFloat,
                endCenter: CGPoint, endRadius: CGFloat, transform: Transform = .identity) {
        self.gradient = gradient
        self.startCenter = startCenter
        self.startRadius = startRadius
        self.endCenter = endCenter
        self.endRadius = endRadius
        self.transform = transform
    }

    /// A plain radial gradient from `center` (t = 0) out to the circle of `radius` (t = 1).
    public init(gradient: Gradient, center: CGPoint, radius: CGFloat, transform: Transform = .identity) {
        self.init(gradient: gradient, startCenter: center, startRadius: 0, endCenter: center,
                  endRadius: radius, transform: transform)
    }

    /// The SVG form: outer circle `center`/`radius`, focal circle `focalPoint`/`focalRadius`.
    public init(gradient: Gradient, center: CGPoint, radius: CGFloat, focalPoint: CGPoint,
                focalRadius: CGFloat = 0, transform: Transform = .identity) {
        self.init(gradient: gradient, startCenter: focalPoint, startRadius: focalRadius,
                  endCenter: center, endRadius: radius, transform: transform)
    }
}
