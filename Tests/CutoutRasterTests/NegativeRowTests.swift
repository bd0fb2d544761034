import CutoutGeometry
import Foundation
import Testing
@testable import CutoutRaster

/// Rows above zero's: a shadow's coverage mask starts above the canvas, so the rasteriser
/// meets edge pieces at negative y. Each must land in its own row (rounded down, not towards
/// zero), and a piece wholly within row −1 must stay in it (the `scene-json` fuzz target found
/// one that ran off the band's cells).
@Suite struct NegativeRowTests {
    /// Coverage of the rectangle `x 0..<4, y top..<bottom` over rows −4..<8, columns −4..<8.
    static func coverage(top: Double, bottom: Double) -> [[UInt8]] {
        let region = PixelRect(minX: -4, minY: -4, maxX: 8, maxY: 8)
        var mask = [UInt8](repeating: 0, count: region.width * region.height)
        let raster = Rasterizer()
        raster.setPath(Path(rect: CGRect(x: 0, y: top, width: 4, height: bottom - top)), transform: .identity, cull: region)
        mask.withUnsafeMutableBufferPointer { m in
            var blitter = CoverageMaskBlitter(mask: m.baseAddress!, originX: region.minX, originY: region.minY, rowBytes: region.width)
            raster.rasterize(clip: region, rule: .winding, into: &blitter)
        }
        return (0..<region.height).map { r in Array(mask[(r * region.width)..<((r + 1) * region.width)]) }
    }

    /// Row index `y` (−4..<8) of a coverage grid; column 5 is x = 1, inside the rectangle.
    static func inside(_ grid: [[UInt8]], row y: Int) -> Int { Int(grid[y + 4][5]) }

    @Test func aShapeCrossingRowZeroCoversRowMinusOneByItsArea() {
        let grid = Self.coverage(top: -0.7, bottom: 3)
        #expect(Self.inside(grid, row: -2) == 0)
        #expect(abs(Self.inside(grid, row: -1) - 179) <= 1, "0.7 of row −1: \(grid[3])")
        #expect(Self.inside(grid, row: 0) == 255)
        #expect(Self.inside(grid, row: 2) == 255)
        #expect(Self.inside(grid, row: 3) == 0)
    }

    @Test func aShapeWithinRowMinusOneStaysThere() {
        let grid = Self.coverage(top: -0.7, bottom: -0.2)
        #expect(abs(Self.inside(grid, row: -1) - 128) <= 1, "0.5 of row −1: \(grid[3])")
        #expect(grid.enumerated().allSatisfy { $0.offset == 3 || $0.element.allSatisfy { $0 == 0 } }, "\(grid)")
    }
}
