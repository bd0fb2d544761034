import CutoutGeometry
import Foundation

/// A highlightable element: an id, its frame in the overlay's coordinate space (the window,
/// in UIKit terms), the outline of its highlight and the room left around it.
///
/// Frames of every target and every viewport value must be in the same coordinate space; the
/// host converts (`convert(_:to: nil)` in UIKit, an anchor resolved in the overlay's
/// `GeometryProxy` in SwiftUI).
public struct SpotlightTarget: Hashable, Sendable {
    /// Identifies the target; unique within a registry.
    public var id: String
    /// The element's frame, in overlay coordinates.
    public var frame: CGRect
    /// The outline of the highlight.
    public var shape: SpotlightShape
    /// Space added on every side of the frame before the shape is built (negative shrinks).
    public var padding: CGFloat
    /// Whether the highlight is clipped to the content area (``SpotlightViewport/visibleRect``).
    /// `true` for content, which may scroll under the bars; `false` for elements that are part
    /// of the bars themselves (a tab bar item), which are clipped to the overlay's bounds only.
    public var clipsToContentArea: Bool

    public init(id: String, frame: CGRect, shape: SpotlightShape = .roundedRect(radius: 8), padding: CGFloat = 6,
                clipsToContentArea: Bool = true) {
        self.id = id
        self.frame = frame
        self.shape = shape
        self.padding = padding
        self.clipsToContentArea = clipsToContentArea
    }

    /// Whether the frame and padding are finite, so the target can be drawn.
    var isFinite: Bool {
        frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite && frame.height.isFinite
            && !frame.isNull && padding.isFinite
    }

    /// The frame grown by the padding; a padding that would turn the frame inside out leaves a
    /// zero-size rect at its centre.
    public var paddedFrame: CGRect {
        let f = frame.standardized
        let p = max(padding, -min(f.width, f.height) / 2)
        return f.insetBy(dx: -p, dy: -p)
    }

    /// The highlight's geometry.
    public var cutout: Cutout {
        Cutout(id: id, shape: shape.cutout(around: paddedFrame))
    }
}
