import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// `<image>` from files (Fixtures/svg-image/, pictures in its `files/` folder, all made by
/// scripts/golden_svg_image.py): PNG, JPEG, GIF, SVG and SVGZ; sizes from the picture;
/// `image-rendering`; SVG images that name files; an image in a marker. Imported granting the
/// fixture folder and compared with resvg's renders (Golden/svg-image-<name>[-2x].png) with
/// ``SVGImportGoldenTests/tolerance`` unless ``edgeDifferences`` says otherwise.
@Suite struct SVGImageFileGoldenTests {
    static let fixtures = ["files", "pixelated", "nested"]

    /// Files whose remaining differences are anti-aliasing of edges (see
    /// ``SVGImportGoldenTests/edgeDifferences``).
    static let edgeDifferences: [String: (fraction: Double, reason: String)] = [
        "files": (0.021, "resvg draws an SVG image through an intermediate raster of the image's viewport, which anti-aliases the triangles' slanted strokes differently, and the rotated picture's rim; 350 of 19200 pixels at 1x (under 1% at 2x), none off an edge"),
        "nested": (0.021, "as for files: the SVG images in the markers and the frames of the SVG images, drawn by resvg through an intermediate raster; 174 of 9600 pixels at 1x (under 1% at 2x), none off an edge"),
    ]

    /// The warnings each fixture must give (the references resvg does not follow either).
    static let expectedWarnings: [String: [String]] = [
        "nested": [
            "<image>, embedded document line 3: <image> refers to 'self.svg': an SVG document shown as an image reads no files, only data: URIs; skipped",
            "<image>, embedded document line 3: <image> refers to 'picture.png': an SVG document shown as an image reads no files, only data: URIs; skipped",
        ],
    ]

    static let folder = SVGGoldenFixtureFolder(name: "svg-image", grantsFiles: true)

    @Test(arguments: fixtures)
    func matchesResvg(_ name: String) throws {
        try Self.folder.check(name, scale: 1, warnings: Self.expectedWarnings[name] ?? [], allowance: Self.edgeDifferences[name])
    }

    @Test(arguments: fixtures)
    func matchesResvgAt2x(_ name: String) throws {
        try Self.folder.check(name, scale: 2, warnings: [], allowance: Self.edgeDifferences[name])
    }

    @Test func everyFixtureIsChecked() throws { try Self.folder.expectHolds(exactly: Self.fixtures) }

    /// Without a grant the same document reads nothing: each file reference is a warning.
    @Test func withoutAGrantNoFileIsRead() throws {
        let url = try Self.folder.url().appendingPathComponent("files.svg")
        let image = try SVGImporter.importSVG(Data(contentsOf: url))
        #expect(image.warnings.count == 11)
        #expect(image.warnings.allSatisfy { $0.message.contains("this import may read no files") })
        #expect(SVGImageImportTests.images(image.layer).isEmpty)
    }
}

/// The file policy of ``SVGImporter/FileAccess``: what is read, what is refused and why.
@Suite struct SVGImageFilePolicyTests {
    /// A fresh folder with `inside/` (granted), `outside/` (not) and a picture in each.
    final class Sandbox {
        let root: URL
        let inside: URL
        let outside: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-svg-image-\(UUID().uuidString)")
            inside = root.appendingPathComponent("inside")
            outside = root.appendingPathComponent("outside")
            for dir in [inside, outside, inside.appendingPathComponent("sub")] {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            }
            let png = try Self.picture().pngData()
            for url in [inside.appendingPathComponent("a.png"), inside.appendingPathComponent("sub/b c.png"),
                        outside.appendingPathComponent("secret.png")] {
                try png.write(to: url)
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        static func picture() throws -> Pixmap {
            var px = try Pixmap(width: 2, height: 2)
            for y in 0..<2 { for x in 0..<2 { px[x, y] = PremultipliedRGBA8(r: 200, g: 20, b: 20, a: 255) } }
            return px
        }

        /// Imports `<image href=href>` with `inside/` as the document's folder and grant.
        func importImage(_ href: String, access: SVGImporter.FileAccess? = nil, limits: SVGImporter.Limits = .default) throws -> SVGImage {
            let escaped = href.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&apos;")
            return try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><image id='i' width='4' height='4' href='\(escaped)'/></svg>",
                                             limits: limits, files: access ?? SVGImporter.FileAccess(baseDirectory: inside))
        }
    }

