import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers

/// Masks, group opacity and shadows draw offscreen; at a scale above 1 they must land where the
/// direct drawing lands (an offscreen CTM that applied the scale twice moved them by
/// translation × scale).
@Suite struct OffscreenScaleTests {
    static func inkBox(_ px: Pixmap) -> (Int, Int, Int, Int)? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<px.height {
            for x in 0..<px.width where px.data[(y * px.width + x) * 4 + 3] > 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, maxX, minY, maxY)
    }

    @Test(arguments: ["mask", "opacity", "shadow"])
    func translatedOffscreenLayerAtScale3(kind: String) throws {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 96, height: 96))
        let group = Layer(frame: CGRect(x: 4, y: 6, width: 80, height: 30))
        root.addSublayer(group)
        let shape = ShapeLayer()
        shape.frame = CGRect(x: 2, y: 3, width: 60, height: 20)
        shape.path = Path(rect: shape.bounds)
        group.addSublayer(shape)
        switch kind {
        case "mask":
            let m = ShapeLayer()
            m.path = Path(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
            shape.mask = m
        case "opacity": shape.opacity = 0.5
        default:
            shape.shadowOpacity = 1
            shape.shadowRadius = 0
            shape.shadowOffset = .zero
        }
        let one = try #require(Self.inkBox(try LayerRenderer.render(root, size: CGSize(width: 96, height: 96), scale: 1)))
        let three = try #require(Self.inkBox(try LayerRenderer.render(root, size: CGSize(width: 96, height: 96), scale: 3)))
        #expect(three.0 == one.0 * 3 && three.2 == one.2 * 3, "\(kind): \(one) at 1x, \(three) at 3x")
        #expect(three.1 == one.1 * 3 + 2 && three.3 == one.3 * 3 + 2, "\(kind): \(one) at 1x, \(three) at 3x")
    }
}
