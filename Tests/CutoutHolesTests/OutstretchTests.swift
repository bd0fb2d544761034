import CutoutGeometry
import Foundation
import Testing
@testable import CutoutHoles

@Suite struct OutstretchTests {
    func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }

    /// A 200 × 100 pt image whose fixed rect (80, 30, 40, 40) is drawn centred at (50, 150) in a 300 × 300 view.
    @Test(arguments: [1, 2, 3])
    func ninePairsAtEveryScale(scale: Int) throws {
        let s = CGFloat(scale)
        let o = Outstretch(image: ImageMetrics(pixelWidth: 200 * scale, pixelHeight: 100 * scale, scale: s),
                           fixedRect: rect(80, 30, 40, 40), fixedCenter: CGPoint(x: 50, y: 150), bounds: rect(0, 0, 300, 300))
        let slices = o.slices
        try #require(slices.count == 9)
        let ix: [CGFloat] = [0, 80, 120, 200], iy: [CGFloat] = [0, 30, 70, 100]
        let vx: [CGFloat] = [0, 30, 70, 300], vy: [CGFloat] = [0, 130, 170, 300]
        for (k, slice) in slices.enumerated() {
            let c = k % 3, r = k / 3
            #expect(slice.column == c && slice.row == r)
            let image = rect(ix[c], iy[r], ix[c + 1] - ix[c], iy[r + 1] - iy[r])
            #expect(slice.imageRect == image)
            #expect(slice.pixelRect == rect(image.minX * s, image.minY * s, image.width * s, image.height * s))
            #expect(slice.contentsRect == rect(image.minX / 200, image.minY / 100, image.width / 200, image.height / 100))
            #expect(slice.viewRect == rect(vx[c], vy[r], vx[c + 1] - vx[c], vy[r + 1] - vy[r]))
        }
        // The fixed part is never stretched.
        #expect(slices[4].viewRect.size == slices[4].imageRect.size)
        #expect(slices[4].contentsRect == rect(0.4, 0.3, 0.2, 0.4))
        // Drawing a slice maps its image rect exactly onto its view rect.
        let t = try #require(slices[8].imageToView)
        #expect(CGPoint(x: 120, y: 70).applying(t) == CGPoint(x: 70, y: 170))
        #expect(CGPoint(x: 200, y: 100).applying(t) == CGPoint(x: 300, y: 300))
    }

    @Test func noImageDrawsNothing() {
        #expect(Outstretch(image: nil, fixedRect: rect(0, 0, 1, 1), fixedCenter: .zero, bounds: rect(0, 0, 9, 9)).slices.isEmpty)
        #expect(Outstretch(image: ImageMetrics(pixelWidth: 0, pixelHeight: 10), fixedRect: rect(0, 0, 1, 1),
                           fixedCenter: .zero, bounds: rect(0, 0, 9, 9)).slices.isEmpty)
        #expect(Outstretch(image: ImageMetrics(pixelWidth: 10, pixelHeight: 10), fixedRect: rect(0, 0, 1, 1),
                           fixedCenter: .zero, bounds: CGRect.null).slices.isEmpty)
    }

    @Test func nullFixedRectStretchesTheWholeImage() {
        let o = Outstretch(image: ImageMetrics(pixelWidth: 400, pixelHeight: 200, scale: 2), fixedRect: .null,
                           fixedCenter: CGPoint(x: 5, y: 5), bounds: rect(10, 20, 300, 100))
        #expect(o.slices == [ImageSlice(column: 0, row: 0, imageRect: rect(0, 0, 200, 100), pixelRect: rect(0, 0, 400, 200),
                                        contentsRect: rect(0, 0, 1, 1), viewRect: rect(10, 20, 300, 100))])
        let nan = Outstretch(image: ImageMetrics(pixelWidth: 4, pixelHeight: 2), fixedRect: rect(.nan, 0, 1, 1),
                             fixedCenter: .zero, bounds: rect(0, 0, 8, 8))
        #expect(nan.slices.count == 1)
    }

    @Test func outOfBoundsFixedRectIsClippedInPlace() {
        let image = ImageMetrics(pixelWidth: 200, pixelHeight: 100)
        let o = Outstretch(image: image, fixedRect: rect(180, 80, 40, 40), fixedCenter: CGPoint(x: 150, y: 150), bounds: rect(0, 0, 300, 300))
        let s = o.slices
        #expect(s.count == 4)
        #expect(s.map(\.imageRect) == [rect(0, 0, 180, 80), rect(180, 0, 20, 80), rect(0, 80, 180, 20), rect(180, 80, 20, 20)])
        #expect(s.map(\.viewRect) == [rect(0, 0, 130, 130), rect(130, 0, 20, 130), rect(0, 130, 130, 20), rect(130, 130, 20, 20)])
        let outside = Outstretch(image: image, fixedRect: rect(300, 0, 10, 10), fixedCenter: .zero, bounds: rect(0, 0, 30, 30))
        #expect(outside.slices.map(\.imageRect) == [rect(0, 0, 200, 100)])
    }

    @Test func emptyFixedRectIsASeam() {
        let o = Outstretch(image: ImageMetrics(pixelWidth: 200, pixelHeight: 100), fixedRect: rect(80, 30, 0, 40),
                           fixedCenter: CGPoint(x: 50, y: 150), bounds: rect(0, 0, 300, 300))
        let s = o.slices
        #expect(s.count == 6)
        #expect(s.map(\.column) == [0, 2, 0, 2, 0, 2])
        #expect(s[0].viewRect == rect(0, 0, 50, 130) && s[1].viewRect == rect(50, 0, 250, 130))
        #expect(s[2].imageRect == rect(0, 30, 80, 40) && s[2].viewRect == rect(0, 130, 50, 40))
    }

    @Test func fixedPartOverhangingTheViewStaysUnstretched() {
        let o = Outstretch(image: ImageMetrics(pixelWidth: 200, pixelHeight: 100), fixedRect: rect(80, 30, 40, 40),
                           fixedCenter: CGPoint(x: 10, y: 150), bounds: rect(0, 0, 300, 300))
        let s = o.slices
        #expect(s.count == 6)
        #expect(s.allSatisfy { $0.column != 0 })
        #expect(s[2].viewRect == rect(-10, 130, 40, 40) && s[2].imageRect == rect(80, 30, 40, 40))
        let centred = Outstretch(image: ImageMetrics(pixelWidth: 200, pixelHeight: 100), fixedRect: rect(80, 30, 40, 40),
                                 fixedCenter: CGPoint(x: CGFloat.nan, y: 0), bounds: rect(0, 0, 300, 300))
        #expect(centred.slices[4].viewRect == rect(130, 130, 40, 40))
    }

    @Test func badScaleCountsAsOne() {
        #expect(ImageMetrics(pixelWidth: 30, pixelHeight: 20, scale: 0).size == CGSize(width: 30, height: 20))
        #expect(ImageMetrics(pixelWidth: 30, pixelHeight: 20, scale: .nan).size == CGSize(width: 30, height: 20))
        #expect(ImageMetrics(pixelWidth: 30, pixelHeight: 20, scale: 3).size == CGSize(width: 10, height: 20.0 / 3))
    }
}