    @Test func relativeAbsoluteAndFileURLsInsideTheGrantAreRead() throws {
        let box = try Sandbox()
        for href in ["a.png", "./sub/../a.png", "sub/b c.png", "sub/b%20c.png", box.inside.path + "/a.png", box.inside.appendingPathComponent("a.png").absoluteString] {
            let image = try box.importImage(href)
            #expect(image.warnings.isEmpty, "\(href): \(image.warnings)")
            #expect(SVGImageImportTests.images(image.layer).first?.contents?.width == 2, "\(href)")
        }
    }

    @Test func pathsOutsideTheGrantAreRefused() throws {
        let box = try Sandbox()
        for href in ["../outside/secret.png", box.outside.path + "/secret.png", "/etc/passwd", "file://" + box.outside.path + "/secret.png"] {
            let image = try box.importImage(href)
            #expect(SVGImageImportTests.images(image.layer).isEmpty, "\(href)")
            #expect(image.warnings.map(\.message).first?.contains("is outside the folders the importer may read") == true, "\(href): \(image.warnings)")
        }
    }

    /// A symbolic link inside the grant that points outside it is followed before the check.
    @Test func symbolicLinksOutOfTheGrantAreRefused() throws {
        let box = try Sandbox()
        try FileManager.default.createSymbolicLink(at: box.inside.appendingPathComponent("link.png"),
                                                   withDestinationURL: box.outside.appendingPathComponent("secret.png"))
        let image = try box.importImage("link.png")
        #expect(SVGImageImportTests.images(image.layer).isEmpty)
        #expect(image.warnings.first?.message.contains("is outside the folders") == true, "\(image.warnings)")
    }

    /// `../` may leave the document's folder into a folder that is granted too.
    @Test func grantedFoldersBesideTheDocumentsAreRead() throws {
        let box = try Sandbox()
        let access = SVGImporter.FileAccess(baseDirectory: box.inside, readableDirectories: [box.inside, box.outside])
        let image = try box.importImage("../outside/secret.png", access: access)
        #expect(image.warnings.isEmpty, "\(image.warnings)")
        #expect(SVGImageImportTests.images(image.layer).count == 1)
        let document = SVGImporter.FileAccess.document(at: box.inside.appendingPathComponent("doc.svg"), alsoReadable: [box.outside])
        #expect(document.baseDirectory.path == box.inside.path)
        #expect(document.readableDirectories.map(\.path) == [box.inside.path, box.outside.path])
    }

    @Test(arguments: [
        ("missing.png", "the file 'missing.png' does not exist"),
        ("sub", "is not a regular file"),
        ("https://example.com/a.png", "URLs (https:) are never read"),
        ("http://example.com/a.png", "URLs (http:) are never read"),
        ("ftp://example.com/a.png", "URLs (ftp:) are never read"),
        ("file://example.com/a.png", "is not a local file URL"),
    ])
    func refusedReferencesWarn(_ href: String, _ message: String) throws {
        let box = try Sandbox()
        let image = try box.importImage(href)
        #expect(SVGImageImportTests.images(image.layer).isEmpty)
        #expect(image.warnings.count == 1)
        #expect(image.warnings.first?.message.contains(message) == true, "\(image.warnings)")
        #expect(image.warnings.first?.message.hasPrefix("<image id=\"i\">") == true)
    }

