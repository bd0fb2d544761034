import Foundation

extension Int {
    /// Largest magnitude an index computed from geometry takes: 2^53, beyond any item count
    /// and still exact as a `CGFloat`.
    static let maxGeometricIndex = 1 << 53

    /// `value` rounded by `rule` and converted without trapping: NaN gives 0 and magnitudes
    /// beyond ``maxGeometricIndex`` (infinities included) clamp to it. Layout queries with
    /// non-finite or enormous offsets, sizes or spacings therefore answer with clamped indices.
    init(saturating value: CGFloat, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        guard !value.isNaN else { self = 0; return }
        let limit = CGFloat(Int.maxGeometricIndex)
        self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }
}
