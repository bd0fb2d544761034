import Foundation
import CutoutRaster

extension FilterImage {
    /// This image displaced by `map` (same size, `feDisplacementMap`): the pixel at `(x, y)`
    /// reads this image at `(x + scaleX · (X − ½), y + scaleY · (Y − ½))`, `X` and `Y` the
    /// map's selected channels, unpremultiplied, in `0...1`; positions are rounded down to a
    /// pixel and those outside the image read transparent black. `scaleX`, `scaleY` are in
    /// device pixels.
    func displaced(by map: Pixmap, scaleX: CGFloat, scaleY: CGFloat, xChannel: FilterChannel, yChannel: FilterChannel) -> FilterImage {
        let w = pixels.width, h = pixels.height
        guard map.width == w, map.height == h else { return self }
        let sx = Float(scaleX.isFinite ? min(max(scaleX, -1e6), 1e6) : 0), sy = Float(scaleY.isFinite ? min(max(scaleY, -1e6), 1e6) : 0)
        func index(_ c: FilterChannel) -> Int {
            switch c {
            case .red: return 0
            case .green: return 1
            case .blue: return 2
            case .alpha: return 3
            }
        }
        let cx = index(xChannel), cy = index(yChannel)
        var out = cleared()
        pixels.data.withUnsafeBufferPointer { src in
            map.data.withUnsafeBufferPointer { m in
                out.data.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        for x in 0..<w {
                            let i = (y * w + x) * 4
                            let a = Float(m[i + 3])
                            func channel(_ c: Int) -> Float {
                                guard c != 3 else { return a / 255 }
                                return a > 0 ? min(Float(m[i + c]) / a, 1) : 0
                            }
                            let px = (Float(x) + sx * (channel(cx) - 0.5)).rounded(.down)
                            let py = (Float(y) + sy * (channel(cy) - 0.5)).rounded(.down)
                            guard px >= 0, py >= 0, px < Float(w), py < Float(h) else { continue }
                            let from = (Int(py) * w + Int(px)) * 4
                            dst[i] = src[from]; dst[i + 1] = src[from + 1]; dst[i + 2] = src[from + 2]; dst[i + 3] = src[from + 3]
                        }
                    }
                }
            }
        }
        return FilterImage(pixels: out, space: space)
    }
}
