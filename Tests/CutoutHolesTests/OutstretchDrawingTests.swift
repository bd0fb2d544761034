import CutoutGeometry
import CutoutLayers
import CutoutRaster
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutHoles

/// The redraw path (`draw(_:in:)`) against the layer path (`makeLayer(image:)` rendered by
/// `LayerRenderer`): the same slices must give the same pixels.
@Suite struct OutstretchDrawingTests {
    func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }

    /// The canvas every case is drawn on, in points.
    static let canvas = CGSize(width: 100, height: 80)
    /// The image's size in points, and its fixed rect.
    static let imageSize = CGSize(width: 60, height: 40)
    static let fixed = CGRect(x: 20, y: 10, width: 20, height: 20)
    /// Side of the checker cells inside the fixed rect, in points.
    static let cell: CGFloat = 2
    /// The largest channel difference allowed between the two paths: both sample the same
    /// image through the same clips, but the redraw path reaches the device through
    /// `imageToView` and the layers through a frame translation and `contentsRect`, so the
    /// sample positions can differ in the last bits and a bilinear weight round the other way
    /// (seen: 1, on a few hundred pixels of a 3x canvas).
    static let tolerance = 1

    /// A 60 × 40 pt image at `scale`: each of the nine regions around ``fixed`` has its own red
    /// and green (column and row) under a blue ramp along x, so a piece drawn into the wrong
    /// slice, or with a wrong stretch, changes colour; the fixed rect is a black and white checker
    /// of ``cell``-point cells.
    static func image(scale: Int) throws -> Pixmap {
        let s = CGFloat(scale)
        var image = try Pixmap(width: Int(imageSize.width * s), height: Int(imageSize.height * s), scale: s)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let px = (CGFloat(x) + 0.5) / s, py = (CGFloat(y) + 0.5) / s
                if fixed.contains(CGPoint(x: px, y: py)) {
                    let odd = (Int((px - fixed.minX) / cell) + Int((py - fixed.minY) / cell)) % 2 == 1
                    image[x, y] = odd ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
                } else {
                    let column = px < fixed.minX ? 0 : px < fixed.maxX ? 1 : 2
                    let row = py < fixed.minY ? 0 : py < fixed.maxY ? 1 : 2
                    image[x, y] = PremultipliedRGBA8(r: UInt8(40 + 90 * column), g: UInt8(40 + 90 * row),
                                                     b: UInt8(255 * px / imageSize.width), a: 255)
                }
            }
        }
        return image
    }

    static func metrics(_ image: Pixmap) -> ImageMetrics {
        ImageMetrics(pixelWidth: image.width, pixelHeight: image.height, scale: image.scale)
    }

    /// The canvas after the redraw path.
    func drawn(_ draw: (inout DrawingContext) -> Void, scale: Int) throws -> Pixmap {
        var context = try DrawingContext(width: Int(Self.canvas.width) * scale, height: Int(Self.canvas.height) * scale,
                                         scale: CGFloat(scale))
        draw(&context)
        return context.pixmap
    }

    /// The canvas after the layer path.
    func layered(_ layer: Layer, scale: Int) throws -> Pixmap {
        try LayerRenderer.render(layer, size: Self.canvas, scale: CGFloat(scale))
    }

    func opaqueCount(_ p: Pixmap) -> Int { stride(from: 3, to: p.data.count, by: 4).filter { p.data[$0] == 255 }.count }

    /// The rules of ``Outstretch``'s slices, each drawn by both paths: a centre off the pixel
    /// grid (anti-aliased seams), bounds away from the origin, a fixed rect overhanging the
    /// bounds (cut by their clip), a fixed rect partly and wholly outside the image, no fixed rect.
    static let cases: [(name: String, fixedRect: CGRect, center: CGPoint, bounds: CGRect)] = [
        ("off the grid", fixed, CGPoint(x: 31.3, y: 44.6), CGRect(x: 0, y: 0, width: 90, height: 70)),
        ("offset bounds", fixed, CGPoint(x: 50, y: 30), CGRect(x: 7, y: 5, width: 86, height: 66.5)),
        ("overhanging", fixed, CGPoint(x: 4, y: 66), CGRect(x: 0, y: 0, width: 90, height: 70)),
        ("partly outside the image", CGRect(x: 50, y: 30, width: 20, height: 20), CGPoint(x: 45, y: 35), CGRect(x: 0, y: 0, width: 90, height: 70)),
        ("wholly outside the image", CGRect(x: 70, y: 0, width: 10, height: 10), CGPoint(x: 45, y: 35), CGRect(x: 0, y: 0, width: 90, height: 70)),
        ("null", .null, CGPoint(x: 45, y: 35), CGRect(x: 3, y: 4, width: 90, height: 70)),
    ]

    @Test(arguments: [1, 3], cases.indices)
    func redrawMatchesTheLayers(scale: Int, index: Int) throws {
        let c = Self.cases[index]
        let image = try Self.image(scale: scale)
        let outstretch = Outstretch(image: Self.metrics(image), fixedRect: c.fixedRect, fixedCenter: c.center, bounds: c.bounds)
        let redraw = try drawn({ outstretch.draw(image, in: &$0) }, scale: scale)
        let comparison = ImageComparison(redraw, try layered(outstretch.makeLayer(image: image), scale: scale),
                                         tolerance: ImageTolerance(channel: Self.tolerance))
        #expect(opaqueCount(redraw) > 0)
        #expect(comparison.mismatched == 0, "\(c.name) at \(scale)x: \(comparison.mismatched) pixels differ, up to \(comparison.maxChannelDelta) at \(String(describing: comparison.worst))")
    }

    @Test(arguments: [1, 3])
    func nineSliceRedrawMatchesItsLayers(scale: Int) throws {
        let image = try Self.image(scale: scale)
        let nine = NineSlice(image: Self.metrics(image), contentsCenter: CGRect(x: 1.0 / 3, y: 0.25, width: 1.0 / 3, height: 0.5),
                             bounds: CGRect(x: 2, y: 3, width: 95.5, height: 71))
        let redraw = try drawn({ nine.draw(image, in: &$0) }, scale: scale)
        let comparison = ImageComparison(redraw, try layered(nine.makeLayer(image: image), scale: scale),
                                         tolerance: ImageTolerance(channel: Self.tolerance))
        #expect(opaqueCount(redraw) > 0)
        #expect(comparison.mismatched == 0, "\(comparison.mismatched) pixels differ, up to \(comparison.maxChannelDelta)")
    }

    /// A pixmap that is not the size the metrics say (here 60 × 40 px for 120 × 80 pt) is
    /// stretched as the layers' `contentsRect`s stretch it: wholly over the image's points.
    @Test func mismatchedPixmapIsCoveredAsTheLayersCoverIt() throws {
        let image = try Self.image(scale: 1)
        let outstretch = Outstretch(image: ImageMetrics(pixelWidth: 120, pixelHeight: 80), fixedRect: rect(40, 20, 20, 20),
                                    fixedCenter: CGPoint(x: 45, y: 35), bounds: rect(0, 0, 90, 70))
        let redraw = try drawn({ outstretch.draw(image, in: &$0) }, scale: 1)
        let comparison = ImageComparison(redraw, try layered(outstretch.makeLayer(image: image), scale: 1),
                                         tolerance: ImageTolerance(channel: Self.tolerance))
        #expect(opaqueCount(redraw) > 0)
        #expect(comparison.mismatched == 0, "\(comparison.mismatched) pixels differ, up to \(comparison.maxChannelDelta)")
    }

    /// The fixed rect lands on whole points here, so at 3x its checker must come out pixel for
    /// pixel: the same cells, six pixels wide, as in the image.
    @Test func fixedRectIsCopiedUnstretched() throws {
        let scale = 3
        let image = try Self.image(scale: scale)
        let outstretch = Outstretch(image: Self.metrics(image), fixedRect: Self.fixed, fixedCenter: CGPoint(x: 35, y: 40),
                                    bounds: CGRect(x: 0, y: 0, width: 90, height: 70))
        let redraw = try drawn({ outstretch.draw(image, in: &$0) }, scale: scale)
        // Image pixels (60, 30)-(120, 90) land at device pixels (75, 90)-(135, 150).
        var differing = 0
        for y in 30..<90 {
            for x in 60..<120 where redraw[x + 15, y + 60] != image[x, y] { differing += 1 }
        }
        #expect(differing == 0)
        // Along a row, the colour changes every cell: at 6, 12, ... pixels from the fixed rect's edge.
        var edges: [Int] = []
        for x in 76..<135 where redraw[x, 91] != redraw[x - 1, 91] { edges.append(x - 75) }
        #expect(edges == Array(stride(from: 6, to: 60, by: 6)))
    }

    @Test func noImageOrNoBoundsDrawsNothing() throws {
        let image = try Self.image(scale: 1)
        let empty = try Pixmap(width: 100, height: 80)
        let models = [
            Outstretch(image: nil, fixedRect: Self.fixed, fixedCenter: CGPoint(x: 45, y: 35), bounds: rect(0, 0, 90, 70)),
            Outstretch(image: ImageMetrics(pixelWidth: 0, pixelHeight: 40), fixedRect: Self.fixed, fixedCenter: CGPoint(x: 45, y: 35),
                       bounds: rect(0, 0, 90, 70)),
            Outstretch(image: Self.metrics(image), fixedRect: Self.fixed, fixedCenter: CGPoint(x: 45, y: 35), bounds: .null),
            Outstretch(image: Self.metrics(image), fixedRect: Self.fixed, fixedCenter: CGPoint(x: 45, y: 35),
                       bounds: rect(0, 0, .infinity, 70)),
        ]
        for model in models {
            #expect(try drawn({ model.draw(image, in: &$0) }, scale: 1) == empty)
            #expect(try layered(model.makeLayer(image: image), scale: 1) == empty)
        }
    }

    /// The clips are the redraw's own: what is drawn next is neither clipped to the bounds nor
    /// moved by a slice's transform.
    @Test func graphicsStateIsRestored() throws {
        let image = try Self.image(scale: 1)
        let outstretch = Outstretch(image: Self.metrics(image), fixedRect: Self.fixed, fixedCenter: CGPoint(x: 45, y: 35),
                                    bounds: rect(10, 10, 50, 40))
        var context = try DrawingContext(width: 100, height: 80)
        let ctm = context.ctm
        outstretch.draw(image, in: &context)
        #expect(context.ctm == ctm)
        context.setFillColor(Color(red: 1, green: 0, blue: 0))
        context.fill(rect(0, 0, 100, 80))
        #expect(context.pixmap[0, 0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(context.pixmap[99, 79] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }
}