@Suite struct NineSliceTests {
    func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }

    @Test(arguments: [1, 2, 3])
    func capsKeepTheirSizeInPoints(scale: Int) throws {
        let s = CGFloat(scale)
        let n = NineSlice(image: ImageMetrics(pixelWidth: 30 * scale, pixelHeight: 20 * scale, scale: s),
                          contentsCenter: rect(1.0 / 3, 0.25, 1.0 / 3, 0.5), bounds: rect(0, 0, 100, 50))
        let slices = n.slices
        try #require(slices.count == 9)
        let vx: [CGFloat] = [0, 10, 90, 100], vy: [CGFloat] = [0, 5, 45, 50]
        let ix: [CGFloat] = [0, 10, 20, 30], iy: [CGFloat] = [0, 5, 15, 20]
        for (k, slice) in slices.enumerated() {
            let c = k % 3, r = k / 3
            #expect(abs(slice.viewRect.minX - vx[c]) < 1e-12 && abs(slice.viewRect.maxX - vx[c + 1]) < 1e-12)
            #expect(slice.viewRect.minY == vy[r] && slice.viewRect.maxY == vy[r + 1])
            #expect(abs(slice.imageRect.minX - ix[c]) < 1e-12 && abs(slice.imageRect.maxX - ix[c + 1]) < 1e-12)
            #expect(slice.imageRect.minY == iy[r] && slice.imageRect.maxY == iy[r + 1])
            #expect(abs(slice.pixelRect.width - slice.imageRect.width * s) < 1e-12)
        }
    }

    @Test func capsShrinkTogetherWhenTheViewIsTooSmall() {
        let n = NineSlice(image: ImageMetrics(pixelWidth: 30, pixelHeight: 20), contentsCenter: rect(1.0 / 3, 0.25, 1.0 / 3, 0.5),
                          bounds: rect(0, 0, 12, 8))
        let s = n.slices
        #expect(s.count == 4)
        #expect(s.map { $0.viewRect.size } == Array(repeating: CGSize(width: 6, height: 4), count: 4))
    }

    @Test func degenerateCentresStretchTheWholeImage() {
        let image = ImageMetrics(pixelWidth: 30, pixelHeight: 20)
        for centre in [rect(0, 0, 1, 1), CGRect.null, rect(.infinity, 0, 1, 1), rect(2, 2, 1, 1)] {
            let s = NineSlice(image: image, contentsCenter: centre, bounds: rect(0, 0, 50, 50)).slices
            #expect(s.map(\.viewRect) == [rect(0, 0, 50, 50)])
        }
        #expect(NineSlice(image: nil, contentsCenter: .null, bounds: rect(0, 0, 1, 1)).slices.isEmpty)
    }
}
