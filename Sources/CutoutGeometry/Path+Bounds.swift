import Foundation

extension Path {
    /// The tight bounds: the smallest rect containing every point on the path, with curves
    /// bounded by their extrema rather than their control points. `CGRect.null` when empty.
    ///
    /// Complexity: O(n) in the number of elements.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        var cur = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p), .lineTo(let p):
                box.add(p); cur = p
            case .quadCurveTo(let p, let c):
                box.add(cur); box.add(p)
                for t in Bezier.quadExtrema(cur, c, p) { box.add(Bezier.quadPoint(cur, c, p, t)) }
                cur = p
            case .curveTo(let p, let c1, let c2):
                box.add(cur); box.add(p)
                for t in Bezier.cubicExtrema(cur, c1, c2, p) { box.add(Bezier.cubicPoint(cur, c1, c2, p, t)) }
                cur = p
            case .closeSubpath:
                break
            }
        }
        return box.rect
    }

    /// The control-point bounds: the smallest rect containing every end and control point.
    /// Cheaper than ``boundingBox`` and always contains it. `CGRect.null` when empty.
    ///
    /// Complexity: O(n) in the number of elements.
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        for e in elements {
            switch e {
            case .moveTo(let p), .lineTo(let p): box.add(p)
            case .quadCurveTo(let p, let c): box.add(p); box.add(c)
            case .curveTo(let p, let c1, let c2): box.add(p); box.add(c1); box.add(c2)
            case .closeSubpath: break
            }
        }
        return box.rect
    }
}

struct BoxAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    @inline(__always) mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
