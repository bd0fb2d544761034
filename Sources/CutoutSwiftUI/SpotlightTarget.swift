// Apple APIs: SwiftUI (PreferenceKey, Anchor<CGRect>, View.transformAnchorPreference(key:value:transform:),
// Path.offsetBy(dx:dy:)). iOS 15 / macOS 12.
#if canImport(SwiftUI)
import CutoutGeometry
import CutoutSpotlight
import SwiftUI

/// The outline of a highlight around a target's frame (padding added first).
public enum SpotlightTargetShape: Equatable, Sendable {
    case rect
    case roundedRect(cornerRadius: CGFloat)
    /// The smallest circle around the frame's corners: the element is never cropped.
    case circle
    case capsule
    /// Any outline, in the target's own coordinates (padding does not apply).
    case path(SwiftUI.Path)

    /// The core's shape for a target whose frame in the overlay is `frame`.
    func spotlightShape(frame: CGRect) -> SpotlightShape {
        switch self {
        case .rect: return .rect
        case .roundedRect(let r): return .roundedRect(radius: r)
        case .circle: return .circle
        case .capsule: return .capsule
        case .path(let p): return .path(CutoutGeometry.Path(p.offsetBy(dx: frame.minX, dy: frame.minY)))
        }
    }
}

/// What one `.spotlightTarget(id:)` reports: its bounds as an anchor and how to highlight it.
struct SpotlightTargetPayload {
    var anchor: Anchor<CGRect>
    var shape: SpotlightTargetShape
    var padding: CGFloat
    var clipsToContentArea: Bool
}

/// Everything the tour overlay gathers from the tree: the targets, with the core's duplicate
/// rule applied as they merge, and the first content area marked.
struct SpotlightPreference {
    var targets = TargetPreference<SpotlightTargetPayload>()
    var contentArea: Anchor<CGRect>?
}

struct SpotlightPreferenceKey: PreferenceKey {
    static var defaultValue: SpotlightPreference { SpotlightPreference() }

    static func reduce(value: inout SpotlightPreference, nextValue: () -> SpotlightPreference) {
        let next = nextValue()
        value.targets.merge(next.targets)
        if value.contentArea == nil { value.contentArea = next.contentArea }
    }
}

extension View {
    /// Makes this view highlightable by a `.spotlightTour` above it, as `id`. Ids are unique
    /// within a tour's view tree: a second view with the same id is not highlighted and is
    /// reported as `SpotlightError.duplicateTarget` (the first in tree order stays).
    public func spotlightTarget(id: String, shape: SpotlightTargetShape = .roundedRect(cornerRadius: 8),
                                padding: CGFloat = 6, clipsToContentArea: Bool = true) -> some View {
        transformAnchorPreference(key: SpotlightPreferenceKey.self, value: .bounds) { value, anchor in
            value.targets.merge(TargetPreference(id: id, payload: SpotlightTargetPayload(
                anchor: anchor, shape: shape, padding: padding, clipsToContentArea: clipsToContentArea)))
        }
    }

    /// Marks where content is visible (put it on the scroll view or list below the navigation
    /// bar): highlights are clipped to it, so a target scrolled under a bar never shows through
    /// the bar. Without a mark, the tour's safe area is the content area.
    public func spotlightContentArea() -> some View {
        transformAnchorPreference(key: SpotlightPreferenceKey.self, value: .bounds) { value, anchor in
            if value.contentArea == nil { value.contentArea = anchor }
        }
    }
}
#endif
