import CutoutGeometry
import CutoutLayers
import Foundation
import Testing
@testable import CutoutCollection

/// Layout attributes applied to layers as `UICollectionView` applies them to cells.
@Suite struct LayoutAttributesLayerTests {
    @Test func applyingAttributesSetsFrameThenTransformAboutTheCentre() {
        var a = LayoutAttributes(indexPath: .item(4), frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        a.transform = Transform(scaleX: 0.5, y: 0.5)
        a.alpha = 0.7
        a.zIndex = 3
        a.isHidden = true
        let layer = Layer()
        // A stale transform must not distort the frame: it is reset before the frame is set.
        layer.transform = Transform(scaleX: 2, y: 3)
        layer.anchorPoint = .zero
        layer.apply(a)
        #expect(layer.bounds.size == CGSize(width: 100, height: 50))
        #expect(layer.position == CGPoint(x: 60, y: 45))
        #expect(layer.frame == CGRect(x: 35, y: 32.5, width: 50, height: 25))
        #expect(layer.frame == a.visibleFrame)
        #expect(layer.opacity == 0.7)
        #expect(layer.zPosition == 3)
        #expect(layer.isHidden)
    }

    @Test func applyingAttributesClampsAlpha() {
        var a = LayoutAttributes(indexPath: .item(0), frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let layer = Layer()
        a.alpha = .nan
        layer.apply(a)
        #expect(layer.opacity == 0)
        a.alpha = 3
        layer.apply(a)
        #expect(layer.opacity == 1)
    }

    @Test func madeLayerHoldsContentAtTheAttributesSize() throws {
        let a = LayoutAttributes(indexPath: .item(2), category: .supplementaryView(kind: "caption"), frame: CGRect(x: 5, y: 5, width: 80, height: 30))
        let layer = a.makeLayer(content: Layer(frame: CGRect(x: 40, y: 40, width: 1, height: 1)))
        #expect(layer.name == "caption 2")
        let content = try #require(layer.sublayers.first)
        #expect(content.frame == CGRect(x: 0, y: 0, width: 80, height: 30))
    }
}
