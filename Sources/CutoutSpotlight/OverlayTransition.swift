import CutoutGeometry
import Foundation

/// An animation between two overlay states, as a pure function of time.
///
/// - Appear (`from == nil`): the dimming fades in with the holes already in place, the callout
///   fades in over the second half.
/// - Step change: holes morph (see ``Cutout/interpolated(from:to:fraction:)``); holes are paired
///   by target id, then in order, and a hole without a partner grows from, or shrinks to, a
///   point at its centre. The old callout fades out over the first half, the new one in over
///   the second.
/// - Disappear (`to == nil`): the dimming fades out, the callout over the first half.
///
/// Input is blocked for the whole duration, so the user cannot scroll or tap through while the
/// overlay settles; a sample at or after the end is the end state with input open
/// (for a disappearance: no dimming, no holes, nothing blocked).
public struct OverlayTransition: Hashable, Sendable {
    public var from: OverlayFrame?
    public var to: OverlayFrame?
    /// Seconds; non-finite or negative counts as 0 (the end state at once).
    public var duration: Double
    public var easing: Easing

    public init(from: OverlayFrame?, to: OverlayFrame?, duration: Double = 0.4, easing: Easing = .easeInEaseOut) {
        self.from = from
        self.to = to
        self.duration = duration
        self.easing = easing
    }

    /// The frame at `time` seconds after the start (clamped to the animation). With neither end
    /// given, an empty, transparent frame.
    public func sample(at time: Double) -> OverlayFrame {
        let d = duration.isFinite ? max(0, duration) : 0
        let linear = d == 0 ? 1 : (time.isNaN ? 0 : min(max(time / d, 0), 1))
        let t = CGFloat(easing.value(at: linear))
        let running = linear < 1
        switch (from, to) {
        case (nil, let to?):
            var f = to
            f.dimming = to.dimming * t
            f.calloutOpacity = to.calloutOpacity * Self.secondHalf(t)
            f.blocksInput = running || to.blocksInput
            return f
        case (let from?, nil):
            var f = from
            f.dimming = from.dimming * (1 - t)
            f.calloutOpacity = from.calloutOpacity * (1 - Self.firstHalf(t))
            f.blocksInput = running
            if !running { f.cutouts = []; f.callout = nil }
            return f
        case (let from?, let to?):
            if !running { return to }
            var f = to
            f.dimming = lerp(from.dimming, to.dimming, t)
            f.cutouts = Self.pairs(from.cutouts, to.cutouts).map { ClippedCutout.interpolated(from: $0, to: $1, fraction: t) }
            if t < 0.5 {
                f.callout = from.callout
                f.calloutOpacity = from.calloutOpacity * (1 - Self.firstHalf(t))
            } else {
                f.calloutOpacity = to.calloutOpacity * Self.secondHalf(t)
            }
            f.blocksInput = true
            return f
        case (nil, nil):
            return OverlayFrame(bounds: .zero, visibleRect: .zero, cutouts: [], dimming: 0, calloutOpacity: 0)
        }
    }

    /// Hole pairs for a morph: every target hole with its source (same id, else the next
    /// unused source in order, else a point at its centre), then the leftover sources paired
    /// with points at their own centres.
    static func pairs(_ a: [ClippedCutout], _ b: [ClippedCutout]) -> [(ClippedCutout, ClippedCutout)] {
        var used = Set<Int>()
        var partner = [Int?](repeating: nil, count: b.count)
        for (j, hole) in b.enumerated() {
            if let id = hole.cutout.id, let i = a.indices.first(where: { !used.contains($0) && a[$0].cutout.id == id }) {
                partner[j] = i
                used.insert(i)
            }
        }
        for j in b.indices where partner[j] == nil {
            if let i = a.indices.first(where: { !used.contains($0) }) {
                partner[j] = i
                used.insert(i)
            }
        }
        func point(_ c: ClippedCutout) -> ClippedCutout {
            ClippedCutout(cutout: .point(c.cutout.center, id: c.cutout.id), clipRect: c.clipRect)
        }
        var out: [(ClippedCutout, ClippedCutout)] = b.indices.map { j in (partner[j].map { a[$0] } ?? point(b[j]), b[j]) }
        for i in a.indices where !used.contains(i) { out.append((a[i], point(a[i]))) }
        return out
    }

    private static func firstHalf(_ t: CGFloat) -> CGFloat { min(1, t * 2) }
    private static func secondHalf(_ t: CGFloat) -> CGFloat { max(0, t * 2 - 1) }
}
