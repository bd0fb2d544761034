import Foundation

/// Which sum of noise octaves ``FilterEffect/turbulence(baseFrequencyX:baseFrequencyY:numOctaves:seed:stitchTiles:type:)``
/// draws (SVG's `type` on `feTurbulence`).
public enum FilterTurbulenceType: String, Hashable, Sendable, CaseIterable {
    /// The sum of the octaves' absolute values: sharp creases (`turbulence`, SVG's default).
    /// Each channel is `sum · 255`.
    case turbulence
    /// The signed sum of the octaves: soft clouds (`fractalNoise`). Each channel is
    /// `(sum + 1) / 2 · 255`.
    case fractalNoise

    /// The most octaves that are summed: past 10 the octaves left add less than half an 8-bit
    /// level together (each has half the amplitude of the one before), while each costs a
    /// full pass over the pixels.
    public static let maxOctaves = 10
}
