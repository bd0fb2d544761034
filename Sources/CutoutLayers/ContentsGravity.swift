/// How a layer's contents are placed in its bounds (`CALayerContentsGravity`).
///
/// Names follow Core Animation; `top` means the top of the screen (minimum y) since our
/// coordinates grow downward. Gravities other than the three `resize…` ones keep the image's
/// natural size: pixels ÷ ``Layer/contentsScale``.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretch to fill the bounds (default).
    case resize
    /// Scale uniformly to fit inside the bounds, centred.
    case resizeAspect
    /// Scale uniformly to cover the bounds, centred (the overflow is drawn unless clipped).
    case resizeAspectFill
}
