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
            fillStrokeOutline(of: path.applying(gstate.ctm), width: 1, cap: s.lineCap, join: s.lineJoin,
                              miterLimit: s.miterLimit, toDevice: .identity, paint: s.paint)
        } else {
            fillStrokeOutline(of: path, width: s.lineWidth, cap: s.lineCap, join: s.lineJoin,
                              miterLimit: s.miterLimit, toDevice: gstate.ctm, paint: s.paint)
        }
    }

    /// Fills the outline of `path` stroked with the given line attributes (a positive width,
    /// in user space) with the current fill paint, alpha and blend mode: what filling
    /// `path.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)` with the non-zero rule
    /// draws, with curve offsets accurate to `offsetTolerance` device pixels and no
    /// intermediate `Path`. 0 means the public stroker's accuracy: the pixels of filling
    /// `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)` given the CTM.
    package mutating func fillStroke(of path: Path, lineWidth: CGFloat, lineCap: LineCap, lineJoin: LineJoin,
                                     miterLimit: CGFloat, offsetTolerance: CGFloat = DrawingContext.strokeTolerance) {
        fillStrokeOutline(of: path, width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit,
                          toDevice: gstate.ctm, paint: gstate.fillPaint, offsetTolerance: offsetTolerance)
    }

    private mutating func fillStrokeOutline(of path: Path, width: CGFloat, cap: LineCap, join: LineJoin,
                                            miterLimit: CGFloat, toDevice: Transform, paint: Paint,
                                            offsetTolerance: CGFloat = DrawingContext.strokeTolerance) {
        fill(rule: .winding, paint: paint) { raster, scratch, cull in
            let tolerance = raster.tolerance > 0 && raster.tolerance.isFinite ? raster.tolerance : Rasterizer.defaultTolerance
            raster.setPolygons { sink in
                path.strokeFlattened(
                    width: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit,
                    deviceTolerance: offsetTolerance, deviceTransform: toDevice,
                    flatteningTolerance: tolerance,
                    cull: (Double(cull.minX), Double(cull.minY), Double(cull.maxX), Double(cull.maxY)),
                    coordinateLimit: Rasterizer.coordinateLimit, scratch: scratch.stroker, into: &sink)
            }
        }
    }

    /// Strokes the outline of `rect`.
    public mutating func stroke(_ rect: CGRect) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        stroke(Path(rect: rect))
    }
}
