import Foundation
import CutoutRaster
import struct CutoutGeometry.Transform

/// The Perlin noise of `feTurbulence`, written from the reference algorithm of the Filter
/// Effects specification (section "feTurbulence"): a lattice of 256 pseudo-random gradients
/// per channel, shuffled by the specification's Park–Miller generator, so that every engine
/// following it draws the same noise for the same seed.
struct TurbulenceNoise {
    private static let latticeSize = 0x100
    private static let latticeMask = 0xff
    /// Added to coordinates so that small negative ones still index the lattice the same way.
    private static let perlinN = 0x1000

    /// `uLatticeSelector`: a permutation of 0..<256, repeated so that `i + j` stays in range.
    private var lattice: [Int]
    /// `fGradient`: per lattice entry, four unit vectors (one per channel R, G, B, A), as
    /// x0 y0 x1 y1 … x3 y3.
    private var gradients: [SIMD8<Double>]

    /// The specification's generator: Park and Miller's minimal standard (a = 16807, m = 2³¹ − 1),
    /// with Schrage's method so that nothing overflows 32 bits.
    static func random(_ seed: Int) -> Int {
        let m = 2_147_483_647, a = 16807, q = 127_773, r = 2836
        var result = a * (seed % q) - r * (seed / q)
        if result <= 0 { result += m }
        return result
    }

    /// The lattice for `seed` (already a whole number): seeds at or below 0 are folded to
    /// positive ones and large ones clamped, as the specification's `setup_seed`.
    init(seed: Int) {
        let n = Self.latticeSize
        let m = 2_147_483_647
        var s = seed
        if s <= 0 { s = -(s % (m - 1)) + 1 }
        if s > m - 1 { s = m - 1 }
        lattice = Array(0..<(n + n + 2))
        var g = [[SIMD2<Double>]](repeating: [SIMD2<Double>](repeating: .zero, count: n + n + 2), count: 4)
        for k in 0..<4 {
            for i in 0..<n {
                var v = SIMD2<Double>.zero
                for j in 0..<2 {
                    s = Self.random(s)
                    v[j] = Double(s % (n + n) - n) / Double(n)
                }
                let length = (v.x * v.x + v.y * v.y).squareRoot()
                // A zero vector cannot come out of the generator's odd values: (s % 512) − 256 is
                // 0 only for s ≡ 256, and then the other component decides; guard anyway.
                g[k][i] = length > 0 ? v / length : .zero
            }
        }
        var i = n - 1
        while i > 0 {
            s = Self.random(s)
            let j = s % n
            lattice.swapAt(i, j)
            i -= 1
        }
        for i in 0..<(n + 2) {
            lattice[n + i] = lattice[i]
            for k in 0..<4 { g[k][n + i] = g[k][i] }
        }
        gradients = (0..<(n + n + 2)).map { i in
            SIMD8(g[0][i].x, g[0][i].y, g[1][i].x, g[1][i].y, g[2][i].x, g[2][i].y, g[3][i].x, g[3][i].y)
        }
    }

    /// How the lattice wraps so that the noise tiles a rectangle (the specification's `StitchInfo`).
    struct Stitch {
        var width: Int, height: Int
        var wrapX: Int, wrapY: Int
    }

