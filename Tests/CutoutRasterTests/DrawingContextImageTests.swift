import CutoutGeometry
import Foundation
import Testing
@testable import CutoutRaster

@Suite struct ImageDrawingOpacityTests {
    /// Bilinear sampling of an opaque image must stay opaque: interpolating equal alphas
    /// gives the same alpha, not one level less.
    @Test func scaledOpaqueImageStaysOpaque() throws {
        var image = try Pixmap(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { image[x, y] = PremultipliedRGBA8(r: UInt8(x * 30), g: UInt8(y * 50), b: 200, a: 255) } }
        var context = try DrawingContext(width: 40, height: 33)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 33), interpolation: .bilinear)
        for y in 0..<33 { for x in 0..<40 { #expect(context.pixmap[x, y].a == 255) } }
    }
}
