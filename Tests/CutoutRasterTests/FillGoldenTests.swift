import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

/// Fills and clips compared with exact-coverage renders of the same scenes
/// (`scripts/golden_raster.py`, whose scene list this file mirrors: Skia at 32× averaged over
/// each pixel, composited on an 8-bit canvas). Every pixel is bounded, per channel of
/// premultiplied RGBA8, overlaps of a path with itself included. Each scene is drawn twice:
/// with curves flattened to 1/500 px, so that what differs is the rasteriser's coverage, and
/// at the default flattening tolerance, whose chords may also lie 0.1 px inside a curve.
@Suite struct FillGoldenTests {
    /// Straight edges: the golden's coverage is exact up to its 8-bit rounding.
    static let straightLimit = 1
    /// Curved edges: Skia's 32× render is within about 3 of exact there (its 16× and 32×
    /// renders differ by up to 6), plus rounding.
    static let curvedLimit = 5
    /// At the default 0.1 px flattening a chord may lie 0.1 px inside the curve: 26 levels.
    static let chordLimit = 26
    /// Mean |diff| per channel: rounding and the golden's error at fine flattening, and the
    /// chords' lost area (under 0.25 here) at the default.
    static let fineMeanLimit = 0.05, defaultMeanLimit = 0.25
    static let size = 96