    /// `noise2` for the four channels at once, at lattice coordinates `(x, y)`.
    private func noise(_ x: Double, _ y: Double, _ stitch: Stitch?) -> SIMD4<Double> {
        let tx = x + Double(Self.perlinN), ty = y + Double(Self.perlinN)
        // Coordinates past 2⁵² have no fractional part left and would overflow Int: they read 0.
        guard abs(tx) < 0x1p52, abs(ty) < 0x1p52 else { return .zero }
        let ix = Int(tx), iy = Int(ty)
        var bx0 = ix & Self.latticeMask, bx1 = (bx0 + 1) & Self.latticeMask
        var by0 = iy & Self.latticeMask, by1 = (by0 + 1) & Self.latticeMask
        let rx0 = tx - Double(ix), rx1 = rx0 - 1
        let ry0 = ty - Double(iy), ry1 = ry0 - 1
        if let s = stitch {
            if bx0 >= s.wrapX { bx0 -= s.width }
            if bx1 >= s.wrapX { bx1 -= s.width }
            if by0 >= s.wrapY { by0 -= s.height }
            if by1 >= s.wrapY { by1 -= s.height }
        }
        bx0 &= Self.latticeMask; bx1 &= Self.latticeMask
        by0 &= Self.latticeMask; by1 &= Self.latticeMask
        let i = lattice[bx0], j = lattice[bx1]
        let q00 = gradients[lattice[i + by0]], q10 = gradients[lattice[j + by0]]
        let q01 = gradients[lattice[i + by1]], q11 = gradients[lattice[j + by1]]
        func dot(_ q: SIMD8<Double>, _ rx: Double, _ ry: Double) -> SIMD4<Double> {
            SIMD4(q[0], q[2], q[4], q[6]) * rx + SIMD4(q[1], q[3], q[5], q[7]) * ry
        }
        let sx = rx0 * rx0 * (3 - 2 * rx0), sy = ry0 * ry0 * (3 - 2 * ry0)
        let u0 = dot(q00, rx0, ry0), v0 = dot(q10, rx1, ry0)
        let a = u0 + sx * (v0 - u0)
        let u1 = dot(q01, rx0, ry1), v1 = dot(q11, rx1, ry1)
        let b = u1 + sx * (v1 - u1)
        return a + sy * (b - a)
    }

    /// The specification's `turbulence()` for the four channels at `point`: the sum of
    /// `octaves` octaves, each at twice the frequency and half the weight of the one before
    /// (absolute values for ``FilterTurbulenceType/turbulence``).
    func sum(at point: (x: Double, y: Double), frequency: (x: Double, y: Double), octaves: Int,
             type: FilterTurbulenceType, stitch: Stitch?) -> SIMD4<Double> {
        var total = SIMD4<Double>.zero
        var x = point.x * frequency.x, y = point.y * frequency.y
        var ratio = 1.0
        var stitch = stitch
        for _ in 0..<octaves {
            let n = noise(x, y, stitch)
            total += (type == .fractalNoise ? n : SIMD4(abs(n.x), abs(n.y), abs(n.z), abs(n.w))) / ratio
            x *= 2; y *= 2; ratio *= 2
            if var s = stitch {
                // The specification's update: subtracting PerlinN before doubling and adding it after.
                s.width *= 2; s.wrapX = 2 * s.wrapX - Self.perlinN
                s.height *= 2; s.wrapY = 2 * s.wrapY - Self.perlinN
                stitch = s
            }
        }
        return total
    }

    /// The frequencies adjusted so that a whole number of lattice cells spans `tile` (the
    /// nearer of the two neighbours, by ratio), and the wrap values for it. As written in the
    /// specification, `noise2` compares the wrap values (about 4096 plus the tile's cells) with
    /// lattice indices already reduced to 0...255, so the wrap only acts for tiles far to the
    /// left or above the origin; resvg follows the same code. nil when the tile
    /// is empty or so large against the frequency that the lattice indices would overflow
    /// (stitching is then dropped: such a tile is far beyond any visible repeat).
    static func stitch(_ frequency: (x: Double, y: Double), tile: CGRect) -> (frequency: (x: Double, y: Double), stitch: Stitch)? {
        let tx = Double(tile.minX), ty = Double(tile.minY), tw = Double(tile.width), th = Double(tile.height)
        guard tw > 0, th > 0, tw.isFinite, th.isFinite, tx.isFinite, ty.isFinite else { return nil }
        func adjust(_ f: Double, _ size: Double) -> Double {
            guard f != 0 else { return f }
            let lo = (size * f).rounded(.down) / size, hi = (size * f).rounded(.up) / size
            return f / lo < hi / f ? lo : hi
        }
        let fx = adjust(frequency.x, tw), fy = adjust(frequency.y, th)
        // Every octave doubles these values: keep 2^maxOctaves of them within Int.
        let limit = 0x1p40
        let cells = [tw * fx, th * fy, tx * fx, ty * fy]
        guard cells.allSatisfy({ $0.isFinite && abs($0) < limit }) else { return nil }
        let width = Int(tw * fx + 0.5), height = Int(th * fy + 0.5)
        let s = Stitch(width: width, height: height,
                       wrapX: Int(tx * fx + Double(perlinN) + Double(width)), wrapY: Int(ty * fy + Double(perlinN) + Double(height)))
        return ((fx, fy), s)
    }
}

