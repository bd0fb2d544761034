import CutoutGeometry
import Foundation

/// Insets around scrollable content, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

/// A scroll direction.
public enum ScrollAxis: Hashable, Sendable { case horizontal, vertical }

/// A movement made of consecutive animations (for example a deceleration that hits an edge
/// followed by the bounce back), sampled as a pure function of time.
public struct ScrollMotion: Hashable, Sendable {
    /// The axis the offsets are measured along.
    public var axis: ScrollAxis
    /// One animation of a motion and the time (seconds from the start) when it begins.
    public struct Phase: Hashable, Sendable {
        public var start: CGFloat
        public var animation: ScrollAnimation
        public init(_ start: CGFloat, _ animation: ScrollAnimation) { self.start = start; self.animation = animation }
    }

    /// The phases in time order.
    public var phases: [Phase]

    public init(axis: ScrollAxis, phases: [Phase]) {
        self.axis = axis
        self.phases = phases
    }

    /// Total duration in seconds.
    public var duration: CGFloat { phases.last.map { $0.start + $0.animation.duration } ?? 0 }

    /// Where the motion comes to rest.
    public var end: CGFloat { phases.last?.animation.end ?? 0 }

    /// The offset along ``axis`` at `t` seconds. Negative times and NaN give the offset at 0;
    /// +∞ gives ``end``.
    public func offset(at t: CGFloat) -> CGFloat {
        let t = t.isNaN ? 0 : max(0, t)
        guard var current = phases.first else { return 0 }
        for p in phases where p.start <= t { current = p }
        return current.animation.offset(at: t - current.start)
    }
}

/// The state of a scroll view without UIKit: bounds, content, insets and offset, with
/// `UIScrollView`'s dragging, rubber-banding, deceleration, bouncing and paging-like
/// snapping as pure functions.
///
/// Guarantees: the offset limits are always well ordered; content shorter than the viewport
/// does not bounce unless `alwaysBounceVertical`/`alwaysBounceHorizontal` is set (as `UIScrollView`);
/// non-finite inputs are ignored. Every offset and duration the model computes is finite:
/// non-finite sizes, insets and offsets count as 0, and lengths beyond ±10¹² points (a
/// million items of a million points) are clamped to that, so sums of them cannot overflow.
public struct ScrollViewModel: Hashable, Sendable {
    /// The viewport size, as `bounds.size`.
    public var boundsSize: CGSize
    /// The scrollable content size.
    public var contentSize: CGSize
    /// Extra scrollable space around the content, as `UIScrollView.contentInset`.
    public var contentInset: EdgeInsets = .zero
    /// The origin of the visible rect in content coordinates.
    public var contentOffset: CGPoint = .zero
    /// How fast a flick slows down.
    public var decelerationRate: DecelerationRate = .normal
    /// Whether dragging past an edge rubber-bands (when the content is scrollable).
    public var bounces = true
    /// Rubber-band vertically even when the content fits (UIKit's flag of the same name).
    public var alwaysBounceVertical = false
    /// Rubber-band horizontally even when the content fits.
    public var alwaysBounceHorizontal = false

    public init(boundsSize: CGSize, contentSize: CGSize, contentInset: EdgeInsets = .zero) {
        self.boundsSize = boundsSize
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.contentOffset = CGPoint(x: -Self.length(contentInset.left), y: -Self.length(contentInset.top))
    }

    /// The largest length the model computes with (see the guarantees above).
    static let maximumLength: CGFloat = 1e12

    /// `v` as a length the model computes with: 0 when not finite, clamped to ±``maximumLength``.
    static func length(_ v: CGFloat) -> CGFloat {
        v.isFinite ? min(max(v, -maximumLength), maximumLength) : 0
    }

    /// The visible rect in content coordinates.
    public var bounds: CGRect { CGRect(origin: contentOffset, size: boundsSize) }

