import CutoutGeometry
import Foundation

/// Where a view's own coordinate space sits on screen: its frame in screen (shared)
/// coordinates and its bounds origin (a scroll view's content offset), as UIKit's
/// `convert(_:from:)` needs them.
///
/// A hole that passes through several stacked views (an image, a list, a horizontal
/// collection with its own x offset) is one rect in screen space; each view cuts it at
/// ``convertFromScreen(_:)`` of that rect, so all the cuts line up exactly.
public struct ViewSpace: Hashable, Sendable {
    /// The view's frame in screen coordinates.
    public var frame: CGRect
    /// The origin of the view's bounds: `(contentOffset.x, contentOffset.y)` for a scroll view,
    /// zero otherwise.
    public var boundsOrigin: CGPoint

    public init(frame: CGRect, boundsOrigin: CGPoint = .zero) {
        self.frame = frame
        self.boundsOrigin = boundsOrigin
    }

    /// Translation from the view's local coordinates to screen coordinates.
    public var localToScreen: Transform {
        Transform(translationX: frame.minX - boundsOrigin.x, y: frame.minY - boundsOrigin.y)
    }

    /// Translation from screen coordinates to the view's local coordinates.
    public var screenToLocal: Transform {
        Transform(translationX: boundsOrigin.x - frame.minX, y: boundsOrigin.y - frame.minY)
    }

    /// A rect given in screen coordinates, in this view's local coordinates.
    public func convertFromScreen(_ rect: CGRect) -> CGRect {
        rect.offsetBy(dx: boundsOrigin.x - frame.minX, dy: boundsOrigin.y - frame.minY)
    }

    /// A rect given in this view's local coordinates, in screen coordinates.
    public func convertToScreen(_ rect: CGRect) -> CGRect {
        rect.offsetBy(dx: frame.minX - boundsOrigin.x, dy: frame.minY - boundsOrigin.y)
    }

    /// The space of a subview whose frame is given in this view's local coordinates (for
    /// example a collection view inside a list cell).
    public func subview(frame: CGRect, boundsOrigin: CGPoint = .zero) -> ViewSpace {
        ViewSpace(frame: convertToScreen(frame), boundsOrigin: boundsOrigin)
    }

    /// One screen-space hole mapped into every view's local coordinates, in the order of
    /// `views`. Cutting each view at its rect makes the hole line up through the whole stack.
    public static func localHoles(for screenHole: CGRect, in views: [ViewSpace]) -> [CGRect] {
        views.map { $0.convertFromScreen(screenHole) }
    }

    /// One screen-space hole of any outline mapped into every view's local coordinates.
    public static func localHoles(for screenHole: Path, in views: [ViewSpace]) -> [Path] {
        views.map { screenHole.applying($0.screenToLocal) }
    }
}
