import CutoutGeometry
import Foundation

/// The outline of a highlight around a target's (padded) frame.
public enum SpotlightShape: Hashable, Sendable {
    /// The frame itself.
    case rect
    /// The frame with rounded corners (radius clamped to half the shorter side, as UIKit does).
    case roundedRect(radius: CGFloat)
    /// The largest circle centred on the frame that holds it: its diameter is the frame's diagonal,
    /// so a circular highlight never crops the element.
    case circle
    /// The frame with fully rounded ends.
    case capsule
    /// Any outline, in the same coordinate space as the frame. The target's frame is only used
    /// for placement decisions; the path is drawn as given (padding does not apply to it).
    case path(Path)
}

extension SpotlightShape {
    /// The cut-out for this shape around `rect`. Every standard shape becomes a
    /// ``Cutout/Shape/roundedRect(_:cornerRadius:)``, which morphs exactly; a custom path stays
    /// a path.
    func cutout(around rect: CGRect) -> Cutout.Shape {
        switch self {
        case .rect:
            return .roundedRect(rect, cornerRadius: 0)
        case .roundedRect(let radius):
            return .roundedRect(rect, cornerRadius: radius.isFinite ? max(0, radius) : 0)
        case .capsule:
            return .roundedRect(rect, cornerRadius: min(rect.width, rect.height) / 2)
        case .circle:
            let d = (rect.width * rect.width + rect.height * rect.height).squareRoot()
            let square = CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d)
            return .roundedRect(square, cornerRadius: d / 2)
        case .path(let path):
            return .path(path)
        }
    }
}
