import Foundation

/// What `feMorphology` does with the rectangle around each pixel.
///
/// The radii are in the filter's ``Filter/primitiveUnits``; each is taken to device pixels
/// and rounded up to a whole `r` (as resvg). Each channel of the premultiplied input takes its
/// smallest (erode) or largest (dilate) value over the `2r` pixels from `x − r` to `x + r − 1`
/// (the rectangle of width `2·radius` SVG describes), with transparent black beyond the image.
/// A radius that is not positive or not finite leaves its axis unchanged. A device radius
/// past the image's size is cut to it (the result no longer changes beyond), and the work per
/// pixel does not grow with the radius.
public enum FilterMorphologyOperator: String, Hashable, Sendable, CaseIterable {
    /// The smallest value of each channel (thins the picture).
    case erode
    /// The largest value of each channel (fattens the picture).
    case dilate
}
