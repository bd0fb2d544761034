import Foundation
import CutoutGeometry
import CutoutRaster

/// A layer that draws a path (`CAShapeLayer`): filled, then stroked, above its background and
/// below its sublayers. The path is in the layer's own coordinates and is not clipped to the
/// bounds unless ``Layer/masksToBounds`` is set.
public final class ShapeLayer: Layer {
    /// The shape; nothing is drawn without it.
    public var path: Path?
    /// Fill colour; default opaque black; nil means no fill.
    public var fillColor: Color? = .black
    /// Rule used to fill ``path``.
    public var fillRule: FillRule = .winding
    /// Stroke colour; default nil (no stroke).
    public var strokeColor: Color?
    /// Width of the stroke in points. Default 1.
    public var lineWidth: CGFloat = 1
    /// Shape of the stroke's open ends. Default butt.
    public var lineCap: LineCap = .butt
    /// Shape of the stroke's corners. Default miter.
    public var lineJoin: LineJoin = .miter
    /// Miter limit of the stroke's joins. Default 10.
    public var miterLimit: CGFloat = 10
    /// Dash lengths (on, off, …) in points; nil or empty for a solid stroke.
    public var lineDashPattern: [CGFloat]?
    /// Distance into the dash pattern at which the stroke starts.
    public var lineDashPhase: CGFloat = 0
    /// Start of the stroked part of the path as a fraction of its length, `0...1`.
    public var strokeStart: CGFloat = 0
    /// End of the stroked part of the path as a fraction of its length, `0...1`.
    public var strokeEnd: CGFloat = 1
    /// When `true`, the stroke is computed in the canvas's coordinate space (points of the
    /// render, before its scale) instead of the layer's: ``lineWidth`` and the dash lengths
    /// keep their size in points whatever the layer's and its ancestors' transforms do
    /// (SVG's `vector-effect: non-scaling-stroke`). The path itself still follows the
    /// transforms. A transform that cannot be inverted draws no stroke. Default `false`.
    public var hasNonScalingStroke = false

    public override init() { super.init() }
}
