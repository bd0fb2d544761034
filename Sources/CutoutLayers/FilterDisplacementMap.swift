import Foundation

/// A channel of a filter image (SVG's `xChannelSelector` and `yChannelSelector` of
/// `feDisplacementMap`), read unpremultiplied.
public enum FilterChannel: String, Hashable, Sendable, CaseIterable {
    /// Red (`R`).
    case red = "R"
    /// Green (`G`).
    case green = "G"
    /// Blue (`B`).
    case blue = "B"
    /// Alpha (`A`, SVG's default).
    case alpha = "A"
}
