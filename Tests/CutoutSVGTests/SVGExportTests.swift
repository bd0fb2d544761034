import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
@testable import CutoutLayers
@testable import CutoutSVG

/// The SVG text written by ``SVGExporter``: ids, escaping, structure, and that our importer
/// reads back what it draws (render equality: ``SVGImportGoldenTests/renderEquality``, every
/// channel within 2/255, measured at most 1; gradients keep the 8/255, 1% bound).
@Suite struct SVGExportTests {
    static let size = CGSize(width: 64, height: 64)

    static func ids(in svg: String) -> [String] {
        svg.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    static func sameRender(_ a: Layer, _ b: Layer, size: CGSize, _ label: String) throws {
        let pa = try LayerRenderer.render(a, size: size), pb = try LayerRenderer.render(b, size: size)
        try assertImage(pb, matches: pa, named: "export-\(label)",
                        tolerance: SVGImportGoldenTests.tolerance(label, otherwise: SVGImportGoldenTests.renderEquality))
    }

    @Test func idsAreUniqueAndOutputIsDeterministic() throws {
        let tree = RoundTripTests.masks()
        tree.sublayers[0].addSublayer(RoundTripTests.shadows())
        let once = SVGExporter.svg(for: tree, size: Self.size)
        #expect(once == SVGExporter.svg(for: tree, size: Self.size))
        let ids = Self.ids(in: once)
        #expect(ids.count >= 4)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(once.contains("url(#\(id))")) }
    }

    @Test func attributeValuesAreEscaped() throws {
        let layer = Layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.name = "a<b & \"c\" 'd'>"
        let svg = SVGExporter.svg(for: layer, size: Self.size)
        #expect(svg.contains("data-name=\"a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\""))
        #expect(try SVGImporter.importSVG(svg).warnings.isEmpty)
    }

    /// position, anchorPoint, a bounds origin, transform and the parent's sublayerTransform,
    /// all at once.
    @Test func geometryComposesAsTheRendererDoes() throws {
        let root = Layer(frame: CGRect(origin: .zero, size: Self.size))
        root.sublayerTransform = Transform(rotationAngle: 0.2).scaledBy(x: 1.1, y: 0.9)
        let parent = Layer()
        parent.bounds = CGRect(x: 10, y: -5, width: 40, height: 30)
        parent.anchorPoint = CGPoint(x: 0, y: 0.25)
        parent.position = CGPoint(x: 14, y: 20)
        parent.transform = Transform(rotationAngle: -0.5)
        parent.backgroundColor = Color(red: 0.3, green: 0.6, blue: 0.9)
        parent.cornerRadius = 6
        parent.borderWidth = 2
        let child = Layer(frame: CGRect(x: 12, y: -2, width: 20, height: 12))
        child.backgroundColor = .red
        child.transform = Transform(scaleX: 1.5, y: 1)
        parent.addSublayer(child)
        parent.sublayerTransform = Transform(translationX: 3, y: 2)
        root.addSublayer(parent)
        let image = try SVGImporter.importSVG(SVGExporter.svg(for: root, size: Self.size))
        try Self.sameRender(root, image.layer, size: Self.size, "geometry")
    }

    /// Whatever the importer builds from the fixtures, the exporter writes so that the
    /// importer reads back the same picture.
    @Test(arguments: SVGImportGoldenTests.fixtures)
    func importedFixturesSurviveExport(_ name: String) throws {
        let (_, first) = try SVGImportGoldenTests.render(name)
        let svg = SVGExporter.svg(for: first.layer, size: first.size)
        let second = try SVGImporter.importSVG(svg)
        #expect(second.warnings.isEmpty, "\(name): \(second.warnings)")
        try Self.sameRender(first.layer, second.layer, size: first.size, name)
    }

    @Test func masksKeepTheirType() throws {
        let alpha = RoundTripTests.masks()
        #expect(SVGExporter.svg(for: alpha, size: Self.size).contains("mask-type=\"alpha\""))
        let (_, luminance) = try SVGImportGoldenTests.render("mask")
        let svg = SVGExporter.svg(for: luminance.layer, size: luminance.size)
        #expect(svg.contains("<mask"))
        #expect(!svg.contains("mask-type"))
    }

    @Test func contentsAreOneEmbeddedPNGPlacedPerPiece() throws {
        let tree = RoundTripTests.contents()
        let svg = SVGExporter.svg(for: tree.sublayers[0], size: Self.size)
        let marker = " xlink:href=\"data:image/png;base64,"
        let parts = svg.components(separatedBy: marker)
        #expect(parts.count == 2)
        let base64 = try #require(parts.last?.split(separator: "\"").first)
        let decoded = try Pixmap(pngData: try #require(Data(base64Encoded: String(base64))))
        #expect(decoded.data == tree.sublayers[0].contents?.data)
        #expect(svg.components(separatedBy: "<use ").count - 1 == 9)
    }

    @Test func skippedLayersAndBadSizes() throws {
        let root = Layer(frame: CGRect(origin: .zero, size: Self.size))
        let hidden = Layer(frame: root.bounds)
        hidden.backgroundColor = .red
        hidden.isHidden = true
        let clear = Layer(frame: root.bounds)
        clear.backgroundColor = .blue
        clear.opacity = 0
        root.addSublayer(hidden)
        root.addSublayer(clear)
        let svg = SVGExporter.svg(for: root, size: Self.size)
        #expect(!svg.contains("#ff0000") && !svg.contains("#0000ff"))
        for bad in [CGSize(width: 0, height: 10), CGSize(width: CGFloat.nan, height: 10), CGSize(width: CGFloat.infinity, height: 1)] {
            #expect(SVGExporter.svg(for: root, size: bad).contains("width=\"0\""))
        }
        let nonFinite = Layer(frame: root.bounds)
        nonFinite.backgroundColor = .green
        nonFinite.transform = Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        root.addSublayer(nonFinite)
        #expect(!SVGExporter.svg(for: root, size: Self.size).contains("nan"))
    }
}
