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
        guard let stroke = shape.strokeColor, stroke.alpha > 0, let outline = strokeOutline(shape, ctm: ctx.ctm) else { return }
        ctx.setFillColor(stroke)
        ctx.fill(outline, using: .winding)
    }

    /// The stroke of a shape layer as a fillable path, or nil when nothing is stroked.
    static func strokeOutline(_ shape: ShapeLayer, ctm: Transform) -> Path? {
        guard let path = shape.path, shape.lineWidth.isFinite, shape.lineWidth > 0 else { return nil }
        var source = path
        let start = shape.strokeStart.isNaN ? 0 : min(max(shape.strokeStart, 0), 1)
        let end = shape.strokeEnd.isNaN ? 1 : min(max(shape.strokeEnd, 0), 1)
        if start != 0 || end != 1 { source = path.trimmed(from: start, to: end) }
        if let pattern = shape.lineDashPattern { source = dashed(source, pattern: pattern, phase: shape.lineDashPhase) }
        guard !source.isEmpty else { return nil }
        let outline = source.copy(strokingWithWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                                  miterLimit: shape.miterLimit)
        return outline.isEmpty ? nil : outline
    }

    /// Most dashes made from one path; a pattern that would make more is drawn solid.
    static let maxDashes = 10_000

    /// `path` cut into dashes (on/off lengths, starting `phase` into the pattern), measured
    /// along the whole path. Patterns with a negative or non-finite length, or all zero, are
    /// ignored (solid), as Core Graphics does.
    static func dashed(_ path: Path, pattern: [CGFloat], phase: CGFloat) -> Path {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return path }
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = lengths.reduce(0, +)
        let total = path.length
        guard period > 0, total > 0, phase.isFinite, total / period * CGFloat(lengths.count) <= CGFloat(maxDashes) else { return path }
        var out = Path()
        var offset = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
        var index = 0
        while offset < total {
            let len = lengths[index]
            if index % 2 == 0, len > 0 {
                let a = max(offset, 0), b = min(offset + len, total)
                if b > a { out.addPath(path.trimmed(from: a / total, to: b / total)) }
            }
            offset += len
            index = (index + 1) % lengths.count
        }
        return out
    }
}
