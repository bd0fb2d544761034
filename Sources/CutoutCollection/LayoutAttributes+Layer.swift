import CutoutGeometry
import CutoutLayers
import Foundation

extension Layer {
    /// Positions the layer as `UICollectionView` positions a cell from its attributes.
    ///
    /// Order matters, as the seed insists: the transform is reset, the frame (the untransformed
    /// rect) is set, and only then the transform is applied about the centre (the anchor point
    /// is set to the centre). `alpha` becomes `opacity` (clamped to 0...1, NaN → 0),
    /// `zIndex` becomes `zPosition` and `isHidden` is copied.
    public func apply(_ attributes: LayoutAttributes) {
        transform = .identity
        anchorPoint = CGPoint(x: 0.5, y: 0.5)
        frame = attributes.frame
        transform = attributes.transform
        opacity = attributes.alpha.isNaN ? 0 : min(max(attributes.alpha, 0), 1)
        zPosition = CGFloat(attributes.zIndex)
        isHidden = attributes.isHidden
    }
}

extension LayoutAttributes {
    /// A layer positioned by these attributes (see ``CutoutLayers/Layer/apply(_:)``) holding
    /// `content`, which is resized to the attributes' size and placed at its origin.
    public func makeLayer(content: Layer? = nil) -> Layer {
        let layer = Layer()
        layer.apply(self)
        switch category {
        case .cell: layer.name = "cell \(item)"
        case .supplementaryView(let kind): layer.name = "\(kind) \(item)"
        }
        if let content {
            content.transform = .identity
            content.frame = CGRect(origin: .zero, size: size)
            layer.addSublayer(content)
        }
        return layer
    }
}
