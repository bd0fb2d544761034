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
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.25
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
                let p0 = cur, p1 = c.applying(t), p2 = p.applying(t)
                let n = Bezier.quadSegments(p0, p1, p2, tolerance: tol)
                for i in 1..<n { body(.lineTo(Bezier.quadPoint(p0, p1, p2, CGFloat(i) / CGFloat(n)))) }
                body(.lineTo(p2)); cur = p2; emitted += n
            case .curveTo(let p, let c1, let c2):
                let p0 = cur, p1 = c1.applying(t), p2 = c2.applying(t), p3 = p.applying(t)
                let n = Bezier.cubicSegments(p0, p1, p2, p3, tolerance: tol)
                for i in 1..<n { body(.lineTo(Bezier.cubicPoint(p0, p1, p2, p3, CGFloat(i) / CGFloat(n)))) }
                body(.lineTo(p3)); cur = p3; emitted += n
            case .closeSubpath:
                body(.close)
            }
        }
    }
}
