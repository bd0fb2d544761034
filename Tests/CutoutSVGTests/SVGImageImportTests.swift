import CutoutGeometry
@testable import CutoutRaster
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutLayers
@testable import CutoutSVG

/// `<image>` with embedded data: its layer, the export's data URI read back, and every kind
/// of source that is refused with a warning (never read, never a crash).
@Suite struct SVGImageImportTests {
    static func pngURI(width: Int = 3, height: Int = 2) throws -> String {
        var px = try Pixmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { px[x, y] = PremultipliedRGBA8(r: UInt8(x * 255 / max(width - 1, 1)), g: UInt8(y * 255 / max(height - 1, 1)), b: 50, a: 255) } }
        return "data:image/png;base64," + (try px.pngData()).base64EncodedString()
    }

    static func images(_ layer: Layer) -> [Layer] {
        var out: [Layer] = []
        var stack = [layer]
        while let l = stack.popLast() {
            stack += l.sublayers.reversed()
            if l.contents != nil { out.append(l) }
        }
        return out
    }

    @Test func layerGeometry() throws {
        let uri = try Self.pngURI()
        let image = try SVGImporter.importSVG("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <image x="1" y="2" href="\(uri)"/>
              <image x="10" y="10" width="30" height="40" href="\(uri)"/>
              <image x="10" y="60" width="30" height="40" preserveAspectRatio="xMinYMin slice" href="\(uri)"/>
              <image x="50" y="0" height="10" preserveAspectRatio="none" href="\(uri)"/>
            </svg>
            """)
        #expect(image.warnings.isEmpty)
        let layers = Self.images(image.layer)
        #expect(layers.map(\.frame) == [
            CGRect(x: 1, y: 2, width: 3, height: 2),       // natural size
            CGRect(x: 10, y: 20, width: 30, height: 20),   // meet, centred vertically
            CGRect(x: 10, y: 60, width: 30, height: 40),   // slice: the viewport
            CGRect(x: 50, y: 0, width: 15, height: 10),    // width from the aspect ratio
        ])
        #expect(layers[2].contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(layers[0].contents?.width == 3)
    }

    /// Export writes the pixels back as a PNG data URI (`<image>` placed by `<use>`), and
    /// importing that gives the same picture.
    @Test func roundTrip() throws {
        let url = try #require(Bundle.module.url(forResource: "image", withExtension: "svg", subdirectory: "Fixtures/svg-structure"))
        let first = try SVGImporter.importSVG(Data(contentsOf: url))
        let exported = SVGExporter.svg(for: first.layer, size: first.size)
        #expect(exported.contains("data:image/png;base64,"))
        let second = try SVGImporter.importSVG(exported)
        #expect(second.warnings.isEmpty, "\(second.warnings)")
        #expect(Self.images(second.layer).count == Self.images(first.layer).count)
        let a = try LayerRenderer.render(first.layer, size: first.size)
        let b = try LayerRenderer.render(second.layer, size: second.size)
        // The export clips each picture to its placed rectangle, which re-samples the edge
        // pixels of the rotated one: allow those (measured 0.24% past 8/255, mean 0.025).
        try assertImage(b, matches: a, named: "image-round-trip", tolerance: ImageTolerance(channel: 8, mismatchFraction: 0.003, mean: 0.05))
    }

    @Test(arguments: [
        ("href='picture.png'", "this import may read no files, only data: URIs"),
        ("href='https://example.com/a.png'", "this import may read no files, only data: URIs"),
        ("href='file:///etc/passwd'", "this import may read no files, only data: URIs"),
        ("", "has no href"),
        ("href='data:image/png,%89PNG'", "without base64"),
        ("href='data:image/png;base64,@@@@'", "the image (type 'image/png') is not PNG, JPEG, GIF, WebP or SVG"),
        ("href='data:image/png;base64,iVBORw0KGgoAAAAN'", "PNG data could not be decoded"),
        ("href='data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='", "JPEG data could not be decoded (JPEG data truncated"),
        ("href='data:image/svg+xml;base64,H4sIALCNBmsC/7MpLktXqMjNySu2Vc8oKSmw0tcv'", "compressed SVG (svgz) cannot be inflated: corrupt gzip data"),
        ("href='data:image/webp;base64,UklGRhYAAABXRUJQVlA4IAoAAAAvAAAAAAfQ//73'", "WebP data could not be decoded (unsupported WebP feature: lossy VP8"),
        ("href='data:image/webp;base64,UklGRhYAAABXRUJQVlA4TAoAAAAvAAAAAAfQ'", "WebP data could not be decoded (WebP data truncated"),
        ("href='data:image/gif;base64,R0lGODlhAQABAAAAACw='", "GIF data could not be decoded (GIF data truncated"),
        ("href='data:image/svg+xml;base64,PHN2Zz48cmVjdA=='", "the embedded SVG document cannot be read (line 1: malformed XML"),
        ("href='data:image/svg+xml;base64,PGh0bWwvPg=='", "the embedded document's root is <html>, not <svg>"),
        ("href='data:image/svg+xml;base64,c3Zn'", "the image (type 'image/svg+xml') is not PNG, JPEG, GIF, WebP or SVG"),
    ])
    func refusedSourcesWarn(_ attribute: String, _ message: String) throws {
        let image = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><image id='i' width='5' height='5' \(attribute)/></svg>")
        #expect(Self.images(image.layer).isEmpty)
        #expect(image.warnings.count == 1)
        #expect(image.warnings.first?.message.contains(message) == true, "\(image.warnings)")
        #expect(image.warnings.first?.message.contains("<image id=\"i\">") == true)
    }

    /// Compressed SVG (svgz) and GIF as data: URIs are drawn like their plain forms.
    @Test func compressedDocumentsAndGIFs() throws {
        let inner = Data("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='4' height='4' fill='#f00'/></svg>".utf8)
        let svgz = "data:image/svg+xml;base64," + (try SVGImageFilePolicyTests.gzip(inner)).base64EncodedString()
        // A 2 × 1 GIF: blue, then green (minimum code size 2: clear, 0, 1, end).
        let gif: [UInt8] = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0, 0, 0, 255, 0, 255, 0, 0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0, 2, 2, 0x44, 0x0A, 0, 0x3B]
        let gifURI = "data:image/gif;base64," + Data(gif).base64EncodedString()
        let image = try SVGImporter.importSVG("""
            <svg xmlns='http://www.w3.org/2000/svg' width='10' height='4'>
              <image width='4' height='4' href='\(svgz)'/><image x='6' width='4' height='2' preserveAspectRatio='none' href='\(gifURI)'/>
            </svg>
            """)
        #expect(image.warnings.isEmpty, "\(image.warnings)")
        let px = try LayerRenderer.render(image.layer, size: image.size)
        #expect(px[1, 1] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(px[6, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(px[9, 1] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    /// A PNG header declaring 100,000 × 100,000 pixels is refused by the decoder before any
    /// allocation; an image reused 500 times is decoded once and its pixels shared.
    @Test func budgets() throws {
        var header = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        header += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0]
        let crc = CRC32.checksum(header[12...])
        header += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        let huge = "data:image/png;base64," + Data(header).base64EncodedString()
        let refused = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg'><image width='5' height='5' href='\(huge)'/></svg>")
        #expect(refused.warnings.first?.message.contains("PNG data could not be decoded") == true)

        let uri = try Self.pngURI(width: 64, height: 64)
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><defs><image id='i' href='\(uri)'/></defs>" + String(repeating: "<use href='#i'/>", count: 500) + "</svg>"
        let (builder, result) = try SVGImportBudgetTests.build(svg)
        let image = try result.get()
        #expect(builder.imageCache.count == 1)
        #expect(Self.images(image.layer).count == 500)
    }

    /// An SVG document as image: imported on its own (its size is the image's), its warnings
    /// reported with the element, and it spends the outer document's budget.
    @Test func embeddedDocuments() throws {
        func uri(_ svg: String) -> String { "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString() }
        let inner = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='20'><rect width='10' height='20' fill='#f00'/><frob/></svg>"
        let image = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'><image id='i' x='5' width='20' height='20' href='\(uri(inner))'/></svg>")
        #expect(image.warnings.map(\.message) == ["<image id=\"i\">, embedded document line 1: <frob> is not supported; skipped"])
        let px = try LayerRenderer.render(image.layer, size: image.size)
        // 10x20 placed by xMidYMid meet in 20x20 at x 5: columns 10..<20.
        #expect(px[10, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(px[19, 19] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(px[9, 10].a == 0 && px[20, 10].a == 0)

        // 40 rectangles inside, reused 10 times: past a 300-element budget for the whole.
        let many = "<svg xmlns='http://www.w3.org/2000/svg'>" + String(repeating: "<rect width='1' height='1'/>", count: 40) + "</svg>"
        let reused = "<svg xmlns='http://www.w3.org/2000/svg'><defs><image id='i' width='5' height='5' href='\(uri(many))'/></defs>"
            + String(repeating: "<use href='#i'/>", count: 10) + "</svg>"
        #expect(throws: SVGError.tooManyElements(line: 1, limit: 300)) {
            try SVGImporter.importSVG(reused, limits: SVGImporter.Limits(maxElements: 300))
        }
        #expect(try SVGImporter.importSVG(reused, limits: SVGImporter.Limits(maxElements: 600)).warnings.isEmpty)

        // Documents nested in documents: each level counts against the depth limit.
        var nested = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='4' height='4'/></svg>"
        for _ in 0..<6 { nested = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><image width='4' height='4' href='\(uri(nested))'/></svg>" }
        let deep = try SVGImporter.importSVG(nested, limits: SVGImporter.Limits(maxDepth: 8))
        #expect(deep.warnings.contains { $0.message.contains("deeper than") }, "\(deep.warnings)")
        let shallow = try SVGImporter.importSVG(nested, limits: SVGImporter.Limits(maxDepth: 40))
        #expect(shallow.warnings.isEmpty)
        #expect(try LayerRenderer.render(shallow.layer, size: shallow.size)[2, 2].a == 255)
    }
}
