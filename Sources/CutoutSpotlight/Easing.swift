import Foundation

/// A timing curve mapping linear progress to eased progress, as `CAMediaTimingFunction`.
public enum Easing: Hashable, Sendable {
    case linear
    case easeIn
    case easeOut
    case easeInEaseOut
    /// A cubic Bézier from (0, 0) to (1, 1) with these control points; x values are clamped to
    /// `[0, 1]` so the curve stays a function of time.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    private var controlPoints: (Double, Double, Double, Double)? {
        switch self {
        case .linear: nil
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        case .cubicBezier(let a, let b, let c, let d): (a, b, c, d)
        }
    }

    /// Eased progress at linear progress `t` (clamped to `[0, 1]`; NaN counts as 0). Exact at
    /// the ends: 0 → 0 and 1 → 1.
    public func value(at t: Double) -> Double {
        let x = t.isNaN ? 0 : min(max(t, 0), 1)
        guard let (x1r, y1, x2r, y2) = controlPoints, x > 0, x < 1 else { return x }
        guard [x1r, y1, x2r, y2].allSatisfy(\.isFinite) else { return x }
        let x1 = min(max(x1r, 0), 1), x2 = min(max(x2r, 0), 1)
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        // x(s) is monotonic for x1, x2 in [0, 1]: bisection always converges.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bez(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return bez((lo + hi) / 2, y1, y2)
    }
}
