import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

@Suite struct FillTests {
    func alpha(_ ctx: DrawingContext, _ x: Int, _ y: Int) -> Int { Int(ctx.pixmap[x, y].a) }

    @Test func pixelAlignedRectIsExact() throws {
        var ctx = try DrawingContext(width: 16, height: 16)
        ctx.setFillColor(Color(red: 1, green: 0.5, blue: 0))
        ctx.fill(CGRect(x: 2, y: 3, width: 5, height: 4))
        for y in 0..<16 {
            for x in 0..<16 {
                let inside = (2..<7).contains(x) && (3..<7).contains(y)
                #expect(ctx.pixmap[x, y] == (inside ? PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255) : .transparent))
            }
        }
    }

    @Test func halfPixelEdgesGiveHalfCoverage() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.fill(CGRect(x: 1.5, y: 2, width: 4, height: 2.5))
        #expect(alpha(ctx, 1, 2) == 128)   // half a column
        #expect(alpha(ctx, 3, 2) == 255)
        #expect(alpha(ctx, 5, 2) == 128)
        #expect(alpha(ctx, 3, 4) == 128)   // half a row
        #expect(alpha(ctx, 1, 4) == 64)    // quarter corner
        #expect(alpha(ctx, 6, 2) == 0)
    }

    @Test func evenOddPunchesHoleWindingDoesNot() throws {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        var eo = try DrawingContext(width: 10, height: 10)
        eo.fill(p, using: .evenOdd)
        var nz = try DrawingContext(width: 10, height: 10)
        nz.fill(p, using: .winding)
        #expect(alpha(eo, 5, 5) == 0 && alpha(eo, 1, 1) == 255)
        #expect(alpha(nz, 5, 5) == 255)
    }

    @Test func oppositeWindingHoleUnderNonZero() throws {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.move(to: CGPoint(x: 3, y: 3)); p.addLine(to: CGPoint(x: 3, y: 7))
        p.addLine(to: CGPoint(x: 7, y: 7)); p.addLine(to: CGPoint(x: 7, y: 3)); p.closeSubpath()
        var ctx = try DrawingContext(width: 10, height: 10)
        ctx.fill(p)
        #expect(alpha(ctx, 5, 5) == 0 && alpha(ctx, 1, 5) == 255)
    }

    @Test func sourceOverMatchesFormula() throws {
        var ctx = try DrawingContext(width: 4, height: 4)
        ctx.setFillColor(Color(red: 0, green: 0, blue: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let p = ctx.pixmap[1, 1]
        // S + D·(1 − αS): red 128, blue 255·(1 − 128/255) ≈ 127.
        #expect(abs(Int(p.r) - 128) <= 1 && p.g == 0 && abs(Int(p.b) - 127) <= 1 && p.a == 255)
    }

    @Test func alphaScalesFill() throws {
        var ctx = try DrawingContext(width: 4, height: 4)
        ctx.setAlpha(0.25)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(abs(alpha(ctx, 2, 2) - 64) <= 1)
    }

    @Test func transparentColorTouchesNothing() throws {
        var ctx = try DrawingContext(width: 4, height: 4)
        ctx.setFillColor(.clear)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.pixmap.data.allSatisfy { $0 == 0 })
    }

    @Test func hugeAndAbsurdCoordinatesAreCheapAndSafe() throws {
        var ctx = try DrawingContext(width: 32, height: 32)
        var p = Path()
        p.move(to: CGPoint(x: -1e30, y: -1e30))
        p.addCurve(to: CGPoint(x: 1e30, y: 16), control1: CGPoint(x: 1e30, y: -1e30), control2: CGPoint(x: -1e30, y: 1e30))
        p.addLine(to: CGPoint(x: 1e300, y: 1e300))
        p.closeSubpath()
        let work = WorkMeter.measure {
            ctx.fill(p)
            ctx.fill(p, using: .evenOdd)
        }
        // Cheap: each fill flattens its curve into at most the per-curve cap of pieces, plus
        // one point per other element, however far the coordinates reach.
        #expect(work[.flattenedPoints] <= 2 * (Rasterizer.maxPiecesPerCurve + 3))
        // Safe: the pixels stay premultiplied (no channel above alpha) and keep their count.
        #expect(ctx.pixmap.data.count == 32 * 32 * 4)
        for i in Swift.stride(from: 0, to: ctx.pixmap.data.count, by: 4) {
            let a = ctx.pixmap.data[i + 3]
            #expect(ctx.pixmap.data[i] <= a && ctx.pixmap.data[i + 1] <= a && ctx.pixmap.data[i + 2] <= a, "pixel \(i / 4)")
        }
    }

    /// An edge only a subnormal high that crosses a row boundary has a slope beyond `Double`'s
    /// range: the rasteriser must not follow it to an infinite x (a cell index far outside the
    /// band). The triangle's coverage is still that of its finite part.
    @Test func edgeOfSubnormalHeightAcrossARowStaysInTheRow() throws {
        for (flip, exact) in [(false, false), (true, false), (false, true), (true, true)] {
            var ctx = try DrawingContext(width: 16, height: 8)
            ctx.exactOverlapCoverage = exact
            var p = Path()
            // 1e-310, a subnormal (a literal that small draws a compiler warning).
            let tiny = Double.leastNormalMagnitude / 222.50738585072014
            let a = CGPoint(x: 2, y: -tiny), b = CGPoint(x: 12, y: tiny), c = CGPoint(x: 7, y: 6)
            p.move(to: flip ? b : a)
            p.addLine(to: flip ? a : b)
            p.addLine(to: c)
            p.closeSubpath()
            ctx.fill(p)
            // Row 2 of the triangle (y 2...3) spans x ≈ 3.67...10.33 at its middle.
            #expect(alpha(ctx, 7, 2) == 255)
            #expect(alpha(ctx, 0, 2) == 0 && alpha(ctx, 15, 2) == 0)
            #expect(ctx.pixmap.data.count == 16 * 8 * 4)
        }
    }

    @Test func bigRectCoversCanvasExactly() throws {
        var ctx = try DrawingContext(width: 20, height: 10)
        ctx.fill(CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        #expect(stride(from: 3, to: ctx.pixmap.data.count, by: 4).allSatisfy { ctx.pixmap.data[$0] == 255 })
    }

    @Test func nonFiniteTransformIsIgnored() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.concatenate(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        ctx.scaleBy(x: .infinity, y: 1)
        #expect(ctx.ctm == .identity)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(alpha(ctx, 1, 1) == 255)
    }

    @Test func clearMakesTransparent() throws {
        var ctx = try DrawingContext(width: 4, height: 4)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.clear()
        #expect(ctx.pixmap.data.allSatisfy { $0 == 0 })
    }

    @Test func gradientPaintFollowsStops() throws {
        var ctx = try DrawingContext(width: 16, height: 16)
        let g = LinearGradient(gradient: Gradient(colors: [.black, .white]), start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 16))
        ctx.setFillPaint(.linearGradient(g))
        ctx.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        // Row 7's centre is at t = 7.5 / 16 (119.5 of 255); dithering rounds each pixel of
        // the row to 119 or 120 by column, in a pattern that repeats every 8 columns.
        #expect((0..<16).allSatisfy { [119, 120].contains(ctx.pixmap[$0, 7].r) && ctx.pixmap[$0, 7] == ctx.pixmap[$0 % 8, 7] })
        #expect(Set((0..<8).map { ctx.pixmap[$0, 7].r }) == [119, 120])
        #expect(ctx.pixmap[0, 0].r < ctx.pixmap[0, 15].r)
    }

    @Test func destinationOutPunchesThrough() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        ctx.setBlendMode(.destinationOut)
        ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(alpha(ctx, 3, 3) == 0 && alpha(ctx, 0, 0) == 255)
    }

    @Test func copyModeReplacesInsideOnly() throws {
        var ctx = try DrawingContext(width: 8, height: 8)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        ctx.setBlendMode(.copy)
        ctx.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(abs(alpha(ctx, 3, 3) - 128) <= 1 && ctx.pixmap[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func strokeCoversWidthAndHairlineIsOnePixel() throws {
        var ctx = try DrawingContext(width: 20, height: 20)
        ctx.setLineWidth(4)
        var p = Path()
        p.move(to: CGPoint(x: 2, y: 10)); p.addLine(to: CGPoint(x: 18, y: 10))
        ctx.stroke(p)
        #expect(alpha(ctx, 10, 8) == 255 && alpha(ctx, 10, 11) == 255 && alpha(ctx, 10, 12) == 0 && alpha(ctx, 10, 7) == 0)
        var hair = try DrawingContext(width: 20, height: 20, scale: 2)
        hair.setLineWidth(0)
        var q = Path()
        q.move(to: CGPoint(x: 1, y: 5.25)); q.addLine(to: CGPoint(x: 9, y: 5.25))
        hair.stroke(q)
        // One device pixel wide: rows 10 and 11 each half covered at 2x (y = 10.5 ± 0.5).
        #expect(abs(alpha(hair, 8, 10) - 255) <= 1 && alpha(hair, 8, 11) == 0 && alpha(hair, 8, 9) == 0)
    }

    @Test func dashedStrokeLeavesGaps() throws {
        var ctx = try DrawingContext(width: 24, height: 8)
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [4, 4])
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 4)); p.addLine(to: CGPoint(x: 24, y: 4))
        ctx.stroke(p)
        // Dashes on 0..<4, 8..<12, 16..<20; gaps between.
        #expect(alpha(ctx, 1, 4) == 255 && alpha(ctx, 9, 3) == 255 && alpha(ctx, 17, 4) == 255)
        #expect(alpha(ctx, 5, 4) == 0 && alpha(ctx, 13, 3) == 0 && alpha(ctx, 22, 4) == 0)
    }

    /// `fill(_: CGRect)` over whole device pixels skips the rasteriser; it must draw what
    /// filling the same rectangle as a path draws (over a varied background, translucent
    /// colour, a scale CTM, a clip, a rect reaching past the canvas).
    @Test func pixelAlignedRectFillMatchesPathFill() throws {
        func render(_ draw: (inout DrawingContext, CGRect) -> Void) throws -> Pixmap {
            var ctx = try DrawingContext(width: 40, height: 30)
            for y in 0..<30 {
                for x in 0..<40 {
                    let alpha: Int = (x * 5 + y * 11) % 256
                    ctx.setFillColor(Color(red: CGFloat(x) / 40, green: 0.5, blue: CGFloat(y) / 30, alpha: CGFloat(alpha) / 255))
                    ctx.fill(Path(rect: CGRect(x: x, y: y, width: 1, height: 1)))
                }
            }
            ctx.clip(to: Path(rect: CGRect(x: 2, y: 1, width: 33, height: 27)))
            ctx.scaleBy(x: 2, y: 2)
            ctx.setFillColor(Color(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.6))
            ctx.setAlpha(0.9)
            for r in [CGRect(x: 1.5, y: 2, width: 6, height: 4.5), CGRect(x: 12, y: 8, width: 20, height: 30),
                      CGRect(x: 3, y: 9, width: -2.5, height: 3)] {
                draw(&ctx, r)
            }
            return ctx.pixmap
        }
        let fast = try render { ctx, r in ctx.fill(r) }
        let general = try render { ctx, r in ctx.fill(Path(rect: r)) }
        #expect(fast == general)
        #expect(fast != (try render { _, _ in }))
    }
}
