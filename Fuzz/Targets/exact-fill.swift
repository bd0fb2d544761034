import CutoutGeometry
import Foundation
import CutoutRaster
import struct CutoutGeometry.Transform

// Exact overlap coverage (DrawingContext.exactOverlapCoverage) against the 128-sub-row
// reference: polygons on a quarter-pixel grid, so that level edges, repeated points, shared
// vertices, sides running along one another and windings stacked inside one pixel row are
// common. Invariant: every pixel's alpha within 4/255 of the reference (the bound of
// ReferenceRasterizerTests), under both rules. It guards the row checks and the contour test
// that lets a path skip them (Rasterizer+SimpleContours.swift).
//
// Input: byte 0 picks the rule (bit 0) and a scale (bits 1-2: 1, 2, 0.5 or 3); then contours,
// each a length byte (3 to 14 points) and two bytes per point, x and y in quarter pixels
// from -2 to 22 on a 20 × 20 canvas (in points, before the scale).

private let canvas = 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExactFill(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count >= 8 else { return 0 }
    let rule: FillRule = bytes[0] & 1 == 0 ? .winding : .evenOdd
    let scale: CGFloat = [1, 2, 0.5, 3][Int(bytes[0] >> 1) & 3]
    var path = Path()
    var i = 1
    var contours = 0
    while i < bytes.count, contours < 6 {
        let count = 3 + Int(bytes[i]) % 12
        i += 1
        guard i + 2 * count <= bytes.count else { break }
        for k in 0..<count {
            let p = CGPoint(x: CGFloat(Int(bytes[i + 2 * k]) % 97) / 4 - 2, y: CGFloat(Int(bytes[i + 2 * k + 1]) % 97) / 4 - 2)
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        i += 2 * count
        contours += 1
    }
    guard contours > 0 else { return 0 }
    let side = Int((CGFloat(canvas) * scale).rounded(.up))
    let transform = Transform(scaleX: scale, y: scale)
    guard var ctx = try? DrawingContext(width: side, height: side) else { return 0 }
    ctx.exactOverlapCoverage = true
    ctx.concatenate(transform)
    ctx.setFillColor(.black)
    ctx.fill(path, using: rule)
    requireValidPixmap(ctx.pixmap, width: side, height: side, "exact fill")
    let reference = ReferenceRasterizer.coverage(of: path, transform: transform, rule: rule, width: side, height: side)
    let difference = ReferenceRasterizer.compareAlpha(ctx.pixmap, to: reference)
    require(difference.max <= 4, "\(rule) at scale \(scale): alpha \(difference.max)/255 from the reference (mean \(difference.mean)) for \(path.svgPathData)")
    return 0
}
