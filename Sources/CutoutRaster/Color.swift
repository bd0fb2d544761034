import Foundation

/// A colour with straight (non-premultiplied) components in `0...1`, in sRGB.
///
/// Guarantees: components are clamped to `0...1` and NaN becomes 0 on creation, so a
/// `Color` always converts to valid pixels.
public struct Color: Hashable, Sendable {
    /// Straight (not premultiplied) components, each in `0...1`.
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    /// Opacity in `0...1`.
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        func c(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.red = c(red); self.green = c(green); self.blue = c(blue); self.alpha = c(alpha)
    }

    /// A grey level with an alpha.
    public init(white: CGFloat, alpha: CGFloat = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// From 8-bit straight components.
    public init(r8: UInt8, g8: UInt8, b8: UInt8, a8: UInt8 = 255) {
        self.init(red: CGFloat(r8) / 255, green: CGFloat(g8) / 255, blue: CGFloat(b8) / 255, alpha: CGFloat(a8) / 255)
    }

    /// The same colour with `alpha` as its alpha, as `UIColor.withAlphaComponent(_:)`.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour as a premultiplied 8-bit pixel, rounded to nearest.
    public var premultiplied: PremultipliedRGBA8 {
        let a = alpha
        func q(_ v: CGFloat) -> UInt8 { UInt8((v * 255).rounded()) }
        return PremultipliedRGBA8(r: q(red * a), g: q(green * a), b: q(blue * a), a: q(a))
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
}

/// One premultiplied RGBA pixel, 8 bits per channel, in memory order R, G, B, A.
/// Each colour channel is at most `a` in a valid pixel.
public struct PremultipliedRGBA8: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The straight colour this pixel shows (black when fully transparent).
    public var color: Color {
        guard a > 0 else { return .clear }
        let fa = CGFloat(a)
        return Color(red: CGFloat(r) / fa, green: CGFloat(g) / fa, blue: CGFloat(b) / fa, alpha: fa / 255)
    }
}
