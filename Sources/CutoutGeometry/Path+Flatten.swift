import Foundation

/// A chain of straight segments, one flattened subpath.
public struct Polyline: Hashable, Sendable {
    /// The vertices in order; a closed polyline does not repeat its first point at the end.
    public var points: [CGPoint]
    /// Whether the last point connects back to the first.
    public var isClosed: Bool

    public init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

extension Path {
    /// The path as polylines whose distance from the true curves is at most `tolerance`
    /// (after `transform`). Each subpath gives one polyline; `closeSubpath` marks it closed.
    /// A tolerance that is not positive and finite is replaced by 0.25.
    ///
    /// Complexity: O(n + k) for n elements producing k points; a single curve is cut into
    /// at most 4096 pieces, so hostile coordinates cannot blow up the output.
    public func flattened(tolerance: CGFloat = 0.25, transform: Transform = .identity) -> [Polyline] {
        var out: [Polyline] = []
        var current: [CGPoint] = []
        func flush(closed: Bool) {
            if !current.isEmpty { out.append(Polyline(points: current, isClosed: closed)) }
            current = []
        }
        forEachFlattenedPoint(tolerance: tolerance, transform: transform) { event in
            switch event {
            case .start(let p): flush(closed: false); current.append(p)
            case .lineTo(let p): current.append(p)
            case .close: flush(closed: true)
            }
        }
        flush(closed: false)
        return out
    }

    /// One step of a flattened path.
    public enum FlattenEvent: Sendable {
        /// A new subpath starts here.
        case start(CGPoint)
        /// A straight piece to this point.
        case lineTo(CGPoint)
        /// The subpath closes back to its start.
        case close
    }

    /// Calls `body` for each point of the flattened path without building arrays; see
    /// ``flattened(tolerance:transform:)``.
    public func forEachFlattenedPoint(tolerance: CGFloat = 0.25, transform: Transform = .identity,
                                      _ body: (FlattenEvent) -> Void) {
        let tol = Self.flatteningTolerance(tolerance)
        let t = transform
        var cur = CGPoint.zero
        var emitted = 0
        defer { WorkMeter.record(emitted, .flattenedPoints) }
        for e in elements {
            switch e {
            case .moveTo(let p):
                cur = p.applying(t); body(.start(cur)); emitted += 1
            case .lineTo(let p):
                cur = p.applying(t); body(.lineTo(cur)); emitted += 1
            case .quadCurveTo(let p, let c):
                let p2 = p.applying(t)
                emitted += Self.flattenQuad(cur, c.applying(t), p2, tolerance: tol) { body(.lineTo($0)) }
                cur = p2
            case .curveTo(let p, let c1, let c2):
                let p3 = p.applying(t)
                emitted += Self.flattenCubic(cur, c1.applying(t), c2.applying(t), p3, tolerance: tol) { body(.lineTo($0)) }
                cur = p3
            case .closeSubpath:
                body(.close)
            }
        }
    }

    /// `tolerance` when it is positive and finite, else the default 0.25.
    static func flatteningTolerance(_ tolerance: CGFloat) -> CGFloat {
        tolerance > 0 && tolerance.isFinite ? tolerance : 0.25
    }

    /// Calls `point` with the points that follow `p0` on the quadratic flattened to
    /// `tolerance` (equal steps of t, the last one `p2`) and returns how many there are.
    @inline(__always)
    static func flattenQuad(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, tolerance: CGFloat,
                            _ point: (CGPoint) -> Void) -> Int {
        let n = Bezier.quadSegments(p0, p1, p2, tolerance: tolerance)
        for i in 1..<n { point(Bezier.quadPoint(p0, p1, p2, CGFloat(i) / CGFloat(n))) }
        point(p2)
        return n
    }

    /// ``flattenQuad(_:_:_:tolerance:_:)`` for a cubic.
    @inline(__always)
    static func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat,
                             _ point: (CGPoint) -> Void) -> Int {
        let n = Bezier.cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
        for i in 1..<n { point(Bezier.cubicPoint(p0, p1, p2, p3, CGFloat(i) / CGFloat(n))) }
        point(p3)
        return n
    }
}
