import Foundation

extension Path {
    /// Whether `point` is inside the path under `rule`, every subpath taken as closed, as
    /// `CGPath.contains(_:using:transform:)`. Curves are flattened to 1/1000 of a point (or
    /// finer for tiny paths), so points that close to the outline may go either way.
    ///
    /// Complexity: O(n + k) for n elements and the k flattened segments of the curves whose
    /// control points lie on both sides of `point` (only those are flattened).
    public func contains(_ point: CGPoint, using rule: FillRule = .winding,
                         transform: Transform = .identity) -> Bool {
        guard point.isFinitePoint, !isEmpty else { return false }
        // The path's box sets the tolerance, and only a flattened curve needs one: most queries
        // flatten nothing and skip the pass over the path that the box takes.
        return rule.isInside(winding: windingNumber(at: point, tolerance: containsTolerance, transform: transform))
    }

    /// 1/1000 of a point, or 1/10 000 of the path's larger side when that is finer.
    var containsTolerance: CGFloat {
        let box = boundingBoxOfPath
        let tol = min(1e-3, max(box.width, box.height) * 1e-4)
        return tol > 0 ? tol : 1e-3
    }

    /// The winding number of the flattened path around `point` (crossings of a ray toward +x;
    /// downward edges count +1 in y-down space, matching a clockwise-on-screen outline).
    ///
    /// A curve is flattened only when its control points' box reaches both sides of the ray's
    /// line and of `point.x`: a curve wholly left of the point, above or below its line, or
    /// wholly right of it crosses the ray as often as its chord does (right of the point the
    /// crossings of any polyline from one end to the other add up to the chord's), so the
    /// chord stands in for it. The count is the full flattening's, except where a flattened
    /// point falls outside the control box by rounding (within an ulp of it).
    ///
    /// `tolerance` is evaluated once, and only if a curve is flattened.
    ///
    /// Complexity: O(n + k) for n elements and the k flattened segments of the curves whose
    /// boxes straddle the point.
    func windingNumber(at point: CGPoint, tolerance: @autoclosure () -> CGFloat, transform: Transform = .identity) -> Int {
        var winding = 0
        var start = CGPoint.zero, prev = CGPoint.zero
        func edge(_ a: CGPoint, _ b: CGPoint) {
            if a.y <= point.y {
                if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
            } else if b.y <= point.y, cross(a, b, point) < 0 {
                winding -= 1
            }
        }
        /// Whether a curve with these control points may cross the ray other than as its chord
        /// does: not all of them left of the point, right of it, on or above its line, or below.
        /// A NaN coordinate is on no side, so such a curve is flattened, as before.
        func straddles(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> Bool {
            let left = a.x < point.x && b.x < point.x && c.x < point.x && d.x < point.x
            let right = a.x > point.x && b.x > point.x && c.x > point.x && d.x > point.x
            let above = a.y <= point.y && b.y <= point.y && c.y <= point.y && d.y <= point.y
            let below = a.y > point.y && b.y > point.y && c.y > point.y && d.y > point.y
            return !(left || right || above || below)
        }
        var known: CGFloat?
        func tol() -> CGFloat {
            if let known { return known }
            let t = Self.flatteningTolerance(tolerance())
            known = t
            return t
        }
        var open = false, flattened = 0
        defer { WorkMeter.record(flattened, .flattenedPoints) }
        for element in elements {
            switch element {
            case .moveTo(let p):
                if open { edge(prev, start) }
                start = p.applying(transform); prev = start; open = true
            case .lineTo(let p):
                let q = p.applying(transform)
                edge(prev, q); prev = q
            case .quadCurveTo(let p, let c):
                let p0 = prev, p1 = c.applying(transform), p2 = p.applying(transform)
                if straddles(p0, p1, p2, p2) {
                    flattened += Self.flattenQuad(p0, p1, p2, tolerance: tol()) { edge(prev, $0); prev = $0 }
                } else {
                    edge(prev, p2); prev = p2
                }
            case .curveTo(let p, let c1, let c2):
                let p0 = prev, p1 = c1.applying(transform), p2 = c2.applying(transform), p3 = p.applying(transform)
                if straddles(p0, p1, p2, p3) {
                    flattened += Self.flattenCubic(p0, p1, p2, p3, tolerance: tol()) { edge(prev, $0); prev = $0 }
                } else {
                    edge(prev, p3); prev = p3
                }
            case .closeSubpath:
                if open { edge(prev, start) }
                prev = start; open = false
            }
        }
        if open { edge(prev, start) }
        return winding
    }
}

/// Which side of the line a→b the point p is on (positive: to the right in y-down space).
@inline(__always)
private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
    (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
}
