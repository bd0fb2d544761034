import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// Fill, then stroke (trimmed to `strokeStart...strokeEnd`, dashed, outlined).
    static func drawShape(_ shape: ShapeLayer, in ctx: inout DrawingContext) {
        guard let path = shape.path, !path.isEmpty else { return }
        if let fill = shape.fillColor, fill.alpha > 0 {
            ctx.setFillColor(fill)
            ctx.fill(path, using: shape.fillRule)
        }
        guard let stroke = shape.strokeColor, stroke.alpha > 0, let source = strokedPath(shape) else { return }
        ctx.setFillColor(stroke)
        ctx.fillStroke(of: source, lineWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                       miterLimit: shape.miterLimit)
    }

    /// The part of a shape layer's path that is stroked (trimmed and dashed), or nil when
    /// nothing is stroked.
    static func strokedPath(_ shape: ShapeLayer) -> Path? {
        guard let path = shape.path, shape.lineWidth.isFinite, shape.lineWidth > 0 else { return nil }
        var source = path
        let start = shape.strokeStart.isNaN ? 0 : min(max(shape.strokeStart, 0), 1)
        let end = shape.strokeEnd.isNaN ? 1 : min(max(shape.strokeEnd, 0), 1)
        if start != 0 || end != 1 { source = path.trimmed(from: start, to: end) }
        if let pattern = shape.lineDashPattern, !pattern.isEmpty, dashCount(source, pattern: pattern) <= maxDashes {
            source = source.copy(dashingWithPhase: shape.lineDashPhase, lengths: pattern)
        }
        return source.isEmpty ? nil : source
    }

    /// Most dashes a shape layer draws: a pattern that would make more (say 1e-6 pt dashes along a
    /// long path) is drawn solid, so a render stays bounded in time. Far below
    /// `Path.maximumDashCount`, which bounds the geometry operation itself.
    static let maxDashes: CGFloat = 10_000

    /// About how many dashes `pattern` makes along `path` (infinite for a zero period).
    static func dashCount(_ path: Path, pattern: [CGFloat]) -> CGFloat {
        let period = pattern.reduce(0, +)
        guard period.isFinite, period > 0 else { return 0 }
        return path.length / period * CGFloat(pattern.count)
    }
}
