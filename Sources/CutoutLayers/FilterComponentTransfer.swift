import Foundation

/// The four transfer functions of `feComponentTransfer`, one per channel, applied to
/// unpremultiplied colour in the primitive's colour space.
public struct FilterComponentTransfer: Hashable, Sendable {
    /// The function of the red channel (SVG's `feFuncR`).
    public var red: FilterTransferFunction
    /// The function of the green channel (`feFuncG`).
    public var green: FilterTransferFunction
    /// The function of the blue channel (`feFuncB`).
    public var blue: FilterTransferFunction
    /// The function of the alpha channel (`feFuncA`).
    public var alpha: FilterTransferFunction

    /// Functions per channel; identity by default.
    public init(red: FilterTransferFunction = .identity, green: FilterTransferFunction = .identity,
                blue: FilterTransferFunction = .identity, alpha: FilterTransferFunction = .identity) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// One channel's function of `feComponentTransfer` (SVG's `type` and its attributes), from a
/// channel value `C` in `0...1` to `C'`, clamped to `0...1`. Non-finite numbers count as 0.
public enum FilterTransferFunction: Hashable, Sendable {
    /// `C' = C`.
    case identity
    /// Linear interpolation between `n + 1` values spread evenly over `0...1` (`tableValues`);
    /// an empty list is the identity.
    case table([CGFloat])
    /// A step function of `n` steps (`tableValues`): `C'` is the value of the step `C` falls
    /// in, the last step including 1; an empty list is the identity.
    case discrete([CGFloat])
    /// `C' = slope · C + intercept`.
    case linear(slope: CGFloat, intercept: CGFloat)
    /// `C' = amplitude · C^exponent + offset`.
    case gamma(amplitude: CGFloat, exponent: CGFloat, offset: CGFloat)
}
