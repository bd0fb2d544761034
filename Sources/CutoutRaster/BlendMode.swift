import Foundation

/// How a source colour combines with the destination, with the names and meaning of
/// Core Graphics' `CGBlendMode`.
///
/// All formulas work on premultiplied colour, following the W3C *Compositing and Blending*
/// specification: with source `(cs, αs)` and destination (backdrop) `(cb, αb)`,
///
/// - Porter-Duff operators: `co = cs·Fa + cb·Fb`, `αo = αs·Fa + αb·Fb`;
/// - blend modes (separable and non-separable): `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`,
///   `αo = αs + αb − αs·αb`, where `B` acts on the straight colours `Cs = cs/αs`, `Cb = cb/αb`;
/// - ``plusLighter``: `R = min(1, S + D)` on every channel, alpha included (Core Graphics);
/// - ``plusDarker``: Core Graphics documents `R = max(0, 1 − ((1 − D) + (1 − S)))`, which is the
///   rule for opaque pixels. With alpha it is `αo = αs + αb − αs·αb`,
///   `co = max(0, cs + cb − αs·αb)` (the sum of the colours minus the overlap of the alphas),
///   which reduces to the documented formula when both are opaque and to source-over when
///   either side is transparent.
///
/// Porter-Duff operators run in exact 8-bit integer arithmetic (`x·a/255` rounded to nearest);
/// the blend modes run in `Float` and round to nearest.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    /// Source over destination (`CGBlendMode.normal`).
    case normal
    case multiply
    case screen
    case overlay
    case darken
    case lighten
    case colorDodge
    case colorBurn
    case softLight
    case hardLight
    case difference
    case exclusion
    case hue
    case saturation
    case color
    case luminosity
    /// `R = 0`.
    case clear
    /// `R = S`.
    case copy
    /// `R = S·Da`.
    case sourceIn
    /// `R = S·(1 − Da)`.
    case sourceOut
    /// `R = S·Da + D·(1 − Sa)`.
    case sourceAtop
    /// `R = S·(1 − Da) + D`.
    case destinationOver
    /// `R = D·Sa`.
    case destinationIn
    /// `R = D·(1 − Sa)`: punches the source's shape out of the destination.
    case destinationOut
    /// `R = S·(1 − Da) + D·Sa`.
    case destinationAtop
    /// `R = S·(1 − Da) + D·(1 − Sa)`.
    case xor
    /// `R = max(0, 1 − ((1 − D) + (1 − S)))`; see the type's documentation for alpha.
    case plusDarker
    /// `R = min(1, S + D)`.
    case plusLighter

    /// Whether this is a Porter-Duff operator (or one of the two plus operators), computed in
    /// exact integer arithmetic, rather than a blend mode `B(Cb, Cs)`.
    public var isPorterDuff: Bool {
        switch self {
        case .normal, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver,
             .destinationIn, .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
            return true
        default:
            return false
        }
    }

    /// Whether a fully transparent source leaves the destination unchanged. False for
    /// ``clear``, ``copy``, ``sourceIn``, ``destinationIn``, ``sourceOut`` and ``destinationAtop``,
    /// which erase where the source is transparent: a renderer that skips transparent source
    /// pixels must not do so for these modes.
    public var transparentSourceIsIdentity: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .destinationIn, .sourceOut, .destinationAtop:
            return false
        default:
            return true
        }
    }

    /// The result of compositing one premultiplied source pixel onto one destination pixel.
    public func blend(_ source: PremultipliedRGBA8, onto destination: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        if isPorterDuff {
            return BlendMath.porterDuff(self, source, destination)
        }
        return BlendMath.blendModeFloat(self, source, destination)
    }
}
