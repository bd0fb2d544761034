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

    /// The focal circle stretches with the ellipse: on a 200×100 layer whose ellipse fills the
    /// bounds, a focal point at unit (0.75, 0.5) with focal radius 0.2 paints the first colour
    /// over the ellipse (150 ± 20, 50 ± 10) around it, and the same as a two-point conical
    /// `RadialGradient` drawn straight into a context with that ellipse's transform.
    @Test func focalCircleFollowsTheEllipse() throws {
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.type = .radial
        layer.colors = [.red, .blue]
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        layer.focalPoint = CGPoint(x: 0.75, y: 0.5)
        layer.focalRadius = 0.2
        let p = try LayerRenderer.render(layer, size: CGSize(width: 200, height: 100))
        #expect(p[150, 50] == Color.red.premultiplied && p[168, 50] == Color.red.premultiplied)
        #expect(p[150, 58] == Color.red.premultiplied && p[150, 62] != Color.red.premultiplied)
        var ctx = try DrawingContext(width: 200, height: 100)
        ctx.setFillPaint(.radialGradient(RadialGradient(
            gradient: Gradient(colors: [.red, .blue]), startCenter: CGPoint(x: 0.5, y: 0), startRadius: 0.2,
            endCenter: .zero, endRadius: 1, transform: Transform(a: 100, b: 0, c: 0, d: 50, tx: 100, ty: 50))))
        ctx.fill(CGRect(x: 0, y: 0, width: 200, height: 100))
        var worst = 0
        for y in 0..<100 { for x in 0..<200 { worst = max(worst, abs(Int(p[x, y].b) - Int(ctx.pixmap[x, y].b))) } }
        #expect(worst <= 1)
    }
}
