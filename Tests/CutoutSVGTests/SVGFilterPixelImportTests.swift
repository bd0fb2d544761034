import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// How `feComponentTransfer`, `feMorphology`, `feConvolveMatrix`, `feTile`,
/// `feDisplacementMap` and `feImage` are read: defaults, the values SVG calls errors, and
/// hostile input (bounded work, no trap, never a file or URL read).
@Suite struct SVGFilterPixelImportTests {
    static func effects(_ primitives: String, element: String = #"<rect width="10" height="10" filter="url(#f)"/>"#,
                        defs: String = "") throws -> (effects: [FilterEffect], image: SVGImage) {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50"><defs>"#
            + defs + #"<filter id="f">"# + primitives + "</filter></defs>" + element + "</svg>"
        let (layer, image) = try SVGFilterImportTests.filtered(svg)
        return (layer?.filters.first?.primitives.map(\.effect) ?? [], image)
    }

    @Test func componentTransfer() throws {
        let (e, image) = try Self.effects(#"""
            <feComponentTransfer in="SourceAlpha">
              <feFuncR type="table" tableValues="0 0.5 1"/><feFuncR type="discrete" tableValues="1 0"/>
              <feFuncG type="linear" slope="2"/><feFuncB type="gamma" exponent="3"/><feFuncA type="bogus"/>
            </feComponentTransfer>
            <feComponentTransfer><feFuncR type="table"/><feFuncG type="table" tableValues="1px"/><feFuncB/></feComponentTransfer>
            """#)
        #expect(e == [
            .componentTransfer(.sourceAlpha, FilterComponentTransfer(red: .discrete([1, 0]), green: .linear(slope: 2, intercept: 0),
                                                                     blue: .gamma(amplitude: 1, exponent: 3, offset: 0), alpha: .identity)),
            .componentTransfer(.previous, FilterComponentTransfer(red: .table([]), green: .table([]), blue: .identity)),
        ])
        #expect(image.warnings.contains { $0.message.contains("type 'bogus'") })
        #expect(image.warnings.contains { $0.message.contains("tableValues") })
    }

    /// Radius: one or two numbers; missing, empty, invalid, too many or non-positive values
    /// count as 1 on their axis (resvg's references).
    @Test func morphologyRadius() throws {
        let (e, image) = try Self.effects(#"""
            <feMorphology radius="10 3" operator="dilate"/><feMorphology/><feMorphology radius=""/><feMorphology radius="-5"/>
            <feMorphology radius="10 0"/><feMorphology radius="1 2 3"/><feMorphology radius="2" operator="melt"/>
            """#)
        let morphologies: [FilterEffect] = [
            .morphology(.previous, .dilate, radiusX: 10, radiusY: 3), .morphology(.previous, .erode, radiusX: 1, radiusY: 1),
            .morphology(.previous, .erode, radiusX: 1, radiusY: 1), .morphology(.previous, .erode, radiusX: 1, radiusY: 1),
            .morphology(.previous, .erode, radiusX: 10, radiusY: 1), .morphology(.previous, .erode, radiusX: 1, radiusY: 1),
            .morphology(.previous, .erode, radiusX: 2, radiusY: 2),
        ]
        #expect(e == morphologies)
        #expect(image.warnings.contains { $0.message.contains("operator 'melt'") })
    }

    @Test func convolveMatrixDefaults() throws {
        let (e, image) = try Self.effects(#"""
            <feConvolveMatrix kernelMatrix="1 2 3 4 5 6 7 8 9"/>
            <feConvolveMatrix order="4 2" kernelMatrix="1 1 1 1 1 1 1 1" divisor="2" bias="0.5" targetX="3" targetY="0" edgeMode="wrap" preserveAlpha="true"/>
            """#)
        #expect(image.warnings.isEmpty, "\(image.warnings)")
        #expect(e == [
            .convolveMatrix(.previous, FilterConvolveMatrix(orderX: 3, orderY: 3, kernelMatrix: [1, 2, 3, 4, 5, 6, 7, 8, 9])),
            .convolveMatrix(.previous, FilterConvolveMatrix(orderX: 4, orderY: 2, kernelMatrix: Array(repeating: 1, count: 8), divisor: 2,
                                                            bias: 0.5, targetX: 3, targetY: 0, edgeMode: .wrap, preserveAlpha: true)),
        ])
        guard case .convolveMatrix(_, let m) = e.first else { return }
        #expect(m.targetX == 1 && m.targetY == 1 && m.edgeMode == .duplicate && m.divisor == nil && m.isValid)
    }

    /// What SVG calls an error is kept as read, warned about, and draws transparent black.
    @Test(arguments: [
        #"order="0" kernelMatrix="1""#, #"order="-2" kernelMatrix="1 1 1 1""#, #"order="2.5" kernelMatrix="1 1 1 1""#,
        #"order="1000000" kernelMatrix="1""#, #"order="1e300""#, #"kernelMatrix="1 2 3""#, #"kernelMatrix="""#,
        #"kernelMatrix="1 1 1 1 1 1 1 1 1" divisor="0""#, #"kernelMatrix="1 1 1 1 1 1 1 1 1" targetX="3""#,
        #"kernelMatrix="1 1 1 1 1 1 1 1 1" targetY="-1""#, #"order="1 2 3" kernelMatrix="1""#,
    ])
    func convolveMatrixErrors(_ attributes: String) throws {
        let (e, image) = try Self.effects("<feConvolveMatrix \(attributes)/>", element: #"<rect width="10" height="10" fill="red" filter="url(#f)"/>"#)
        guard case .convolveMatrix(_, let m)? = e.first else {
            Issue.record("\(e)")
            return
        }
        #expect(!m.isValid)
        #expect(image.warnings.contains { $0.message.contains("invalid feConvolveMatrix") })
        let px = try LayerRenderer.render(image.layer, size: image.size)
        #expect(px.data.allSatisfy { $0 == 0 })
        // The export keeps the invalid kernel invalid.
        let again = try SVGFilterImportTests.filtered(SVGExporter.svg(for: image.layer, size: image.size))
        #expect(again.layer?.filters.first?.primitives.first?.effect == e.first)
    }

    @Test func displacementMapAndTile() throws {
        let (e, image) = try Self.effects(#"""
            <feTile in="SourceAlpha"/><feDisplacementMap in2="SourceGraphic" scale="7" xChannelSelector="R" yChannelSelector="Q"/><feDisplacementMap/>
            """#)
        let tileAndMaps: [FilterEffect] = [.tile(.sourceAlpha), .displacementMap(.previous, .sourceGraphic, scale: 7, xChannel: .red, yChannel: .alpha),
                                           .displacementMap(.previous, .previous, scale: 0, xChannel: .alpha, yChannel: .alpha)]
        #expect(e == tileAndMaps)
        #expect(image.warnings.contains { $0.message.contains("yChannelSelector 'Q'") })
    }

    // MARK: feImage

    /// Only embedded PNG and JPEG are read: files, URLs and other data give transparent black
    /// with a warning, and nothing is fetched.
    @Test(arguments: ["image.png", "file:///etc/passwd", "https://example.com/a.png", "data:image/svg+xml;base64,PHN2Zy8+",
                      "data:text/plain,hello", "data:image/png;base64,AAAA", "#nowhere", ""])
    func imageSourcesRefused(_ href: String) throws {
        let (e, image) = try Self.effects(#"<feImage href="\#(href)"/>"#)
        #expect(e == [.flood(color: .clear)])
        #expect(!image.warnings.isEmpty)
    }

    @Test func imageDataAndFit() throws {
        var picture = try Pixmap(width: 2, height: 1)
        picture.fill(Color.blue.premultiplied)
        let uri = "data:image/png;base64," + (try picture.pngData()).base64EncodedString()
        let (e, image) = try Self.effects(#"<feImage xlink:href="\#(uri)" preserveAspectRatio="xMaxYMin slice"/><feImage href="\#(uri)"/><feImage href="\#(uri)" preserveAspectRatio="none"/>"#)
        #expect(image.warnings.isEmpty)
        #expect(e == [.image(.picture(picture, fit: .slice(alignX: 1, alignY: 0))), .image(.picture(picture, fit: .meet(alignX: 0.5, alignY: 0.5))),
                      .image(.picture(picture, fit: .fill))])
    }

    /// A filter whose feImage draws the element it applies to (itself or an ancestor) is
    /// dropped from it, with a warning (resvg); an element reached through another element's
    /// filter is drawn without the filter, so mutual references end after one level.
    @Test func imageRecursionEnds() throws {
        for element in [##"<rect id="me" width="10" height="10" fill="red" filter="url(#f)"/>"##,
                        ##"<g id="me"><rect width="10" height="10" fill="red" filter="url(#f)"/></g>"##] {
            let (layer, image) = try SVGFilterImportTests.filtered(
                ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><defs><filter id="f"><feImage href="#me"/></filter></defs>"##
                    + element + "</svg>")
            #expect(layer == nil)   // no filter, nothing hidden
            #expect(image.warnings.contains { $0.message.contains("draws its own element") })
        }
        let (e, _) = try Self.effects(##"<feImage href="#other"/>"##,
                                      element: ##"<rect width="10" height="10" filter="url(#f)"/><rect id="other" width="5" height="5" fill="red" filter="url(#f)"/>"##)
        guard case .image(.layer(let ref))? = e.first else {
            Issue.record("\(e)")
            return
        }
        // The copy of "other" inside the first rect's filter carries no filter.
        var stack = [ref.layer]
        while let l = stack.popLast() {
            #expect(l.filters.isEmpty)
            stack.append(contentsOf: l.sublayers)
        }
        let svg = #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><defs>
            <filter id="a"><feImage href="#b2"/></filter><filter id="b"><feImage href="#a2"/></filter>
            <rect id="a2" width="10" height="10" filter="url(#a)"/><rect id="b2" x="5" width="10" height="10" filter="url(#b)"/>
            </defs><use href="#a2"/><use href="#b2"/></svg>
            """#
        let image = try SVGImporter.importSVG(svg)
        _ = try LayerRenderer.render(image.layer, size: image.size)
    }

    /// A layer whose filter draws itself through feImage (built in code; the importer makes
    /// fresh layers) exports once, with the repeat written empty, and imports back.
    @Test func exportOfALayerCycleEnds() throws {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let square = Layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = .red
        square.filters = [Filter(primitives: [FilterPrimitive(.image(.layer(FilterLayerReference(square))))])]
        // The reference cycle is made on purpose; break it so the layer is freed (LeakSanitizer).
        defer { square.filters = [] }
        root.addSublayer(square)
        let svg = SVGExporter.svg(for: root, size: CGSize(width: 40, height: 40))
        #expect(svg.components(separatedBy: "<feImage").count - 1 == 2)
        _ = try SVGImporter.importSVG(svg)
    }

    /// Hostile sizes: a radius of 10³⁰⁸ and a 64×64 kernel over a large region render within
    /// the budgets; 100 000 table values import and render.
    @Test func hostileSizes() throws {
        let table = Array(repeating: "0.5 1", count: 50_000).joined(separator: " ")
        let kernel = Array(repeating: "1", count: 64 * 64).joined(separator: " ")
        let (e, image) = try Self.effects(#"""
            <feMorphology radius="1e308" operator="dilate"/><feConvolveMatrix order="64" kernelMatrix="\#(kernel)"/>
            <feComponentTransfer><feFuncR type="table" tableValues="\#(table)"/></feComponentTransfer>
            """#, element: #"<rect width="100" height="50" fill="red" filter="url(#f)"/>"#)
        #expect(e.count == 3)
        _ = try LayerRenderer.render(image.layer, size: image.size, scale: 2)
    }
}
