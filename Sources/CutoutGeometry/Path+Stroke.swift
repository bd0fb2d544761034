import Foundation

extension Path {
    /// The default miter limit of Core Graphics, used when the given one is not finite.
    public static let defaultMiterLimit: CGFloat = 10

    /// The outline of this path stroked with a line of width `lineWidth`, as
    /// `CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`: filled with the
    /// **non-zero** rule, the result covers the stroked area.
    ///
    /// - Open subpaths get `lineCap` at both ends; closed subpaths are joined at their start
    ///   and have no caps. Corners get `lineJoin`; a miter longer than `miterLimit` × the line
    ///   width becomes a bevel, as Core Graphics does. Inside a curve, and at cusps, pieces are
    ///   joined round (a cusp leaves a disc, as in Core Graphics and Skia).
    /// - A subpath with drawing commands but no length (say `move(to: p)`, `addLine(to: p)`)
    ///   leaves a dot with round or square caps (a square is axis-aligned, as if the line ran
    ///   toward +x) and nothing with butt caps; a lone `move(to:)` leaves nothing.
    /// - Each subpath gives one closed contour (two for a closed subpath: the outer and inner
    ///   sides). Where two pieces (straight or curved, or the last and first of a closed
    ///   subpath) meet and their offsets cross near the corner, within both, the inner side is
    ///   cut at the crossing, so the contour does not overlap itself there (and the rasteriser's
    ///   mean-winding coverage is exact at that corner); elsewhere it runs through the corner
    ///   point. Where a thick curve crosses itself the contour crosses itself too, so
    ///   even-odd filling an outline appended to another shape leaves islands there, as with
    ///   Core Graphics (see the erased-curve card of CutoutHoles).
    /// - Accuracy: offsets of curves are within `min(lineWidth / 1000, 0.01 / s)` of the true
    ///   offset curves, where `s` is `transform.maximumScale` (so within 0.01 in output units);
    ///   lines, butt and square caps, miter and bevel joins are exact. Round caps and joins are
    ///   cubic arcs within 2.5e-5 of the half width.
    /// - The winding number of the result is never negative, and positive exactly on the
    ///   stroked area (up to the accuracy above): for curves tighter than half the width, the
    ///   folded inner offset is covered by straight pieces rather than left to cancel out.
    /// - Degenerate input: a `lineWidth` that is not positive and finite gives an empty path
    ///   (a drawing context draws a zero width as a hairline itself, without this method);
    ///   a non-finite `miterLimit` means ``defaultMiterLimit``; a non-finite `transform` gives
    ///   an empty path.
    ///
    /// `transform` is applied to the outline after stroking, as Core Graphics does.
    ///
    /// Complexity: O(n) pieces for n elements; each curve gives at most 2^10 pieces per
    /// cusp-free part, so the time is bounded whatever the coordinates.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: LineCap, lineJoin: LineJoin,
                     miterLimit: CGFloat, transform: Transform = .identity) -> Path {
        guard lineWidth.isFinite, lineWidth > 0, transform.isFinite, !isEmpty else { return Path() }
        var sink = PathOutlineSink()
        strokeOutline(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit,
                      curves: OffsetCurve(halfWidth: lineWidth / 2,
                                          tolerance: strokeTolerance(lineWidth: lineWidth, transform: transform)),
                      scratch: StrokeScratch(), into: &sink)
        return transform.isIdentity ? sink.path : sink.path.applying(transform)
    }

    /// Strokes this path for drawing: the outline of
    /// ``copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)``, but with curve
    /// offsets only as accurate as drawing needs (within `deviceTolerance` of the true offsets
    /// once mapped by `deviceTransform`; a drawing context passes a quarter of a device pixel,
    /// as Skia does), mapped by `deviceTransform`, flattened there to within
    /// `flatteningTolerance` and added to `buffer` as closed polygons to be filled with the
    /// non-zero rule. No ``Path`` is built, and `scratch` lends the working memory. A tolerance
    /// or transform that cannot be used means the public stroker's accuracy.
    ///
    /// `cull` is the device rectangle that matters (curves entirely outside it become chords)
    /// and device coordinates are clamped to ±`coordinateLimit`, as a rasteriser does when it
    /// flattens a path itself.
    package func strokeFlattened(
        width lineWidth: CGFloat, lineCap: LineCap, lineJoin: LineJoin, miterLimit: CGFloat,
        deviceTolerance: CGFloat, deviceTransform: Transform, flatteningTolerance: Double,
        cull: (minX: Double, minY: Double, maxX: Double, maxY: Double), coordinateLimit: Double,
        scratch: StrokeScratch, into buffer: inout PolygonBuffer
    ) {
        guard lineWidth.isFinite, lineWidth > 0, !isEmpty else { return }
        let precise = strokeTolerance(lineWidth: lineWidth, transform: deviceTransform)
        let s = deviceTransform.isFinite ? deviceTransform.maximumScale : 0
        let coarse = deviceTolerance > 0 && deviceTolerance.isFinite && s > 0 && s.isFinite
        let tolerance = coarse ? max(precise, deviceTolerance / s) : precise
        var flattener = DeviceFlattener(buffer: buffer.take(), transform: deviceTransform, tolerance: flatteningTolerance,
                                               cull: cull, coordinateLimit: coordinateLimit)
        strokeOutline(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit,
                      curves: OffsetCurve(halfWidth: lineWidth / 2, tolerance: tolerance),
                      scratch: scratch, into: &flattener)
        buffer = flattener.buffer
    }

    private func strokeOutline<S: StrokeOutlineSink>(width lineWidth: CGFloat, cap lineCap: LineCap, join lineJoin: LineJoin,
                                                     miterLimit: CGFloat, curves: OffsetCurve, scratch: StrokeScratch,
                                                     into out: inout S) {
        let limit = miterLimit.isFinite ? miterLimit : Self.defaultMiterLimit
        let outliner = StrokeOutliner(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin, miterLimit: limit)
        var pieces = scratch.pieces
        scratch.pieces = []
        defer { scratch.pieces = pieces }
        forEachStrokeSubpath(scratch: scratch) { start, segments, closed in
            pieces.removeAll(keepingCapacity: true)
            for s in segments {
                switch s {
                case .line(let a, let b):
                    let d = b - a
                    let len = d.length
                    guard len > 0 else { continue }
                    let u = d * (1 / len)
                    pieces.append(StrokePiece(start: a, end: b, startTangent: u, endTangent: u,
                                              offsets: .line, isSegmentStart: true))
                case .cubic(let q):
                    curves.appendPieces(of: q, to: &pieces)
                }
            }
            if pieces.isEmpty {
                outliner.appendDot(at: start, to: &out)
            } else {
                outliner.appendOutline(of: pieces, closed: closed, scratch: scratch, to: &out)
            }
        }
    }

    /// The offset tolerance documented on ``copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)``,
    /// kept above the floating-point resolution of the coordinates.
    private func strokeTolerance(lineWidth: CGFloat, transform: Transform) -> CGFloat {
        let s = transform.maximumScale
        var tol = lineWidth / 1000
        if s > 0, s.isFinite { tol = min(tol, 0.01 / s) }
        let box = boundingBoxOfPath
        let extent = max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))
        return max(tol, extent * 1e-12, .leastNormalMagnitude)
    }

    /// A segment as the stroker sees it: quadratics are raised to cubics.
    enum StrokeSegment {
        case line(StrokeVector, StrokeVector)
        case cubic(OffsetCurve.Cubic)
    }

    /// Calls `body` once per subpath that has at least one drawing command, with its start,
    /// its segments (a closed subpath ends with the closing line, when it has length) and
    /// whether it is closed.
    func forEachStrokeSubpath(scratch: StrokeScratch, _ body: (StrokeVector, [StrokeSegment], Bool) -> Void) {
        var start = StrokeVector(x: 0, y: 0), cur = start
        var segments = scratch.segments
        scratch.segments = []
        defer { scratch.segments = segments }
        segments.removeAll(keepingCapacity: true)
        var drew = false
        func flush(closed: Bool) {
            if drew {
                if closed, cur != start { segments.append(.line(cur, start)) }
                body(start, segments, closed)
            }
            segments.removeAll(keepingCapacity: true)
            drew = false
        }
        for e in elements {
            switch e {
            case .moveTo(let m):
                flush(closed: false)
                start = StrokeVector(m); cur = start
            case .lineTo(let l):
                let p = StrokeVector(l)
                segments.append(.line(cur, p)); cur = p; drew = true
            case .quadCurveTo(let qp, let qc):
                let p = StrokeVector(qp), c = StrokeVector(qc)
                let c1 = cur + (c - cur) * (2 / 3), c2 = p + (c - p) * (2 / 3)
                segments.append(.cubic((cur, c1, c2, p))); cur = p; drew = true
            case .curveTo(let p, let c1, let c2):
                let end = StrokeVector(p)
                segments.append(.cubic((cur, StrokeVector(c1), StrokeVector(c2), end))); cur = end; drew = true
            case .closeSubpath:
                drew = true
                flush(closed: true)
                cur = start
            }
        }
        flush(closed: false)
    }
}
