import Foundation

/// The closed forms behind `UIScrollView`'s feel: exponential deceleration, rubber-banding
/// past an edge and the spring that brings content back. Velocities are in points per
/// second, times in seconds; UIKit's velocities in points per millisecond convert with
/// ``pointsPerSecond(fromPointsPerMillisecond:)-(CGFloat)``.
public enum ScrollPhysics {
    /// A velocity from UIKit's unit to Cutout's: points per millisecond × 1000.
    ///
    /// UIKit hands velocities in points per millisecond (typically 0.5 to 5) to
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` and to
    /// `UICollectionViewLayout.targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`;
    /// Cutout's cores take points per second. Passed through unconverted, every flick would
    /// crawl a thousandth of its way. A non-finite velocity gives 0 (no flick).
    public static func pointsPerSecond(fromPointsPerMillisecond velocity: CGFloat) -> CGFloat {
        velocity.isFinite ? velocity * 1000 : 0
    }

    /// A two-axis velocity from points per millisecond (UIKit's unit) to points per second,
    /// each axis as ``pointsPerSecond(fromPointsPerMillisecond:)-(CGFloat)``.
    public static func pointsPerSecond(fromPointsPerMillisecond velocity: CGPoint) -> CGPoint {
        CGPoint(x: pointsPerSecond(fromPointsPerMillisecond: velocity.x), y: pointsPerSecond(fromPointsPerMillisecond: velocity.y))
    }

    /// UIKit's rubber-band stiffness constant.
    public static let rubberBandCoefficient: CGFloat = 0.55

    /// The offset where a flick from `offset` at `velocity` (points per second) comes to rest:
    /// x₀ − v₀ / (1000 · ln d).
    public static func restingOffset(from offset: CGFloat, velocity: CGFloat, rate: DecelerationRate) -> CGFloat {
        offset - velocity / (1000 * log(rate.rawValue))
    }

    /// The offset `t` seconds into a free deceleration from `velocity` (points per second):
    /// x₀ + v₀ (dᵗ⁽ᵐˢ⁾ − 1) / (1000 · ln d).
    public static func decelerationOffset(from offset: CGFloat, velocity: CGFloat, rate: DecelerationRate, time t: CGFloat) -> CGFloat {
        let lnd = log(rate.rawValue)
        return offset + velocity * (pow(rate.rawValue, 1000 * max(t, 0)) - 1) / (1000 * lnd)
    }

    /// The velocity `t` seconds into a free deceleration: v₀ · d^(1000 t), in the unit of
    /// `velocity` (points per second).
    public static func decelerationVelocity(_ velocity: CGFloat, rate: DecelerationRate, time t: CGFloat) -> CGFloat {
        velocity * pow(rate.rawValue, 1000 * max(t, 0))
    }

    /// Seconds until a deceleration from `velocity` falls below `threshold` (both in points per
    /// second; 0 if it already is).
    public static func decelerationDuration(velocity: CGFloat, rate: DecelerationRate, threshold: CGFloat = 0.5) -> CGFloat {
        let v = abs(velocity)
        guard v > threshold, threshold > 0 else { return 0 }
        return log(threshold / v) / (1000 * log(rate.rawValue))
    }

    /// The velocity (points per second) that makes a free deceleration come to rest exactly
    /// `distance` away: the inverse of ``restingOffset(from:velocity:rate:)``.
    public static func velocity(toTravel distance: CGFloat, rate: DecelerationRate) -> CGFloat {
        -distance * 1000 * log(rate.rawValue)
    }

    /// How far content is shown past an edge when pulled `overscroll` points in a viewport of
    /// `dimension`: b = (1 − 1 / (x · 0.55 / d + 1)) · d. Sign follows `overscroll`; never
    /// reaches `dimension`. A `dimension` that is not positive and finite gives 0, as a
    /// non-finite size counts as 0 in ``ScrollViewModel``.
    public static func rubberBand(_ overscroll: CGFloat, dimension: CGFloat, coefficient: CGFloat = rubberBandCoefficient) -> CGFloat {
        guard dimension > 0, dimension.isFinite, overscroll.isFinite else { return 0 }
        let x = abs(overscroll)
        let b = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return overscroll < 0 ? -b : b
    }

    /// The overscroll that displays as `banded`: the inverse of ``rubberBand(_:dimension:coefficient:)``.
    /// A `banded` at or past the dimension is taken just short of it (the band never gets
    /// there); a NaN `banded`, or a `dimension` that is not positive and finite, gives 0.
    public static func inverseRubberBand(_ banded: CGFloat, dimension: CGFloat, coefficient: CGFloat = rubberBandCoefficient) -> CGFloat {
        guard dimension > 0, dimension.isFinite, !banded.isNaN else { return 0 }
        let b = min(abs(banded), dimension * 0.999_999)
        let x = (dimension / (dimension - b) - 1) * dimension / coefficient
        return banded < 0 ? -x : x
    }

    /// Angular frequency of the bounce-back spring (critically damped), in radians per
    /// second; about 0.5 s to settle, close to UIKit's feel.
    public static let bounceStiffness: CGFloat = 12

    /// Displacement from the edge `t` seconds after a bounce starts `displacement` away with
    /// `velocity` (points per second): the critically damped spring (x₀ + (v₀ + ω x₀) t) e^(−ω t).
    ///
    /// Evaluated as x₀ · (1 + ω t) e^(−ω t) + v₀ · t e^(−ω t), whose factors of time are at
    /// most 1 and 1 / (e ω) for ω > 0, so no intermediate overflows: finite inputs never give
    /// NaN, and give ±∞ only if the sum itself passes the largest `CGFloat` (the product form
    /// overflowed for huge velocities and then gave ∞ · 0 = NaN at t = 0). A NaN or negative
    /// `t` counts as 0; once e^(−ω t) underflows to 0 (t past about 60 s), the result is 0.
    public static func bounce(displacement x0: CGFloat, velocity v0: CGFloat, time t: CGFloat,
                              stiffness omega: CGFloat = bounceStiffness) -> CGFloat {
        let t = t > 0 ? t : 0
        let decay = exp(-omega * t)
        // Once e^(−ω t) underflows the spring is at rest (and ω t may have overflowed).
        guard decay > 0 else { return 0 }
        return x0 * ((1 + omega * t) * decay) + v0 * (t * decay)
    }
}