extension FilterImage {
    /// `feTurbulence` over an image the size of `template` whose pixel (0, 0) is device pixel
    /// `origin`: each pixel's device position is taken back to user space by `ctm` and the
    /// noise sampled there (no half-pixel offset, as resvg). The channel values are taken as
    /// colours in `space`, unpremultiplied, then premultiplied.
    static func turbulence(like template: Pixmap, origin: (x: Int, y: Int), ctm: Transform, space: FilterColorSpace,
                           baseFrequency: (x: CGFloat, y: CGFloat), octaves: Int, seed: CGFloat,
                           type: FilterTurbulenceType, stitchTile: CGRect?) -> FilterImage {
        var out = template
        out.fill(.transparent)
        let octaves = min(max(octaves, 0), FilterTurbulenceType.maxOctaves)
        // A negative frequency is an error in SVG; resvg draws transparent black, and so do we.
        guard octaves > 0, baseFrequency.x >= 0, baseFrequency.y >= 0, baseFrequency.x.isFinite, baseFrequency.y.isFinite,
              let inverse = ctm.inverted() else { return FilterImage(pixels: out, space: space) }
        // The specification truncates the seed towards zero; seeds past ±2³¹ all fold to the same values.
        let wholeSeed = seed.isFinite ? Int(min(max(seed, -0x1p31), 0x1p31).rounded(.towardZero)) : 0
        let noise = TurbulenceNoise(seed: wholeSeed)
        var frequency = (x: Double(baseFrequency.x), y: Double(baseFrequency.y))
        var stitch: TurbulenceNoise.Stitch?
        if let tile = stitchTile, let s = TurbulenceNoise.stitch(frequency, tile: tile) {
            frequency = s.frequency
            stitch = s.stitch
        }
        let w = out.width, h = out.height
        let (a, b, c, d) = (Double(inverse.a), Double(inverse.b), Double(inverse.c), Double(inverse.d))
        let (tx, ty) = (Double(inverse.tx), Double(inverse.ty))
        out.data.withUnsafeMutableBufferPointer { px in
            for j in 0..<h {
                let dy = Double(origin.y + j)
                for i in 0..<w {
                    let dx = Double(origin.x + i)
                    let point = (x: a * dx + c * dy + tx, y: b * dx + d * dy + ty)
                    let n = noise.sum(at: point, frequency: frequency, octaves: octaves, type: type, stitch: stitch)
                    // Typed: with the literals left to inference this line took half a second to compile.
                    let scaled: SIMD4<Double> = n * 255
                    let v: SIMD4<Double> = type == .fractalNoise ? (scaled + 255) / 2 : scaled
                    // Truncated to 8 bits as resvg does, then premultiplied (rounded).
                    let clamped = v.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
                    let alpha = UInt32(clamped.w)
                    func channel(_ value: Double) -> UInt8 {
                        let t = UInt32(value) * alpha + 128
                        return UInt8((t + (t >> 8)) >> 8)
                    }
                    let k = (j * w + i) * 4
                    px[k] = channel(clamped.x); px[k + 1] = channel(clamped.y); px[k + 2] = channel(clamped.z)
                    px[k + 3] = UInt8(alpha)
                }
            }
        }
        return FilterImage(pixels: out, space: space)
    }
}

extension FilterImage {
    /// The work of `feTurbulence` per pixel, in the units of ``Filter/pixelBudget(canvasWidth:canvasHeight:)``:
    /// four per octave (each octave evaluates four noise channels, each about as costly as
    /// one pixel of a blur pass), at least 1.
    static func turbulenceCost(octaves: Int) -> Int {
        max(1, 4 * min(max(octaves, 0), FilterTurbulenceType.maxOctaves))
    }
}
