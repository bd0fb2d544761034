import Foundation

/// What fills a shape: a solid colour, a gradient or an image pattern.
///
/// Gradient and pattern coordinates are in user space (after their own `transform`); the
/// context's CTM maps them to the device along with the shape, as in Core Graphics.
public enum Paint: Hashable, Sendable {
    case color(Color)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case pattern(ImagePattern)
}
