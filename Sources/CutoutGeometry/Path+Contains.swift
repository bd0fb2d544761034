import Foundation

extension Path {
    /// Whether `point` is inside the path under `rule`, every subpath taken as closed, as
    /// `CGPath.contains(_:using:transform:)`. Curves are flattened to 1/1000 of a point (or
    /// finer for tiny paths), so points that close to the outline may go either way.
    ///
    /// Complexity: O(k) in the number of flattened segments.
    public func contains(_ point: CGPoint, using rule: FillRule = .winding,
                         transform: Transform = .identity) -> Bool {
        guard point.isFinitePoint, !isEmpty else { return false }
        let box = boundingBoxOfPath
        let tol = min(1e-3, max(box.width, box.height) * 1e-4)
        return rule.isInside(winding: windingNumber(at: point, tolerance: tol > 0 ? tol : 1e-3, transform: transform))
    }

    /// The winding number of the flattened path around `point` (crossings of a ray toward +x;
    /// downward edges count +1 in y-down space, matching a clockwise-on-screen outline).
    func windingNumber(at point: CGPoint, tolerance: CGFloat, transform: Transform = .identity) -> Int {
        var winding = 0
        var start = CGPoint.zero, prev = CGPoint.zero
        func edge(_ a: CGPoint, _ b: CGPoint) {
            if a.y <= point.y {
                if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
            } else if b.y <= point.y, cross(a, b, point) < 0 {
                winding -= 1
            }
        }
        var open = false
        forEachFlattenedPoint(tolerance: tolerance, transform: transform) { event in
            switch event {
            case .start(let p):
                if open { edge(prev, start) }
                start = p; prev = p; open = true
            case .lineTo(let p):
                edge(prev, p); prev = p
            case .close:
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
