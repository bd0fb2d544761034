import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// The layer's gradient as a paint in its own coordinates. As in Core Animation, the
    /// gradient is laid out in the layer's unit square and that square is stretched to the
    /// bounds, so on a non-square layer a diagonal gradient's bands follow the stretch (they are
    /// not perpendicular to the start–end line in points).
    static func paint(of layer: GradientLayer) -> Paint? {
        let stops = layer.stops
        guard !stops.isEmpty else { return nil }
        let b = layer.bounds
        let unitToBounds = Transform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY)
        let gradient = Gradient(stops: stops.map { GradientStop(location: $0.location, color: $0.color) }, spread: layer.spreadMethod)
        switch layer.type {
        case .axial:
            return .linearGradient(LinearGradient(gradient: gradient, start: layer.startPoint, end: layer.endPoint,
                                                  transform: unitToBounds))
        case .radial:
            let c = layer.startPoint, e = layer.endPoint
            let rx = abs(e.x - c.x), ry = abs(e.y - c.y)
            guard rx > 0, ry > 0 else { return .color(stops[stops.count - 1].color) }
            // A unit circle stretched to the ellipse with radii rx, ry about the centre, in the
            // unit square, then the unit square to the bounds. The focal circle lives in the
            // same unit-circle space, so it stretches with the ellipse.
            let t = Transform(a: rx, b: 0, c: 0, d: ry, tx: c.x, ty: c.y).concatenating(unitToBounds)
            let f = layer.focalPoint ?? c
            let focus = CGPoint(x: (f.x - c.x) / rx, y: (f.y - c.y) / ry)
            let fr = layer.focalRadius.isNaN ? 0 : max(layer.focalRadius, 0)
            return .radialGradient(RadialGradient(gradient: gradient, startCenter: focus, startRadius: fr,
                                                  endCenter: .zero, endRadius: 1, transform: t))
        }
    }

    /// Fills the bounds with the gradient: shaded in device space over the clip, then drawn
    /// through a clip to the bounds.
    static func drawGradient(_ layer: GradientLayer, in ctx: inout DrawingContext) {
        guard let paint = paint(of: layer), layer.bounds.width > 0, layer.bounds.height > 0 else { return }
        // A product of finite transforms can overflow: such a layer is skipped like any other
        // with non-finite geometry (Foundation on Linux also traps intersecting a NaN rect).
        let box = layer.bounds.applying(ctx.ctm)
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return }
        let device = box.intersection(CGRect(x: 0, y: 0, width: ctx.pixmap.width, height: ctx.pixmap.height))
        guard !device.isNull, device.width > 0, device.height > 0 else { return }
        let x0 = Int(device.minX.rounded(.down)), y0 = Int(device.minY.rounded(.down))
        let x1 = Int(device.maxX.rounded(.up)), y1 = Int(device.maxY.rounded(.up))
        guard var tile = try? Pixmap(width: x1 - x0, height: y1 - y0, scale: 1) else { return }
        let shader = Shader(paint: paint, transform: ctx.ctm)
        let w = tile.width, h = tile.height
        tile.data.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: PremultipliedRGBA8.self)
            for row in 0..<h {
                shader.shade(x: x0, y: y0 + row, count: w, into: px.baseAddress! + row * w)
            }
        }
        ctx.saveGState()
        ctx.clip(to: Path(rect: layer.bounds), using: .winding)
        drawDevice(tile, into: &ctx, offset: CGPoint(x: x0, y: y0))
        ctx.restoreGState()
    }
}
