import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// `<image>` with lossless WebP pictures, embedded and from granted files (issue 19).
@Suite struct SVGImageWebPTests {
    /// A 3 × 2 lossless WebP written by Pillow (libwebp, method 6): red, green, blue; yellow at
    /// half alpha, transparent, (10, 200, 30).
    static let webP = Data(base64Encoded: "UklGRjAAAABXRUJQVlA4TCQAAAAvAkAAEBAIJPmTbbWGkCAh+/+vAoEkkv0tFxAUpntemMHeqAI=")!

    static let expected: [PremultipliedRGBA8] = [
        PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255),
        PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), PremultipliedRGBA8(r: 128, g: 128, b: 0, a: 128),
        PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0), PremultipliedRGBA8(r: 10, g: 200, b: 30, a: 255),
    ]

    @Test func embeddedWebPRenders() throws {
        let uri = "data:image/webp;base64," + Self.webP.base64EncodedString()
        let image = try SVGImporter.importSVG("""
            <svg xmlns='http://www.w3.org/2000/svg' width='3' height='2'><image href='\(uri)'/></svg>
            """)
        #expect(image.warnings.isEmpty, "\(image.warnings)")
        let px = try LayerRenderer.render(image.layer, size: image.size)
        #expect((0..<6).map { px[$0 % 3, $0 / 3] } == Self.expected)
    }

    /// The bytes decide the format: a `.png` name or an `image/png` type does not matter.
    @Test func webPFileIsReadWhateverItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.webP.write(to: folder.appendingPathComponent("picture.webp"))
        try Self.webP.write(to: folder.appendingPathComponent("misnamed.png"))
        let image = try SVGImporter.importSVG("""
            <svg xmlns='http://www.w3.org/2000/svg' width='3' height='4'>
              <image href='picture.webp'/><image y='2' href='misnamed.png'/>
            </svg>
            """, files: SVGImporter.FileAccess(baseDirectory: folder))
        #expect(image.warnings.isEmpty, "\(image.warnings)")
        let px = try LayerRenderer.render(image.layer, size: image.size)
        #expect((0..<12).map { px[$0 % 3, $0 / 3] } == Self.expected + Self.expected)
    }
}
