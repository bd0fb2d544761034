import Foundation
import Testing
@testable import CutoutRaster

@Suite struct PixmapTests {
    @Test func dataOfAnotherLengthIsFittedToTheSize() throws {
        var pixmap = try Pixmap(width: 3, height: 2)
        pixmap.data = [10, 20, 30, 40, 1, 2]
        #expect(pixmap.data.count == 24)
        #expect(pixmap[0, 0] == PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 40))
        #expect(Array(pixmap.data[4...]) == [1, 2] + [UInt8](repeating: 0, count: 18))

        pixmap.data = [UInt8](repeating: 7, count: 100)
        #expect(pixmap.data == [UInt8](repeating: 7, count: 24))

        // What reads the pixels through pointers sees a whole image.
        pixmap.data = []
        #expect(pixmap.data == [UInt8](repeating: 0, count: 24))
        #expect(try Pixmap(pngData: try pixmap.pngData()) == pixmap)
        pixmap.data.removeLast(5)
        var context = DrawingContext(pixmap: pixmap)
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        #expect(context.pixmap.data.allSatisfy { $0 == 255 })
    }

    @Test func changingBytesInPlaceKeepsThem() throws {
        var pixmap = try Pixmap(width: 2, height: 2)
        pixmap.data[7] = 255
        pixmap[1, 1] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
        #expect(pixmap.data == [0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 1, 2, 3, 4])
    }

    @Test func maskDataOfAnotherLengthIsFittedToTheSize() throws {
        var mask = try AlphaMask(width: 4, height: 2)
        mask.data = [9, 8, 7]
        #expect(mask.data == [9, 8, 7, 0, 0, 0, 0, 0])
        mask.data = [UInt8](repeating: 200, count: 3000)
        #expect(mask.data == [UInt8](repeating: 200, count: 8))
        mask.data = []
        #expect(mask.gaussianBlurred(sigma: 2).data == [UInt8](repeating: 0, count: 8))
    }

    @Test func scaleStaysFiniteAndPositive() throws {
        var pixmap = try Pixmap(width: 4, height: 2, scale: 2)
        for bad in [CGFloat.nan, 0, -1, .infinity, -.infinity] {
            pixmap.scale = 2
            pixmap.scale = bad
            #expect(pixmap.scale == 1, "\(bad)")
            #expect(pixmap.size == CGSize(width: 4, height: 2))
        }
        pixmap.scale = 3
        #expect(pixmap.scale == 3)
    }
}
