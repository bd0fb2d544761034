import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
@testable import CutoutLayers

/// ``PatternLayer``: the tile repeats at exactly ``PatternLayer/tileRect``'s period and origin,
/// at device resolution, within its pixel budgets (counted with the renderer's statistics).
@Suite struct PatternLayerTests {
    /// A 2×2 red square at the top-left of a tile whose content is drawn in tile coordinates.
    static func pattern(tileRect: CGRect, bounds: CGRect = CGRect(x: 0, y: 0, width: 24, height: 24)) -> PatternLayer {
        let square = ShapeLayer()
        square.anchorPoint = .zero
        square.path = Path(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        square.fillColor = .red
        let tile = Layer()
        tile.anchorPoint = .zero
        tile.addSublayer(square)
        let p = PatternLayer()
        p.anchorPoint = .zero
        p.bounds = bounds
        p.tileRect = tileRect
        p.tile = tile
        return p
    }

    @Test func tilesRepeatFromTheTileOriginInBothDirections() throws {
        // Tiles at x = 1 + 5k, y = 3 + 5k (k may be negative: the copy at −4 shows its square
        // at −4…−2, outside; the one at 1 at 1…3).
        let p = Self.pattern(tileRect: CGRect(x: 1, y: 3, width: 5, height: 5))
        let px = try LayerRenderer.render(p, size: CGSize(width: 24, height: 24))
        for y in 0..<24 {
            for x in 0..<24 {
                let inSquare = (x - 1 + 50) % 5 < 2 && (y - 3 + 50) % 5 < 2
                #expect(px[x, y] == (inSquare ? Color.red.premultiplied : .transparent), "(\(x), \(y))")
            }
        }
    }

    /// At scale 3 the tile is drawn at 15 × 15 device pixels, not enlarged from 5 × 5: the
    /// square's edge stays a hard 6-pixel edge.
    @Test func tileIsRenderedAtDeviceResolution() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 5, height: 5))
        let (px, stats) = try LayerRenderer.render(p, size: CGSize(width: 10, height: 10), scale: 3, byteLimit: nil)
        #expect(stats.patternPixels == 15 * 15)
        #expect(px[5, 1] == Color.red.premultiplied && px[6, 1] == .transparent)
        #expect(px[15, 16] == Color.red.premultiplied && px[21, 16] == .transparent)
    }

    /// A tile shifted by half a device pixel is copied pixel for pixel (as resvg), not
    /// blended: every pixel is the square's red or transparent, and the square starts at the
    /// pixel whose centre lies on its edge.
    @Test func halfPixelShiftStaysSharp() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0.5, y: 0, width: 5, height: 5))
        let px = try LayerRenderer.render(p, size: CGSize(width: 12, height: 4))
        for x in 0..<12 {
            #expect(px[x, 0] == ((x % 5) < 2 ? Color.red.premultiplied : .transparent), "x = \(x)")
        }
    }

    /// A tile of 4.6 device pixels becomes a 5-pixel image repeating every 5 pixels (resvg's
    /// whole-pixel tiles), its content drawn at its true scale.
    @Test func tilesRepeatEveryWholeImage() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 4.6, height: 5))
        let (px, stats) = try LayerRenderer.render(p, size: CGSize(width: 20, height: 4), scale: 1, byteLimit: nil)
        #expect(stats.patternPixels == 5 * 5)
        for x in 0..<20 { #expect(px[x, 0] == ((x % 5) < 2 ? Color.red.premultiplied : .transparent), "x = \(x)") }
    }

    /// The tile image's scale per axis is the norm of the CTM's row (as resvg measures it): a
    /// `skewX` widens the image of a 10 × 10 tile (√(1 + tan²) across) and leaves its height.
    @Test func skewWidensTheTileImage() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let skew = Transform(a: 2, b: 0, c: 2 * 0.75, d: 2, tx: 0, ty: 0)
        let image = try #require(Renderer.tileImage(p, ctm: skew))
        #expect(image.width == 25 && image.height == 20)
        #expect(abs(image.scaleX - 2.5) < 1e-12 && image.scaleY == 2)
    }

    @Test func hugeTileIsRenderedWithinTheTileBudget() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 6000, height: 3000), bounds: CGRect(x: 0, y: 0, width: 16, height: 16))
        let (px, stats) = try LayerRenderer.render(p, size: CGSize(width: 16, height: 16), scale: 1, byteLimit: nil)
        #expect(stats.patternPixels <= PatternLayer.maxTilePixels)
        #expect(stats.patternPixels > PatternLayer.maxTilePixels * 9 / 10)
        // The square shrinks to about 1.2 px at the lowered resolution: still drawn, in red.
        #expect(px[0, 0].r > 0 && px[0, 0].g == 0)
    }

    @Test func tileBelowHalfAPixelDrawsNothing() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 0.4, height: 5))
        let (px, stats) = try LayerRenderer.render(p, size: CGSize(width: 8, height: 8), scale: 1, byteLimit: nil)
        #expect(stats.patternPixels == 0)
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [CGRect(x: 0, y: 0, width: 0, height: 4), CGRect(x: 0, y: 0, width: -3, height: 4),
                      CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 4)])
    func degenerateTileRectDrawsNothing(_ rect: CGRect) throws {
        let px = try LayerRenderer.render(Self.pattern(tileRect: rect), size: CGSize(width: 8, height: 8))
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    /// 40 pattern layers side by side, each with a tile of the largest size: the tile pixels
    /// of one render stop at ``Renderer/maxPatternPixels`` (16 such tiles); the rest are
    /// skipped. Nested patterns are bounded the same way, and by the live offscreen bytes.
    @Test func patternsStopAtTheRenderBudget() throws {
        let root = Layer()
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        for _ in 0..<40 {
            root.addSublayer(Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 1024, height: 1024),
                                          bounds: CGRect(x: 0, y: 0, width: 4, height: 4)))
        }
        let (_, stats) = try LayerRenderer.render(root, size: CGSize(width: 4, height: 4), scale: 2, byteLimit: nil)
        #expect(stats.patternPixels == Renderer.maxPatternPixels)
        #expect(stats.patternsSkippedForBudget == 24)
    }

    /// A tile whose tree holds the pattern layer itself is cut, not followed forever.
    @Test func patternInsideItsOwnTileIsCut() throws {
        let p = Self.pattern(tileRect: CGRect(x: 0, y: 0, width: 4, height: 4))
        p.tile?.addSublayer(p)
        // The cycle is made on purpose; break it so the layers are freed (LeakSanitizer).
        defer { p.removeFromSuperlayer() }
        let (px, stats) = try LayerRenderer.render(p, size: CGSize(width: 8, height: 8), scale: 1, byteLimit: nil)
        #expect(stats.cyclesCut >= 1)
        #expect(px[0, 0] == Color.red.premultiplied)
    }
}
