import Foundation

/// A scroll movement as a pure function of time: sample it at any t to get the content
/// offset, which makes every frame reproducible and testable.
public struct ScrollAnimation: Hashable, Sendable {
    /// How the offset moves.
    public enum Kind: Hashable, Sendable {
        /// Free exponential deceleration from a velocity (points per second).
        case deceleration(velocity: CGFloat, rate: DecelerationRate)
        /// An ease-in-out move to `to` over `duration` seconds (programmatic scrolling and the
        /// gentle glide back of a small flick).
        case easeInOut(to: CGFloat, duration: CGFloat)
        /// A critically damped spring toward `to`, starting with `velocity` (points per second).
        case spring(to: CGFloat, velocity: CGFloat)
    }

    /// Offset at t = 0.
    public var start: CGFloat
    public var kind: Kind

    public init(start: CGFloat, kind: Kind) {
        self.start = start
        self.kind = kind
    }

    /// The offset where the animation ends.
    public var end: CGFloat {
        switch kind {
        case .deceleration(let v, let rate): return ScrollPhysics.restingOffset(from: start, velocity: v, rate: rate)
        case .easeInOut(let to, _), .spring(let to, _): return to
        }
    }

    /// Seconds until the animation is (visually) finished.
    public var duration: CGFloat {
        switch kind {
        case .deceleration(let v, let rate): return ScrollPhysics.decelerationDuration(velocity: v, rate: rate)
        case .easeInOut(_, let d): return max(d, 0)
        case .spring(let to, let v):
            // Until it stays within half a point of the target (a spring launched from the
            // target first moves away, so look for the last sample outside).
            var last: CGFloat = 0
            var t: CGFloat = 0
            while t < 5 {
                if abs(ScrollPhysics.bounce(displacement: start - to, velocity: v, time: t)) > 0.5 { last = t + 1.0 / 120 }
                t += 1.0 / 120
            }
            return last
        }
    }

    /// The offset at `t` seconds (clamped to the animation's span). From ``duration`` on it is
    /// exactly ``end``: the closed forms only approach rest, and a scroll view snaps the last
    /// fraction of a point when its animation completes. Negative times (−∞ included) and
    /// NaN, which names no time, give the offset at 0; +∞ gives ``end``.
    public func offset(at t: CGFloat) -> CGFloat {
        let t = t.isNaN ? 0 : max(0, t)
        if t >= duration { return end }
        switch kind {
        case .deceleration(let v, let rate):
            return ScrollPhysics.decelerationOffset(from: start, velocity: v, rate: rate, time: t)
        case .easeInOut(let to, let d):
            guard d > 0, t < d else { return to }
            let u = t / d
            let e = u < 0.5 ? 2 * u * u : 1 - pow(-2 * u + 2, 2) / 2
            return start + (to - start) * e
        case .spring(let to, let v):
            return to + ScrollPhysics.bounce(displacement: start - to, velocity: v, time: t)
        }
    }
}
