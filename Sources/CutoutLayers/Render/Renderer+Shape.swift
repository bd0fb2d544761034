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
        guard let stroke = shape.strokeColor, stroke.alpha > 0,
              let stroked = strokedPath(shape, ctm: ctx.ctm, canvasScale: ctx.pixmap.scale) else { return }
        ctx.setFillColor(stroke)
        let mapped = stroked.transform != .identity
        if mapped {
            ctx.saveGState()
            ctx.concatenate(stroked.transform)
        }
        ctx.fillStroke(of: stroked.path, lineWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                       miterLimit: shape.miterLimit)
        if mapped { ctx.restoreGState() }
    }

    /// The part of a shape layer's path that is stroked (trimmed and dashed), and the transform
    /// to apply before the CTM when stroking it, or nil when nothing is stroked. A
    /// non-scaling stroke strokes the path as it lies on the canvas: the path comes mapped to
    /// the canvas, with the way back as the transform. `canvasScale` (device pixels per canvas
    /// point) places the canvas: canvas = `ctm` followed by 1/`canvasScale`.
    static func strokedPath(_ shape: ShapeLayer, ctm: Transform, canvasScale: CGFloat = 1) -> (path: Path, transform: Transform)? {
        guard let path = shape.path, shape.lineWidth.isFinite, shape.lineWidth > 0 else { return nil }
        if shape.hasNonScalingStroke {
            guard canvasScale.isFinite, canvasScale > 0 else { return nil }
            let toCanvas = ctm.concatenating(Transform(scaleX: 1 / canvasScale, y: 1 / canvasScale))
            guard toCanvas.isFinite, let back = toCanvas.inverted(), back.isFinite,
                  let source = trimmedAndDashed(path.applying(toCanvas), shape) else { return nil }
            return (source, back)
        }
        return trimmedAndDashed(path, shape).map { ($0, .identity) }
    }

    /// `path` trimmed and dashed with the shape's settings, or nil when nothing is left.
    private static func trimmedAndDashed(_ path: Path, _ shape: ShapeLayer) -> Path? {
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
