import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

@Suite struct ClipTests {
    func alpha(_ ctx: DrawingContext, _ x: Int, _ y: Int) -> Int { Int(ctx.pixmap[x, y].a) }

    @Test func pixelAlignedRectClipKeepsNoMask() throws {
        var ctx = try DrawingContext(width: 10, height: 10)
        ctx.clip(to: Path(rect: CGRect(x: 2, y: 2, width: 4, height: 4)))
        #expect(ctx.gstate.clip.mask == nil)
        #expect(ctx.gstate.clip.bounds == PixelRect(minX: 2, minY: 2, maxX: 6, maxY: 6))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(alpha(ctx, 2, 2) == 255 && alpha(ctx, 5, 5) == 255 && alpha(ctx, 6, 5) == 0 && alpha(ctx, 1, 3) == 0)
    }

    @Test func curvedClipIsAntiAliasedAndMatchesReference() throws {
        let size = 32
        let circle = Path(ellipseIn: CGRect(x: 4.3, y: 5.1, width: 22, height: 20))
        var ctx = try DrawingContext(width: size, height: size)
        ctx.flatteningTolerance = 1.0 / 128
        ctx.clip(to: circle)
        #expect(ctx.gstate.clip.mask != nil)
        ctx.fill(CGRect(x: 0, y: 0, width: size, height: size))
        let ref = ReferenceRasterizer.coverage(of: circle, rule: .winding, width: size, height: size)
        let stats = ReferenceRasterizer.compareAlpha(ctx.pixmap, to: ref)
        #expect(stats.mean <= 1 && stats.max <= 4, "\(stats)")
    }

    @Test func clipsIntersect() throws {
        var ctx = try DrawingContext(width: 20, height: 20)
        ctx.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: 14, height: 14)))
        ctx.clip(to: Path(ellipseIn: CGRect(x: 6, y: 6, width: 14, height: 14)))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(alpha(ctx, 10, 10) == 255)
        #expect(alpha(ctx, 3, 3) == 0 && alpha(ctx, 16, 16) == 0 && alpha(ctx, 3, 16) == 0)
    }

    @Test func evenOddClipLeavesHole() throws {
        var ring = Path()
        ring.addRect(CGRect(x: 0, y: 0, width: 12, height: 12))
        ring.addEllipse(in: CGRect(x: 3, y: 3, width: 6, height: 6))
        var ctx = try DrawingContext(width: 12, height: 12)
        ctx.clip(to: ring, using: .evenOdd)
        ctx.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
        #expect(alpha(ctx, 6, 6) == 0 && alpha(ctx, 1, 1) == 255)
    }

    @Test func clipAppliesToImagesAndLayers() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.clip(to: Path(rect: CGRect(x: 0, y: 0, width: 4, height: 8)))
        var img = try Pixmap(width: 1, height: 1)
        img.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        ctx.draw(img, in: CGRect(x: 0, y: 0, width: 8, height: 4))
        ctx.beginTransparencyLayer()
        ctx.fill(CGRect(x: 0, y: 4, width: 8, height: 4))
        ctx.endTransparencyLayer()
        #expect(alpha(ctx, 2, 2) == 255 && alpha(ctx, 6, 2) == 0 && alpha(ctx, 2, 6) == 255 && alpha(ctx, 6, 6) == 0)
    }

    @Test func alphaMaskClipScalesCoverage() throws {
        var mask = try Pixmap(width: 2, height: 1)
        mask[0, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        mask[1, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 64)
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.clip(toMask: mask, in: CGRect(x: 0, y: 0, width: 8, height: 4))
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        // Bilinear: pixel centres 0.5...3.5 sample the left texel's plateau, 4.5...7.5 the right.
        #expect(alpha(ctx, 0, 1) == 255 && alpha(ctx, 7, 1) == 64)
        #expect(alpha(ctx, 2, 5) == 0)
    }

    @Test func emptyClipDrawsNothing() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.clip(to: Path(rect: CGRect(x: 2, y: 2, width: 2, height: 2)))
        ctx.clip(to: Path(rect: CGRect(x: 5, y: 5, width: 2, height: 2)))
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(ctx.pixmap.data.allSatisfy { $0 == 0 })
        #expect(ctx.clipBoundingBox.isNull)
    }
}