    /// The smallest and largest resting offsets along an axis.
    /// Non-finite insets and sizes count as 0 and huge ones as ±10¹², so the range always has
    /// finite bounds.
    public func offsetRange(_ axis: ScrollAxis) -> ClosedRange<CGFloat> {
        let f = Self.length
        switch axis {
        case .vertical:
            let lo = -f(contentInset.top)
            return lo...max(lo, f(contentSize.height) + f(contentInset.bottom) - f(boundsSize.height))
        case .horizontal:
            let lo = -f(contentInset.left)
            return lo...max(lo, f(contentSize.width) + f(contentInset.right) - f(boundsSize.width))
        }
    }

    /// Whether dragging past an edge along `axis` rubber-bands. Content that fits in the
    /// viewport does not, unless the matching `alwaysBounce…` flag is set.
    public func canBounce(_ axis: ScrollAxis) -> Bool {
        guard bounces else { return false }
        let r = offsetRange(axis)
        let scrollable = r.upperBound > r.lowerBound
        return scrollable || (axis == .vertical ? alwaysBounceVertical : alwaysBounceHorizontal)
    }

    /// The offset shown for a finger that has dragged content to the unconstrained offset
    /// `raw`: inside the range it is `raw`; past an edge it is rubber-banded (or clamped when
    /// bouncing is off).
    public func displayedOffset(forDragged raw: CGFloat, axis: ScrollAxis) -> CGFloat {
        guard raw.isFinite else { return Self.length(offset(axis)) }
        let r = offsetRange(axis)
        let dim = Self.length(axis == .vertical ? boundsSize.height : boundsSize.width)
        if raw < r.lowerBound {
            return canBounce(axis) ? r.lowerBound + ScrollPhysics.rubberBand(raw - r.lowerBound, dimension: dim) : r.lowerBound
        }
        if raw > r.upperBound {
            return canBounce(axis) ? r.upperBound + ScrollPhysics.rubberBand(raw - r.upperBound, dimension: dim) : r.upperBound
        }
        return raw
    }

    /// The content offset along one axis.
    public func offset(_ axis: ScrollAxis) -> CGFloat { axis == .vertical ? contentOffset.y : contentOffset.x }

    /// Sets the content offset along one axis; a non-finite value is ignored.
    public mutating func setOffset(_ value: CGFloat, _ axis: ScrollAxis) {
        guard value.isFinite else { return }
        if axis == .vertical { contentOffset.y = value } else { contentOffset.x = value }
    }

    /// Speed below which a snapped release glides instead of decelerating, points per second.
    public static let glideThreshold: CGFloat = 300

    /// Duration of the gentle glide used for programmatic scrolls and small flicks, seconds.
    public static func glideDuration(distance: CGFloat) -> CGFloat {
        min(max(0.25 + abs(distance) / 2000, 0.25), 0.5)
    }

