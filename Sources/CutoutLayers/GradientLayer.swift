import Foundation
import CutoutRaster

/// A layer that fills its bounds with a gradient (`CAGradientLayer`), above its background
/// and below its sublayers.
///
/// Colours are interpolated unpremultiplied, as Core Animation does (see ``Gradient``): from
/// `.white` to `.clear` (transparent black) the middle is translucent grey; from `.white` to
/// `Color(white: 1, alpha: 0)` it is translucent white. Drawn gradients are dithered by device
/// pixel, so long ramps between close colours do not band.
public final class GradientLayer: Layer {
    /// The shape of the gradient.
    public enum GradientType: String, Hashable, Sendable, CaseIterable {
        /// Along the line from ``GradientLayer/startPoint`` to ``GradientLayer/endPoint``.
        case axial
        /// Circles centred on ``GradientLayer/startPoint``; ``GradientLayer/endPoint`` gives
        /// the radii along x and y (an ellipse filling the distance in each axis). With a
        /// ``GradientLayer/focalPoint`` or ``GradientLayer/focalRadius`` the circles of
        /// `t = 0` and `t = 1` differ (a two-point conical gradient, SVG's `fx`/`fy`/`fr`).
        case radial
    }

    public var type: GradientType = .axial
    /// The colour stops' colours; fewer than one colour draws nothing.
    public var colors: [Color] = []
    /// Stop locations `0...1`, one per colour; nil spaces the colours evenly.
    public var locations: [CGFloat]?
    /// Start of the gradient in unit coordinates of the bounds. Default `(0.5, 0)`.
    public var startPoint = CGPoint(x: 0.5, y: 0)
    /// End of the gradient in unit coordinates of the bounds. Default `(0.5, 1)`.
    public var endPoint = CGPoint(x: 0.5, y: 1)
    /// What lies beyond the ends of the gradient. Core Animation only pads; repeat and
    /// reflect are here for SVG's `spreadMethod`.
    public var spreadMethod: SpreadMethod = .pad
    /// Radial only: the centre of the circle where the gradient starts (`t = 0`), in unit
    /// coordinates of the bounds like ``startPoint``; nil starts at ``startPoint`` (Core
    /// Animation's only form). SVG's `fx`/`fy`. Outside the end ellipse the gradient paints the
    /// cone the two circles span and nothing beyond it, as Skia and resvg do.
    public var focalPoint: CGPoint?
    /// Radial only: the radius of the start circle as a fraction of the end radius (SVG's
    /// `fr ÷ r`); default 0. Negative values count as 0.
    public var focalRadius: CGFloat = 0

    public override init() { super.init() }

    /// The stops as (location, colour) pairs: locations spaced evenly when ``locations`` is nil
    /// or has the wrong count, clamped to `0...1` and made non-decreasing.
    public var stops: [(location: CGFloat, color: Color)] {
        guard !colors.isEmpty else { return [] }
        let n = colors.count
        var locs: [CGFloat]
        if let given = locations, given.count == n {
            locs = given.map { $0.isFinite ? min(max($0, 0), 1) : 0 }
        } else {
            locs = n == 1 ? [0] : (0..<n).map { CGFloat($0) / CGFloat(n - 1) }
        }
        for i in locs.indices.dropFirst() where locs[i] < locs[i - 1] { locs[i] = locs[i - 1] }
        return zip(locs, colors).map { ($0, $1) }
    }
}