    static func star(_ cx: CGFloat, _ cy: CGFloat, _ r: CGFloat, _ points: Int, _ step: Int) -> Path {
        var p = Path()
        for i in 0..<points {
            let a = -CGFloat.pi / 2 + CGFloat(i * step) * 2 * .pi / CGFloat(points)
            let q = CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    static func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> Path {
        Path(rect: CGRect(x: x, y: y, width: w, height: h))
    }

    /// The same four cubics as the script's `ellipse`.
    static func ellipse(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> Path {
        let k: CGFloat = 0.5522847498307936
        let cx = x + w / 2, cy = y + h / 2, rx = w / 2, ry = h / 2
        var p = Path()
        p.move(to: CGPoint(x: cx + rx, y: cy))
        p.addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
        p.addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
        p.addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
        p.addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
        p.closeSubpath()
        return p
    }

    static func blob() -> Path {
        var p = Path()
        p.move(to: CGPoint(x: 10, y: 80))
        p.addCurve(to: CGPoint(x: 85, y: 76), control1: CGPoint(x: -20, y: -30), control2: CGPoint(x: 140, y: 20))
        p.addQuadCurve(to: CGPoint(x: 16, y: 24), control: CGPoint(x: 50, y: 120))
        p.closeSubpath()
        return p
    }

    static func color(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Color {
        Color(r8: UInt8(r), g8: UInt8(g), b8: UInt8(b), a8: UInt8(a))
    }

    /// Draws the scene at fine and at default flattening and compares both with the golden.
    func check(_ name: String, curved: Bool = true, _ draw: (inout DrawingContext) -> Void) throws {
        let limit = curved ? Self.curvedLimit : Self.straightLimit
        for fine in [true, false] {
            var ctx = try DrawingContext(width: Self.size, height: Self.size)
            if fine { ctx.flatteningTolerance = 0.002 }
            ctx.exactOverlapCoverage = true
            draw(&ctx)
            let max = fine || !curved ? limit : limit + Self.chordLimit
            let c = ImageComparison(ctx.pixmap, try Golden.load(name, in: .module), tolerance: ImageTolerance(channel: max))
            print("fill golden \(name) \(fine ? "fine" : "default"): max \(c.maxChannelDelta) (allowed \(max)), mean \(c.meanChannelDelta)")
            try assertImage(ctx.pixmap, matchesGolden: name, in: .module,
                            tolerance: ImageTolerance(channel: max, mean: fine ? Self.fineMeanLimit : Self.defaultMeanLimit))
        }
    }

    @Test(arguments: [("fill-star-nonzero", FillRule.winding), ("fill-star-evenodd", FillRule.evenOdd)])
    func star(name: String, rule: FillRule) throws {
        let star = Self.star(48.3, 49.7, 44, 5, 2)
        try check(name, curved: false) { $0.fill(star, using: rule) }
    }

    @Test func curves() throws {
        try check("fill-curves") { ctx in
            ctx.setFillColor(Self.color(20, 90, 200, 255)); ctx.fill(Self.blob())
            ctx.setFillColor(Self.color(230, 40, 40, 255)); ctx.fill(Self.ellipse(30.5, 8.25, 60, 40))
        }
    }

    @Test func overlappingAlpha() throws {
        try check("fill-overlap-alpha") { ctx in
            ctx.setFillColor(Self.color(255, 0, 0, 128)); ctx.fill(Self.ellipse(4, 4, 60, 60))
            ctx.setFillColor(Self.color(0, 160, 0, 128)); ctx.fill(Self.ellipse(32, 4, 60, 60))
            ctx.setFillColor(Self.color(0, 0, 255, 200)); ctx.fill(Self.ellipse(18, 32, 60, 60))
        }
    }

    @Test func holesEvenOdd() throws {
        var p = Self.rect(0, 0, 96, 96)
        p.addPath(Self.ellipse(10.5, 10.5, 30, 30))
        p.addPath(Self.rect(50.25, 12.75, 35, 70))
        p.addPath(Self.star(25, 70, 18, 7, 3))
        try check("fill-holes-evenodd") { $0.fill(p, using: .evenOdd) }
    }

    @Test func clipCircle() throws {
        try check("clip-circle") { ctx in
            ctx.clip(to: Self.ellipse(8.5, 12.5, 80, 70))
            ctx.setFillColor(Self.color(40, 40, 200, 255)); ctx.fill(Self.rect(0, 0, 96, 96))
            ctx.setFillColor(Self.color(250, 200, 0, 255)); ctx.fill(Self.rect(-10, 40, 120, 16))
        }
    }
    static func polygon(_ points: [(CGFloat, CGFloat)]) -> Path {
        var p = Path()
        p.addLines(between: points.map { CGPoint(x: $0.0, y: $0.1) })
        p.closeSubpath()
        return p
    }

    /// Rects 0.3, 0.05 and 0.2 px thin and a needle 0.5 px wide: coverage, not visibility.
    @Test func slivers() throws {
        try check("fill-slivers", curved: false) { ctx in
            ctx.setFillColor(Self.color(0, 0, 0, 255))
            ctx.fill(Self.rect(10.2, 4, 0.3, 88))
            ctx.fill(Self.rect(20.6, 4, 0.05, 88))
            ctx.setFillColor(Self.color(200, 0, 0, 255)); ctx.fill(Self.rect(4, 30.4, 88, 0.2))
            ctx.setFillColor(Self.color(0, 0, 200, 255)); ctx.fill(Self.polygon([(30, 90), (90, 10), (90.4, 10.3)]))
        }
    }

    /// Shapes crossing every edge of the canvas, and a ring whose inside is the canvas.
    @Test func canvasEdges() throws {
        var ring = Self.rect(0, 0, 96, 96)
        ring.addPath(Self.ellipse(-10, -10, 116, 116))
        try check("fill-canvas-edges") { ctx in
            ctx.setFillColor(Self.color(20, 120, 60, 255)); ctx.fill(Self.ellipse(-30.5, -20.25, 157, 136))
            ctx.setFillColor(Self.color(0, 0, 0, 160)); ctx.fill(ring, using: .evenOdd)
        }
    }

    /// Vertices at ±1e6: clipped in floating point before rasterising.
    @Test func hugeCoordinates() throws {
        try check("fill-huge-coordinates", curved: false) { ctx in
            ctx.setFillColor(Self.color(120, 0, 160, 255)); ctx.fill(Self.polygon([(-1e6, -1e6), (1e6, 48.5), (-1e6, 1e6)]))
            ctx.setFillColor(Self.color(250, 160, 0, 200)); ctx.fill(Self.polygon([(48.25, -1e6), (1e6, 1e6), (60.75, 1e6)]))
        }
    }

    /// Drawing through an alpha mask at 1:1: the same ramp-and-bands mask as the script.
    @Test func maskRampBands() throws {
        var mask = try Pixmap(width: Self.size, height: Self.size)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let ramp = x * 255 / (Self.size - 1)
                mask[x, y] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: UInt8((y / 12) % 2 == 0 ? ramp : 255 - ramp))
            }
        }
        try check("mask-ramp-bands") { ctx in
            ctx.clip(toMask: mask, in: CGRect(x: 0, y: 0, width: Self.size, height: Self.size))
            ctx.setFillColor(Self.color(30, 100, 220, 255)); ctx.fill(Self.rect(8, 8, 80, 80))
            ctx.setFillColor(Self.color(240, 120, 0, 255)); ctx.fill(Self.ellipse(30.5, 30.5, 50, 50))
        }
    }
}
