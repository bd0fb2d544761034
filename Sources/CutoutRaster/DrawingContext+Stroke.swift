import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// Line attributes saved with the graphics state.
struct StrokeStyle {
    var paint: Paint = .color(.black)
    var lineWidth: CGFloat = 1
    var lineCap: LineCap = .butt
    var lineJoin: LineJoin = .miter
    var miterLimit: CGFloat = Path.defaultMiterLimit
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
}

extension DrawingContext {
    /// How far, in device pixels, stroked curve offsets may stray from the true offsets: a
    /// quarter pixel, as Skia's stroker allows (the outline is then flattened to within
    /// ``flatteningTolerance``).
    package static let strokeTolerance: CGFloat = 0.25

    /// Sets the stroke to a solid colour.
    public mutating func setStrokeColor(_ color: Color) { gstate.stroke.paint = .color(color) }

    /// Sets the stroke to any paint.
    public mutating func setStrokePaint(_ paint: Paint) { gstate.stroke.paint = paint }

    /// Sets the line width in user space. 0 draws hairlines one device pixel wide, as Core
    /// Graphics does; negative or non-finite widths are ignored.
    public mutating func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return }
        gstate.stroke.lineWidth = width
    }

    public mutating func setLineCap(_ cap: LineCap) { gstate.stroke.lineCap = cap }

    public mutating func setLineJoin(_ join: LineJoin) { gstate.stroke.lineJoin = join }

    /// Sets the miter limit; non-finite values are ignored.
    public mutating func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return }
        gstate.stroke.miterLimit = limit
    }

    /// Sets the dash pattern (as `CGContext.setLineDash(phase:lengths:)`): `lengths`
    /// alternate painted and unpainted lengths in user space, starting `phase` into the
    /// pattern. An empty list draws solid lines; see `Path.copy(dashingWithPhase:lengths:)`
    /// for how odd counts, negative or non-finite values are treated.
    public mutating func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        gstate.stroke.dashPhase = phase
        gstate.stroke.dashLengths = lengths
    }

    /// Strokes `path` with the current line attributes, dash pattern and stroke paint: the
    /// outline of the (dashed) stroke (made in user space, so a non-uniform CTM shapes the pen as in Core Graphics)
    /// is filled with the non-zero rule.
    public mutating func stroke(_ path: Path) {
        let s = gstate.stroke
        guard !path.isEmpty, !gstate.clip.bounds.isEmpty else { return }
        let path = s.dashLengths.isEmpty ? path : path.copy(dashingWithPhase: s.dashPhase, lengths: s.dashLengths)
        // A hairline is one device pixel wide whatever the CTM, so it is stroked in device space.
        if s.lineWidth == 0 {
            let outline = path.applying(gstate.ctm).copy(
                strokingWithWidth: 1, lineCap: s.lineCap, lineJoin: s.lineJoin, miterLimit: s.miterLimit,
                deviceTolerance: DrawingContext.strokeTolerance, deviceTransform: .identity)
            fill(outline, transform: .identity, rule: .winding, paint: s.paint)
        } else {
            let outline = path.copy(strokingWithWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin,
                                    miterLimit: s.miterLimit, deviceTolerance: DrawingContext.strokeTolerance,
                                    deviceTransform: gstate.ctm)
            fill(outline, transform: gstate.ctm, rule: .winding, paint: s.paint)
        }
    }

    /// Strokes the outline of `rect`.
    public mutating func stroke(_ rect: CGRect) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        stroke(Path(rect: rect))
    }
}
