/// How a layer's contents are placed in its bounds (`CALayerContentsGravity`).
///
/// Names and meaning follow Core Animation, whose `CALayer.h` says "bottom" always means
/// minimum y and "top" maximum y. Our coordinates grow downward, so `.bottom` (and
/// `.bottomLeft`, `.bottomRight`) puts the image at the visual **top** of the layer and `.top`
/// at the visual bottom. That is also what iOS does: a `UIView`'s layer has y growing
/// downward, so `contentsGravity = .bottom` shows the image at the top of the view unless
/// `contentsAreFlipped` is true. Gravities other than the three `resize…` ones keep the
/// image's natural size: pixels ÷ ``Layer/contentsScale``.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretch to fill the bounds (default).
    case resize
    /// Scale uniformly to fit inside the bounds, centred.
    case resizeAspect
    /// Scale uniformly to cover the bounds, centred (the overflow is drawn unless clipped).
    case resizeAspectFill
}
