import Foundation
import CutoutRaster

extension FilterImage {
    /// The pixels of `tile` (a rectangle of this image, cut to it) repeated over the whole
    /// image, the copy at `tile`'s own place unmoved (`feTile`). An empty tile gives
    /// transparent black.
    func tiled(_ tile: (x0: Int, y0: Int, x1: Int, y1: Int)) -> FilterImage {
        let w = pixels.width, h = pixels.height
        let x0 = min(max(tile.x0, 0), w), x1 = min(max(tile.x1, 0), w)
        let y0 = min(max(tile.y0, 0), h), y1 = min(max(tile.y1, 0), h)
        guard x1 > x0, y1 > y0 else { return FilterImage(pixels: cleared(), space: space) }
        let tw = x1 - x0, th = y1 - y0
        var out = pixels
        pixels.data.withUnsafeBufferPointer { src in
            out.data.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let sy = y0 + ((y - y0) % th + th) % th
                    for x in 0..<w {
                        let sx = x0 + ((x - x0) % tw + tw) % tw
                        let from = (sy * w + sx) * 4, to = (y * w + x) * 4
                        dst[to] = src[from]; dst[to + 1] = src[from + 1]; dst[to + 2] = src[from + 2]; dst[to + 3] = src[from + 3]
                    }
                }
            }
        }
        return FilterImage(pixels: out, space: space)
    }
}
