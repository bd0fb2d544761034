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

    /// A full-width vertical CAGradientLayer-style fade between close colours on a 3x screen
    /// (400 × 100 pt, so 1200 × 300 px; 12 levels of red over 300 rows): the layer's tile keeps
    /// the shader's dither, so each 8 × 8 block averages to the exact colour at its centre
    /// within 0.05 of a level, where rounding would give bands 25 rows tall, off by up to half
    /// a level.
    @Test func longFadeOnA3xScreenDoesNotBand() throws {
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
        layer.colors = [Color(r8: 200, g8: 40, b8: 60), Color(r8: 212, g8: 40, b8: 60)]
        let p = try LayerRenderer.render(layer, size: CGSize(width: 400, height: 100), scale: 3)
        #expect(p.width == 1200 && p.height == 300)
        var worst = 0.0
        for by in 0..<(300 / 8) {
            for bx in stride(from: 0, to: 1200, by: 96) {
                var sum = 0
                for y in by * 8..<by * 8 + 8 { for x in bx..<bx + 8 { sum += Int(p[x, y].r) } }
                let exact = 200 + 12 * Double(by * 8 + 4) / 300
                worst = max(worst, abs(Double(sum) / 64 - exact))
            }
        }
        #expect(worst <= 0.05, "an 8x8 block is \(worst) levels from the exact colour")
    }
}
