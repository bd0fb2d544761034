import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
@testable import CutoutLayers

@Suite struct GradientLayerTests {
    /// Core Animation lays a gradient out in the layer's unit square and stretches that square
    /// to the bounds: on a 200×50 layer, the diagonal (0,0)→(1,1) gradient's middle band runs
    /// through the top-right and bottom-left corners. Laid out in points instead, the top-right
    /// corner would sit at 94% of the way.
    @Test func diagonalGradientFollowsTheStretchedUnitSquare() throws {
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        layer.colors = [.black, .white]
        layer.startPoint = CGPoint(x: 0, y: 0)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let p = try LayerRenderer.render(layer, size: CGSize(width: 200, height: 50))
        let corner = Int(p[199, 0].r), centre = Int(p[100, 25].r)
        #expect(abs(corner - 128) <= 4, "top-right corner \(corner)")
        #expect(abs(centre - 128) <= 4, "centre \(centre)")
        #expect(abs(Int(p[0, 49].r) - 128) <= 4)
        #expect(p[0, 0].r < 8 && p[199, 49].r > 247)
    }
}
