import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

@Suite struct ContextTests {
    func alpha(_ ctx: DrawingContext, _ x: Int, _ y: Int) -> Int { Int(ctx.pixmap[x, y].a) }

    @Test func scaleFactorMapsPointsToPixels() throws {
        var ctx = try DrawingContext(width: 12, height: 12, scale: 3)
        ctx.fill(CGRect(x: 1, y: 1, width: 2, height: 1))
        #expect(alpha(ctx, 3, 3) == 255 && alpha(ctx, 8, 5) == 255)
        #expect(alpha(ctx, 9, 3) == 0 && alpha(ctx, 3, 6) == 0 && alpha(ctx, 2, 3) == 0)
    }

    @Test func saveRestoreCoversCTMAlphaFillAndClip() throws {
        var ctx = try DrawingContext(width: 10, height: 10)
        ctx.saveGState()
        ctx.translateBy(x: 5, y: 5)
        ctx.setAlpha(0.5)
        ctx.setFillColor(.red)
        ctx.clip(to: Path(rect: CGRect(x: 0, y: 0, width: 2, height: 2)))
        ctx.restoreGState()
        #expect(ctx.ctm == .identity && ctx.alpha == 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixmap[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func unbalancedRestoreAndEndLayerAreHarmless() throws {
        var ctx = try DrawingContext(width: 4, height: 4)
        ctx.restoreGState()
        ctx.endTransparencyLayer()
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(alpha(ctx, 1, 1) == 255)
    }

    @Test func rotationTurnsXTowardY() throws {
        var ctx = try DrawingContext(width: 10, height: 10)
        ctx.rotate(by: .pi / 2)
        ctx.fill(CGRect(x: 1, y: -6, width: 8, height: 2))
        // (x, y) → (−y, x): the rect lands on columns 4..<6, rows 1..<9.
        #expect(alpha(ctx, 5, 3) == 255 && alpha(ctx, 3, 3) == 0 && alpha(ctx, 5, 0) == 0)
    }

    @Test func transparencyLayerComposesAsOneGroup() throws {
        var group = try DrawingContext(width: 10, height: 4)
        group.setAlpha(0.5)
        group.beginTransparencyLayer()
        group.fill(CGRect(x: 0, y: 0, width: 6, height: 4))
        group.fill(CGRect(x: 4, y: 0, width: 6, height: 4))
        group.endTransparencyLayer()
        // The overlap is not darker than the rest: the group is composited once at 0.5.
        #expect(abs(alpha(group, 5, 1) - 128) <= 1 && alpha(group, 5, 1) == alpha(group, 1, 1))

        var separate = try DrawingContext(width: 10, height: 4)
        separate.setAlpha(0.5)
        separate.fill(CGRect(x: 0, y: 0, width: 6, height: 4))
        separate.fill(CGRect(x: 4, y: 0, width: 6, height: 4))
        #expect(abs(alpha(separate, 5, 1) - 191) <= 1)
        #expect(group.alpha == 0.5)
    }

    @Test func layerBlendModeAppliesAtEnd() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        ctx.setBlendMode(.destinationOut)
        ctx.beginTransparencyLayer()
        #expect(ctx.blendMode == .normal)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
        ctx.endTransparencyLayer()
        #expect(alpha(ctx, 1, 1) == 0 && alpha(ctx, 6, 1) == 255)
    }

    @Test func drawPixmapNearestCopiesPixels() throws {
        var img = try Pixmap(width: 2, height: 2)
        img[0, 0] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        img[1, 0] = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
        img[0, 1] = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        img[1, 1] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128)
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.draw(img, in: CGRect(x: 2, y: 2, width: 4, height: 4), interpolation: .nearest)
        #expect(ctx.pixmap[2, 2] == img[0, 0] && ctx.pixmap[5, 3] == img[1, 0])
        #expect(ctx.pixmap[3, 5] == img[0, 1] && ctx.pixmap[5, 5] == img[1, 1])
        #expect(ctx.pixmap[1, 1] == .transparent && ctx.pixmap[6, 6] == .transparent)
    }

    @Test func drawPixmapBilinearBlendsNeighbours() throws {
        var img = try Pixmap(width: 2, height: 1)
        img[0, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        img[1, 0] = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        var ctx = try DrawingContext(width: 4, height: 1)
        ctx.draw(img, in: CGRect(x: 0, y: 0, width: 4, height: 1), interpolation: .bilinear)
        // Pixel centres map to image x = 0.25, 0.75, 1.25, 1.75 → weights 0, .25, .75, 1.
        let r = (0..<4).map { Int(ctx.pixmap[$0, 0].r) }
        #expect(r[0] == 0 && abs(r[1] - 64) <= 1 && abs(r[2] - 191) <= 1 && r[3] == 255)
    }

    @Test func copiesDoNotShareDrawing() throws {
        var a = try DrawingContext(width: 4, height: 4)
        var b = a
        a.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        b.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(alpha(a, 2, 2) == 255 && alpha(b, 2, 2) == 0 && alpha(b, 0, 0) == 255)
    }

    @Test func invalidSizeThrows() {
        #expect(throws: PixmapError.self) { try DrawingContext(width: 0, height: 10) }
        #expect(throws: PixmapError.self) { try DrawingContext(width: 1 << 20, height: 1 << 20) }
    }
}