    /// The motion after the finger lifts with `velocity` (points per second; UIKit's
    /// `scrollViewWillEndDragging` velocity is in points per millisecond, convert it with
    /// ``ScrollPhysics/pointsPerSecond(fromPointsPerMillisecond:)-(CGFloat)``) along `axis`.
    ///
    /// - Past an edge: a spring back to the edge.
    /// - With a `layout`: the layout's `targetContentOffset` decides where to stop. If that
    ///   target lies ahead in the flick's direction and the flick is fast enough, the content
    ///   decelerates exactly onto it (the velocity is adjusted so the closed form ends there);
    ///   otherwise, a small flick that stays on the same item or a snap that reverses
    ///   direction, it glides there with an ease-in-out of ``glideDuration(distance:)`` — the
    ///   deterministic answer to the seed's "jumps back at high speed" problem.
    /// - Without a layout: free deceleration; if it would pass an edge it runs to the edge and
    ///   bounces (or stops there when bouncing is off).
    public func release(velocity: CGFloat, axis: ScrollAxis, layout: CollectionLayout? = nil) -> ScrollMotion {
        let x0 = Self.length(offset(axis))
        let v0 = velocity.isFinite ? velocity : 0
        let r = offsetRange(axis)
        let rate = decelerationRate
        if x0 < r.lowerBound || x0 > r.upperBound {
            let edge = x0 < r.lowerBound ? r.lowerBound : r.upperBound
            return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, ScrollAnimation(start: x0, kind: .spring(to: edge, velocity: v0)))])
        }
        if let layout {
            let resting = ScrollPhysics.restingOffset(from: x0, velocity: v0, rate: rate)
            let proposed = axis == .vertical ? CGPoint(x: contentOffset.x, y: resting) : CGPoint(x: resting, y: contentOffset.y)
            let v2 = axis == .vertical ? CGPoint(x: 0, y: v0) : CGPoint(x: v0, y: 0)
            let targetPoint = layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: v2)
            let target = min(max(axis == .vertical ? targetPoint.y : targetPoint.x, r.lowerBound), r.upperBound)
            let distance = target - x0
            if distance == 0 {
                return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, ScrollAnimation(start: x0, kind: .easeInOut(to: x0, duration: 0)))])
            }
            let ahead = distance * v0 > 0
            if ahead && abs(v0) >= Self.glideThreshold {
                let v = ScrollPhysics.velocity(toTravel: distance, rate: rate)
                return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, ScrollAnimation(start: x0, kind: .deceleration(velocity: v, rate: rate)))])
            }
            return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, ScrollAnimation(start: x0, kind: .easeInOut(to: target, duration: Self.glideDuration(distance: distance))))])
        }
        let free = ScrollAnimation(start: x0, kind: .deceleration(velocity: v0, rate: rate))
        let resting = free.end
        guard resting < r.lowerBound || resting > r.upperBound else {
            return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, free)])
        }
        // Find when the deceleration reaches the edge: x(t) = edge solved in closed form.
        let edge = resting < r.lowerBound ? r.lowerBound : r.upperBound
        let lnd = log(rate.rawValue)
        let arg = 1 + (edge - x0) * 1000 * lnd / v0
        let tEdge = arg > 0 ? log(arg) / (1000 * lnd) : 0
        let vEdge = ScrollPhysics.decelerationVelocity(v0, rate: rate, time: tEdge)
        guard canBounce(axis) else {
            return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, free), ScrollMotion.Phase(tEdge, ScrollAnimation(start: edge, kind: .easeInOut(to: edge, duration: 0)))])
        }
        return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, free), ScrollMotion.Phase(tEdge, ScrollAnimation(start: edge, kind: .spring(to: edge, velocity: vEdge)))])
    }

    /// Where an item goes when scrolled to programmatically, as `UICollectionView.ScrollPosition`.
    public enum ItemPosition: Hashable, Sendable { case top, centered, bottom }

    /// The offset that shows `frame` (content coordinates) at `position`, clamped to the range.
    /// A frame that is not finite leaves the current offset (clamped to the range).
    public func offset(showing frame: CGRect, at position: ItemPosition, axis: ScrollAxis = .vertical) -> CGFloat {
        let dim = Self.length(axis == .vertical ? boundsSize.height : boundsSize.width)
        let lo = axis == .vertical ? frame.minY : frame.minX
        let hi = axis == .vertical ? frame.maxY : frame.maxX
        let raw: CGFloat
        switch position {
        case .top: raw = lo - (axis == .vertical ? contentInset.top : contentInset.left)
        case .centered: raw = (lo + hi) / 2 - dim / 2
        case .bottom: raw = hi - dim + (axis == .vertical ? contentInset.bottom : contentInset.right)
        }
        let r = offsetRange(axis)
        let target = raw.isFinite ? raw : Self.length(offset(axis))
        return min(max(target, r.lowerBound), r.upperBound)
    }

    /// A programmatic, animated scroll that shows `frame` at `position`.
    public func scrollAnimation(showing frame: CGRect, at position: ItemPosition, axis: ScrollAxis = .vertical) -> ScrollMotion {
        let x0 = Self.length(offset(axis))
        let target = offset(showing: frame, at: position, axis: axis)
        return ScrollMotion(axis: axis, phases: [ScrollMotion.Phase(0, ScrollAnimation(start: x0, kind: .easeInOut(to: target, duration: Self.glideDuration(distance: target - x0))))])
    }
}
