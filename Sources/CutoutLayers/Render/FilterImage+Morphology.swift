import Foundation
import CutoutRaster

extension FilterImage {
    /// Each channel's smallest (erode) or largest (dilate) value over the window from `x − rx`
    /// to `x + rx − 1` and from `y − ry` to `y + ry − 1` (`feMorphology`); a radius of 0 leaves
    /// its axis alone. Transparent black lies beyond the edges.
    func morphology(_ op: FilterMorphologyOperator, radiusX: Int, radiusY: Int) -> FilterImage {
        let w = pixels.width, h = pixels.height
        var out = pixels
        let erode = op == .erode
        // Radii past the image change nothing more: every window then covers the line and the
        // outside, so the result is uniform already.
        let rx = min(max(radiusX, 0), w + 1), ry = min(max(radiusY, 0), h + 1)
        out.data.withUnsafeMutableBufferPointer { px in
            if rx > 0 {
                var line = [UInt8](repeating: 0, count: w)
                for y in 0..<h {
                    for c in 0..<4 {
                        for x in 0..<w { line[x] = px[(y * w + x) * 4 + c] }
                        let result = FilterImage.windowExtreme(line, before: rx, after: rx - 1, minimum: erode)
                        for x in 0..<w { px[(y * w + x) * 4 + c] = result[x] }
                    }
                }
            }
            if ry > 0 {
                var line = [UInt8](repeating: 0, count: h)
                for x in 0..<w {
                    for c in 0..<4 {
                        for y in 0..<h { line[y] = px[(y * w + x) * 4 + c] }
                        let result = FilterImage.windowExtreme(line, before: ry, after: ry - 1, minimum: erode)
                        for y in 0..<h { px[(y * w + x) * 4 + c] = result[y] }
                    }
                }
            }
        }
        return FilterImage(pixels: out, space: space)
    }

    /// For each index `i`, the smallest or largest of `line[i − before ... i + after]`, 0
    /// outside the line. Van Herk / Gil-Werman: running extremes within blocks of the window's
    /// size, forwards and backwards, so that each window is the extreme of two lookups and the
    /// cost does not depend on the window.
    static func windowExtreme(_ line: [UInt8], before: Int, after: Int, minimum: Bool) -> [UInt8] {
        let n = line.count, k = before + after + 1
        guard n > 0, k > 1 else { return line }
        // The line padded with zeros: padded[j] = line[j − before].
        let m = n + k - 1
        var padded = [UInt8](repeating: 0, count: m)
        for i in 0..<n { padded[i + before] = line[i] }
        func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { minimum ? min(a, b) : max(a, b) }
        var forward = padded, backward = padded
        for j in 1..<m where j % k != 0 { forward[j] = pick(forward[j - 1], padded[j]) }
        var j = m - 2
        while j >= 0 {
            if (j + 1) % k != 0 { backward[j] = pick(backward[j + 1], padded[j]) }
            j -= 1
        }
        // The window of output i is padded[i ... i + k − 1].
        return (0..<n).map { i in pick(backward[i], forward[i + k - 1]) }
    }
}
