import CutoutGeometry
import CutoutLayers

extension SVGBuilder {
    func applyLineCapAndJoin(_ layer: ShapeLayer, _ style: SVGStyle) {
        layer.lineCap = LineCap(rawValue: style.lineCap) ?? .butt
        layer.lineJoin = LineJoin(rawValue: style.lineJoin) ?? .miter
    }
}