    @Test func fileSizeAndTotalBudgetsAreChecked() throws {
        let box = try Sandbox()
        // Each file at most maxInputBytes (here 1000, which the document itself passes).
        var noise = try Pixmap(width: 40, height: 40)
        var seed: UInt32 = 19
        for i in noise.data.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            noise.data[i] = i % 4 == 3 ? 255 : UInt8(seed >> 24)
        }
        let big = try noise.pngData()
        try #require(big.count > 1000)
        try big.write(to: box.inside.appendingPathComponent("big.png"))
        let refused = try box.importImage("big.png", limits: SVGImporter.Limits(maxInputBytes: 1000))
        #expect(refused.warnings.first?.message.contains("is larger than 1000 bytes") == true, "\(refused.warnings)")
        let size = try #require(FileManager.default.attributesOfItem(atPath: box.inside.appendingPathComponent("a.png").path)[.size] as? Int)
        // All files together at most maxFileBytesRead; one file used twice counts once.
        var limits = SVGImporter.Limits()
        limits.maxFileBytesRead = size
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><image href='a.png'/><image href='./a.png'/><image href='sub/b c.png'/></svg>"
        let image = try SVGImporter.importSVG(svg, limits: limits, files: SVGImporter.FileAccess(baseDirectory: box.inside))
        #expect(SVGImageImportTests.images(image.layer).count == 2)
        #expect(image.warnings.map(\.message) == ["<image>: reading '\(box.inside.path)/sub/b c.png' would pass the \(size) bytes all image files may take; skipped"])
    }

    /// Each file is read and decoded once, however many elements name it.
    @Test func filesAreDecodedOnce() throws {
        let box = try Sandbox()
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'>" + String(repeating: "<image href='a.png'/><image href='sub/../a.png'/>", count: 50) + "</svg>"
        let image = try SVGImporter.importSVG(svg, files: SVGImporter.FileAccess(baseDirectory: box.inside))
        let layers = SVGImageImportTests.images(image.layer)
        #expect(layers.count == 100)
        // Pixmaps are values: shared storage shows as the same buffer address.
        let addresses = Set(layers.compactMap { $0.contents?.data.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
        #expect(addresses.count == 1)
    }

    /// An SVG file that shows itself is drawn once (the inner reference reads no file);
    /// an SVG file of 200 images of itself costs one import.
    @Test func svgFilesShowingThemselvesAreDrawnOnce() throws {
        let box = try Sandbox()
        let selfRef = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect width='8' height='8' fill='#00f'/>"
            + String(repeating: "<image width='8' height='8' href='loop.svg'/>", count: 200) + "</svg>"
        try Data(selfRef.utf8).write(to: box.inside.appendingPathComponent("loop.svg"))
        let image = try box.importImage("loop.svg")
        #expect(image.warnings.count == 200)
        #expect(image.warnings.allSatisfy { $0.message.contains("an SVG document shown as an image reads no files") })
        let px = try LayerRenderer.render(image.layer, size: image.size)
        #expect(px[2, 2] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    /// Compressed documents: as the imported document itself, and refused past the size limit.
    @Test func compressedDocuments() throws {
        let svg = Data("<svg xmlns='http://www.w3.org/2000/svg' width='3' height='2'><rect width='3' height='2' fill='#0f0'/></svg>".utf8)
        let compressed = try Self.gzip(svg)
        let image = try SVGImporter.importSVG(compressed)
        #expect(image.size == CGSize(width: 3, height: 2))
        #expect(try LayerRenderer.render(image.layer, size: image.size)[1, 1] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(throws: SVGError.unreadableCompressedInput(reason: "it inflates to more than 50 bytes")) {
            try SVGImporter.importSVG(compressed, limits: SVGImporter.Limits(maxInputBytes: 50))
        }
        #expect(throws: SVGError.self) { try SVGImporter.importSVG(compressed.prefix(compressed.count - 9)) }
        // 10 MB of zeros in about 10 kB: refused after at most the limit is inflated.
        let bomb = try Self.gzip(Data(count: 10_000_000))
        #expect(bomb.count < 20_000)
        #expect(throws: SVGError.unreadableCompressedInput(reason: "it inflates to more than 1000000 bytes")) {
            try SVGImporter.importSVG(bomb, limits: SVGImporter.Limits(maxInputBytes: 1_000_000))
        }
    }

    /// `data` gzip-compressed, by zlib's deflate in a gzip wrapper written here.
    static func gzip(_ data: Data) throws -> Data {
        let deflated = try Zlib.compress([UInt8](data), level: 9)
        // A zlib stream is a 2-byte header, raw deflate, and an Adler-32; gzip wants the raw
        // deflate between its own header and a CRC-32 and length trailer.
        let raw = deflated[2..<(deflated.count - 4)]
        let crc = CRC32.checksum([UInt8](data)[...])
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += raw
        for v in [crc, UInt32(truncatingIfNeeded: data.count)] { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        return Data(out)
    }
}
