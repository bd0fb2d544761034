import CutoutRaster

extension Pixmap {
    /// The first pixel with a colour channel above its alpha, which premultiplied RGBA8 can
    /// never hold (a blend or blur that forgot to clamp), as "(x, y) r g b a"; nil when none.
    package var premultipliedViolation: String? {
        for y in 0..<height {
            for x in 0..<width {
                let p = self[x, y]
                if p.r > p.a || p.g > p.a || p.b > p.a { return "(\(x), \(y)) \(p.r) \(p.g) \(p.b) \(p.a)" }
            }
        }
        return nil
    }
}
