import CutoutGeometry
import Foundation

/// What kind of element a set of layout attributes describes, as
/// `UICollectionView.ElementCategory`.
public enum ElementCategory: Hashable, Sendable {
    case cell
    /// A supplementary view of a kind, such as `"header"`.
    case supplementaryView(kind: String)
}

/// Where and how one element of a collection is shown, as `UICollectionViewLayoutAttributes`.
///
/// `center` and `size` are stored; `frame` is derived from them (as in UIKit, it describes the
/// untransformed element). `transform` applies about the centre.
public struct LayoutAttributes: Hashable, Sendable {
    /// `[section, item]` of the element.
    public var indexPath: IndexPath
    /// Cell or supplementary view.
    public var category: ElementCategory
    /// Centre of the untransformed element, in content coordinates.
    public var center: CGPoint
    /// Size of the untransformed element.
    public var size: CGSize
    /// Applied about ``center``.
    public var transform: Transform = .identity
    /// Opacity, 0...1.
    public var alpha: CGFloat = 1
    /// Stacking order: higher is in front.
    public var zIndex: Int = 0
    /// Whether the element is not shown at all.
    public var isHidden: Bool = false

    public init(indexPath: IndexPath, category: ElementCategory = .cell, frame: CGRect) {
        self.indexPath = indexPath
        self.category = category
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        self.size = frame.size
    }

    /// The untransformed rect: `size` centred on `center`.
    public var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set { center = CGPoint(x: newValue.midX, y: newValue.midY); size = newValue.size }
    }

    /// The rect the element covers on screen once `transform` is applied about `center`.
    public var visibleFrame: CGRect {
        let t = Transform(translationX: -center.x, y: -center.y)
            .concatenating(transform)
            .concatenating(Transform(translationX: center.x, y: center.y))
        return frame.applying(t)
    }

    /// The item index (the last index of the path).
    public var item: Int { indexPath.last ?? 0 }
}

extension IndexPath {
    /// The path `[section, item]`, spelled without UIKit's initialiser so it is the same on
    /// every platform.
    public static func item(_ item: Int, section: Int = 0) -> IndexPath { IndexPath(indexes: [section, item]) }
}
