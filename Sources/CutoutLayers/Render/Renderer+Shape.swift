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
        guard let stroke = shape.strokeColor, stroke.alpha > 0, let outline = strokeOutline(shape, ctm: ctx.ctm, canvasScale: ctx.pixmap.scale) else { return }
        ctx.setFillColor(stroke)
        ctx.fill(outline, using: .winding)
    }

    /// The stroke of a shape layer as a fillable path in the layer's coordinates, or nil when
    /// nothing is stroked. `canvasScale` (device pixels per canvas point) places the canvas
    /// space of a non-scaling stroke: canvas = `ctm` followed by 1/`canvasScale`.
    static func strokeOutline(_ shape: ShapeLayer, ctm: Transform, canvasScale: CGFloat = 1) -> Path? {
        guard let path = shape.path, shape.lineWidth.isFinite, shape.lineWidth > 0 else { return nil }
        if shape.hasNonScalingStroke {
            // Stroke the path as it lies on the canvas, then bring the outline back.
            guard canvasScale.isFinite, canvasScale > 0 else { return nil }
            let toCanvas = ctm.concatenating(Transform(scaleX: 1 / canvasScale, y: 1 / canvasScale))
            guard toCanvas.isFinite, let back = toCanvas.inverted(), back.isFinite else { return nil }
            return outline(of: path.applying(toCanvas), shape, ctm: Transform(scaleX: canvasScale, y: canvasScale))?.applying(back)
        }
        return outline(of: path, shape, ctm: ctm)
    }

    /// `path` trimmed, dashed and stroked with the shape's settings, in `path`'s coordinates.
    private static func outline(of path: Path, _ shape: ShapeLayer, ctm: Transform) -> Path? {
        var source = path
        let start = shape.strokeStart.isNaN ? 0 : min(max(shape.strokeStart, 0), 1)
        let end = shape.strokeEnd.isNaN ? 1 : min(max(shape.strokeEnd, 0), 1)
        if start != 0 || end != 1 { source = path.trimmed(from: start, to: end) }
        if let pattern = shape.lineDashPattern, !pattern.isEmpty, dashCount(source, pattern: pattern) <= maxDashes {
            source = source.copy(dashingWithPhase: shape.lineDashPhase, lengths: pattern)
        }
        guard !source.isEmpty else { return nil }
        let outline = source.copy(strokingWithWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                                  miterLimit: shape.miterLimit, deviceTolerance: DrawingContext.strokeTolerance,
                                  deviceTransform: ctm)
        return outline.isEmpty ? nil : outline
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
