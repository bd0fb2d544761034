import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
import CutoutLayers

extension SVGWriter {
    // MARK: Shape layer

    /// Fill, then stroke (of the path trimmed to `strokeStart...strokeEnd`), as the renderer.
    /// A shape that paints nothing is written hidden: it still counts in its group's object
    /// bounding box (SVG import keeps a text's em boxes that way), for this and other readers.
    mutating func emitShape(_ shape: ShapeLayer) {
        guard let path = shape.path, !path.isEmpty else { return }
        if let fill = shape.fillColor, fill.alpha > 0 {
            let rule = shape.fillRule == .evenOdd ? "evenodd" : "nonzero"
            body += "<path" + Self.attributes([("d", path.svgPathData), ("fill-rule", rule)] + Self.fill(fill)) + "/>\n"
        }
        guard let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth.isFinite, shape.lineWidth > 0 else {
            if shape.fillColor == nil, shape.strokeColor == nil {
                body += "<path" + Self.attributes([("d", path.svgPathData), ("fill", "none"), ("visibility", "hidden")]) + "/>\n"
            }
            return
        }
        let start = shape.strokeStart.isNaN ? 0 : min(max(shape.strokeStart, 0), 1)
        let end = shape.strokeEnd.isNaN ? 1 : min(max(shape.strokeEnd, 0), 1)
        let source = start != 0 || end != 1 ? path.trimmed(from: start, to: end) : path
        guard !source.isEmpty else { return }
        let p = Self.paint(stroke)
        var attrs: [(String, String)] = [
            ("d", source.svgPathData), ("fill", "none"), ("stroke", p.rgb), ("stroke-width", Self.number(shape.lineWidth)),
            ("stroke-linecap", shape.lineCap.rawValue), ("stroke-linejoin", shape.lineJoin.rawValue),
            ("stroke-miterlimit", Self.number(shape.miterLimit.isFinite ? max(shape.miterLimit, 1) : 10)),
        ]
        if p.opacity != "1" { attrs.append(("stroke-opacity", p.opacity)) }
        if shape.hasNonScalingStroke { attrs.append(("vector-effect", "non-scaling-stroke")) }
        // The renderer draws patterns it cannot use (negative, non-finite, all zero) solid.
        if let pattern = shape.lineDashPattern, !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }),
           pattern.reduce(0, +) > 0, shape.lineDashPhase.isFinite {
            attrs.append(("stroke-dasharray", pattern.map(Self.number).joined(separator: " ")))
            if shape.lineDashPhase != 0 { attrs.append(("stroke-dashoffset", Self.number(shape.lineDashPhase))) }
        }
        body += "<path" + Self.attributes(attrs) + "/>\n"
    }

    // MARK: Gradient layer

    /// The bounds filled with the gradient: start and end points in the unit square, mapped to
    /// the bounds by a `gradientTransform`, as ``Renderer/paint(of:)`` lays them out (Core
    /// Animation's reading: the unit square stretched to the bounds).
    mutating func emitGradient(_ layer: GradientLayer) {
        let stops = layer.stops
        let b = layer.bounds
        guard !stops.isEmpty, b.width > 0, b.height > 0 else { return }
        let unitToBounds = Transform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY)
        let rect = Self.attributes([("x", Self.number(b.minX)), ("y", Self.number(b.minY)),
                                    ("width", Self.number(b.width)), ("height", Self.number(b.height))])
        let spread: String
        switch layer.spreadMethod {
        case .pad: spread = "pad"
        case .repeat: spread = "repeat"
        case .reflect: spread = "reflect"
        }
        let id = newID("gradient")
        var attrs: [(String, String)] = [("id", id), ("gradientUnits", "userSpaceOnUse"), ("spreadMethod", spread)]
        let element: String
        switch layer.type {
        case .axial:
            let s = layer.startPoint, e = layer.endPoint
            guard s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return }
            element = "linearGradient"
            attrs += [("x1", Self.number(s.x)), ("y1", Self.number(s.y)), ("x2", Self.number(e.x)), ("y2", Self.number(e.y)),
                      ("gradientTransform", "matrix(\(Self.matrix(unitToBounds)))")]
        case .radial:
            let c = layer.startPoint, e = layer.endPoint
            let rx = abs(e.x - c.x), ry = abs(e.y - c.y)
            guard c.x.isFinite, c.y.isFinite, rx.isFinite, ry.isFinite else { return }
            guard rx > 0, ry > 0 else {
                body += "<rect" + rect + Self.attributes(Self.fill(stops[stops.count - 1].color)) + "/>\n"
                return
            }
            element = "radialGradient"
            let t = Transform(a: rx, b: 0, c: 0, d: ry, tx: c.x, ty: c.y).concatenating(unitToBounds)
            attrs += [("cx", "0"), ("cy", "0"), ("r", "1"), ("gradientTransform", "matrix(\(Self.matrix(t)))")]
            // The focal circle in the same unit-circle space, as the renderer places it.
            if let f = layer.focalPoint, f != c, f.x.isFinite, f.y.isFinite {
                attrs += [("fx", Self.number((f.x - c.x) / rx)), ("fy", Self.number((f.y - c.y) / ry))]
            }
            if layer.focalRadius.isFinite, layer.focalRadius > 0 { attrs.append(("fr", Self.number(layer.focalRadius))) }
        }
        defs += "<\(element)" + Self.attributes(attrs) + ">\n"
        // Both interpolate straight colours, so the stops carry over one for one.
        for stop in stops {
            let p = Self.paint(stop.color)
            defs += "<stop" + Self.attributes([("offset", Self.number(stop.location)), ("stop-color", p.rgb), ("stop-opacity", p.opacity)]) + "/>\n"
        }
        defs += "</\(element)>\n"
        body += "<rect" + rect + " fill=\"url(#\(id))\"/>\n"
    }

    // MARK: Contents

    /// The image once in `<defs>` (a PNG data URI), then one clipped `<use>` per piece.
    mutating func emitContents(_ drawing: ContentsDrawing) {
        let pieces = drawing.pieces
        guard !pieces.isEmpty, let png = try? drawing.image.pngData() else { return }
        let imageID = newID("image")
        let uri = "data:image/png;base64," + png.base64EncodedString()
        // SVG has one sampling for both directions: nearest when the layer asks for it when
        // magnified, where the difference shows.
        let rendering = drawing.layer.magnificationFilter == .nearest ? [("image-rendering", "optimizeSpeed")] : []
        defs += "<image" + Self.attributes([
            ("id", imageID), ("width", String(drawing.image.width)), ("height", String(drawing.image.height)),
            ("preserveAspectRatio", "none"), ("href", uri), ("xlink:href", uri),
        ] + rendering) + "/>\n"
        for piece in pieces {
            guard let whole = drawing.wholeImageRect(src: piece.src, dest: piece.dest) else { continue }
            let clipID = newID("clip")
            let d = piece.dest
            defs += "<clipPath id=\"\(clipID)\"><rect" + Self.attributes([
                ("x", Self.number(d.minX)), ("y", Self.number(d.minY)), ("width", Self.number(d.width)), ("height", Self.number(d.height)),
            ]) + "/></clipPath>\n"
            let place = Transform(a: whole.width / CGFloat(drawing.image.width), b: 0, c: 0,
                                  d: whole.height / CGFloat(drawing.image.height), tx: whole.minX, ty: whole.minY)
            body += "<g clip-path=\"url(#\(clipID))\"><use href=\"#\(imageID)\" xlink:href=\"#\(imageID)\" transform=\"matrix(\(Self.matrix(place)))\"/></g>\n"
        }
    }
}
