import Foundation

extension Color {
    /// The colour from the components of a grey or RGB colour, as `CGColor.components` lists
    /// them once converted to sRGB or extended grey: `[white]`, `[white, alpha]`,
    /// `[red, green, blue]` or `[red, green, blue, alpha]`. `nil` for any other count. Out-of-range
    /// components (extended sRGB) are clamped and NaN becomes 0, as ``init(red:green:blue:alpha:)`` does.
    public init?(components c: [CGFloat]) {
        switch c.count {
        case 1: self.init(white: c[0])
        case 2: self.init(white: c[0], alpha: c[1])
        case 3: self.init(red: c[0], green: c[1], blue: c[2])
        case 4: self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        default: return nil
        }
    }

    /// `[red, green, blue, alpha]`, straight, in sRGB: what `CGColor(colorSpace:components:)` takes.
    public var components: [CGFloat] { [red, green, blue, alpha] }
}
