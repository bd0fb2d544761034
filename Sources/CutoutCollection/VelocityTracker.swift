import Foundation

/// Estimates the speed of a drag from its recent positions, for hosts whose gesture reports
/// positions but no velocity (SwiftUI's `DragGesture` before iOS 17).
///
/// The velocity is the least-squares slope of position over time for the samples of the last
/// ``window`` seconds, so one jittery sample does not decide a flick, and a finger that paused
/// before lifting gives (nearly) zero. Samples with a non-finite value, or a time earlier than
/// the previous sample, are ignored.
public struct VelocityTracker: Hashable, Sendable {
    /// Seconds of history that count: 0.1, about six frames at 60 Hz.
    public static let window: Double = 0.1
    /// The most samples kept.
    static let capacity = 32

    private var samples: [Sample] = []

    struct Sample: Hashable, Sendable {
        var time: Double
        var position: CGFloat
    }

    /// A tracker with no samples.
    public init() {}

    /// Records that the drag was at `position` (points) at `time` (seconds, any origin).
    public mutating func add(position: CGFloat, time: Double) {
        guard position.isFinite, time.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        samples.append(Sample(time: time, position: position))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Forgets every sample (a new drag begins).
    public mutating func reset() { samples.removeAll() }

    /// The velocity in points per second at the last sample: 0 with fewer than two samples in
    /// the window or when they all share one time.
    public var velocity: CGFloat {
        guard let last = samples.last else { return 0 }
        let recent = samples.filter { last.time - $0.time <= Self.window }
        guard recent.count >= 2 else { return 0 }
        let n = Double(recent.count)
        let mt = recent.reduce(0) { $0 + $1.time } / n
        let mp = recent.reduce(0) { $0 + Double($1.position) } / n
        var num = 0.0, den = 0.0
        for s in recent {
            num += (s.time - mt) * (Double(s.position) - mp)
            den += (s.time - mt) * (s.time - mt)
        }
        guard den > 0 else { return 0 }
        let v = num / den
        return v.isFinite ? CGFloat(v) : 0
    }
}
