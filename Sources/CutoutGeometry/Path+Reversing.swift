import Foundation

extension Path {
    /// The same outline with every subpath traversed backwards, as
    /// `UIBezierPath.reversing()`: its winding number flips sign everywhere. A closed subpath
    /// stays closed (its closing line reversed too).
    ///
    /// This is how a hole is cut under the non-zero rule: a rect plus a reversed simple outline
    /// has winding 0 inside the outline and 1 elsewhere (the rule a `shadowPath` is filled with).
    ///
    /// Complexity: O(n) in the number of elements.
    public func reversing() -> Path {
        var out = Path()
        var start: CGPoint?
        var current: CGPoint?
        var segments: [(from: CGPoint, element: PathElement)] = []
        func flush(closed: Bool) {
            guard let s = start else { return }
            out.move(to: current ?? s)
            for (from, element) in segments.reversed() {
                switch element {
                case .lineTo: out.addLine(to: from)
                case .quadCurveTo(_, let c): out.addQuadCurve(to: from, control: c)
                case .curveTo(_, let c1, let c2): out.addCurve(to: from, control1: c2, control2: c1)
                case .moveTo, .closeSubpath: break
                }
            }
            if closed { out.closeSubpath() }
            start = nil
            current = nil
            segments.removeAll()
        }
        for e in elements {
            switch e {
            case .moveTo(let p):
                flush(closed: false)
                start = p
                current = p
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _):
                if let from = current { segments.append((from, e)) }
                current = p
            case .closeSubpath:
                flush(closed: true)
            }
        }
        flush(closed: false)
        return out
    }
}
