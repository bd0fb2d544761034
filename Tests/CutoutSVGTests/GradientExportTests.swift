import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
import CutoutLayers
@testable import CutoutSVG

@Suite struct GradientExportTests {
    /// The SVG export writes the same layout (unit points and a gradientTransform), so a
    /// browser shows the same bands.
    @Test func exportKeepsTheUnitSquareLayout() throws {
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        layer.colors = [.black, .white]
        layer.startPoint = CGPoint(x: 0, y: 0)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let svg = SVGExporter.svg(for: layer, size: CGSize(width: 200, height: 50))
        let image = try SVGImporter.importSVG(svg)
        let p = try LayerRenderer.render(image.layer, size: CGSize(width: 200, height: 50))
        #expect(abs(Int(p[199, 0].r) - 128) <= 6, "\(p[199, 0])")
        #expect(abs(Int(p[100, 25].r) - 128) <= 6)
    }
}
