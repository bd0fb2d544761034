import Foundation
import CutoutRaster
import struct CutoutGeometry.Transform

/// A light source placed on the pixels of a filter image: positions in pixels of the image
/// (x right, y down, z towards the viewer).
struct PlacedLight {
    enum Kind {
        /// The unit vector towards the light.
        case distant(SIMD3<Double>)
        case point(SIMD3<Double>)
        /// Position, unit axis from the light towards where it points, fall-off exponent and
        /// the cosine of the cone's half angle (nil: no cone).
        case spot(SIMD3<Double>, axis: SIMD3<Double>, exponent: Double, cosCone: Double?)
    }
    let kind: Kind

    /// `light` (in user space, or box fractions when `box` is given) on the image whose pixel
    /// (0, 0) is device pixel `origin`. Heights (`z`) scale as the CTM's lengths do on
    /// average, `√((a² + b² + c² + d²) / 2)`, the scale a uniform zoom gives.
    init(_ light: FilterLightSource, ctm: Transform, origin: (x: Int, y: Int), box: CGRect?) {
        func finite(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 0 }
        let zScale = Double(((ctm.a * ctm.a + ctm.b * ctm.b + ctm.c * ctm.c + ctm.d * ctm.d) / 2).squareRoot())
        func place(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> SIMD3<Double> {
            var (ux, uy, uz) = (finite(x), finite(y), finite(z))
            if let b = box {
                ux = Double(b.minX) + ux * Double(b.width)
                uy = Double(b.minY) + uy * Double(b.height)
                uz *= Double(((b.width * b.width + b.height * b.height) / 2).squareRoot())
            }
            let dx = Double(ctm.a) * ux + Double(ctm.c) * uy + Double(ctm.tx) - Double(origin.x)
            let dy = Double(ctm.b) * ux + Double(ctm.d) * uy + Double(ctm.ty) - Double(origin.y)
            return SIMD3(dx, dy, uz * zScale)
        }
        switch light {
        case .distant(let azimuth, let elevation):
            let az = finite(azimuth) * .pi / 180, el = finite(elevation) * .pi / 180
            kind = .distant(SIMD3(cos(az) * cos(el), sin(az) * cos(el), sin(el)))
        case .point(let x, let y, let z):
            kind = .point(place(x, y, z))
        case .spot(let x, let y, let z, let px, let py, let pz, let exponent, let cone):
            let p = place(x, y, z), at = place(px, py, pz)
            let axis = at - p
            let length = (axis * axis).sum().squareRoot()
            let cosCone = cone.flatMap { $0.isFinite ? cos(Double(min(abs($0), 90)) * .pi / 180) : nil }
            // A negative exponent counts as the default 1, as resvg draws it.
            kind = .spot(p, axis: length > 0 ? axis / length : .zero, exponent: exponent < 0 ? 1 : finite(exponent), cosCone: cosCone)
        }
    }

    /// The unit vector from the surface point `p` to the light, and the light's colour factor
    /// there (1, or the spot light's fall-off; 0 outside its cone).
    @inline(__always)
    func toLight(from p: SIMD3<Double>) -> (SIMD3<Double>, Double) {
        switch kind {
        case .distant(let l): return (l, 1)
        case .point(let position): return (Self.unit(position - p), 1)
        case .spot(let position, let axis, let exponent, let cosCone):
            let l = Self.unit(position - p)
            let minusLS = -(l * axis).sum()
            guard minusLS > 0 else { return (l, 0) }
            if let c = cosCone, minusLS < c { return (l, 0) }
            let f = Foundation.pow(minusLS, exponent)
            return (l, f.isFinite ? f : 0)
        }
    }

    @inline(__always)
    static func unit(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let length = (v * v).sum().squareRoot()
        return length > 0 ? v / length : .zero
    }
}

extension FilterImage {
    /// The work of a lighting primitive per pixel, in the units of
    /// ``Filter/pixelBudget(canvasWidth:canvasHeight:)``: a 3×3 neighbourhood, a normal and a
    /// light vector to normalize, about four blur pixels' worth.
    static let lightingCost = 4

    /// Which lighting model ``lighting(_:light:surfaceScale:color:model:)`` computes.
    enum LightingModel {
        /// `kd · N·L · colour`, opaque (`feDiffuseLighting`).
        case diffuse(constant: Double)
        /// `ks · (N·H)^exponent · colour`, alpha the largest channel (`feSpecularLighting`).
        case specular(constant: Double, exponent: Double)
    }

    /// The Filter Effects lighting of this image's alpha as a height map (`surfaceScale · A`),
    /// lit by `light` with `color` (straight, in `0...1`, already in the primitive's colour
    /// space), in colour space `space`. The surface normal at each pixel comes from the
    /// specification's Sobel kernels, with the reduced kernels and factors it gives for edge
    /// and corner pixels (an image one pixel wide or tall counts as having no slope across).
    func lighting(light: PlacedLight, surfaceScale: CGFloat, color: SIMD3<Double>, model: LightingModel,
                  space: FilterColorSpace) -> FilterImage {
        let w = pixels.width, h = pixels.height
        var out = pixels
        let scale = surfaceScale.isFinite ? Double(surfaceScale) : 0
        // The heights are read from the input's alpha bytes as they are (no copy: the image
        // may be as large as the offscreen cap allows).
        pixels.data.withUnsafeBufferPointer { input in
            out.data.withUnsafeMutableBufferPointer { px in
                for y in 0..<h {
                    for x in 0..<w {
                        let n = Self.normal(input, w, h, x, y, scale)
                        let surface = SIMD3(Double(x), Double(y), scale * Double(input[(y * w + x) * 4 + 3]) / 255)
                        let (l, falloff) = light.toLight(from: surface)
                        var rgb: SIMD3<Double>
                        switch model {
                        case .diffuse(let kd):
                            rgb = color * (kd * (n * l).sum() * falloff)
                        case .specular(let ks, let exponent):
                            let nh = (n * PlacedLight.unit(l + SIMD3(0, 0, 1))).sum()
                            rgb = color * (ks * (nh > 0 ? Foundation.pow(nh, exponent) : 0) * falloff)
                        }
                        rgb = rgb.replacing(with: 0, where: .!(rgb .> 0)).replacing(with: 1, where: rgb .> 1)
                        // The diffuse result is opaque. The specular colour is taken as already
                        // premultiplied by its alpha, the largest channel (it is never above it), as
                        // resvg and browsers draw it. 8 bits, truncated as resvg.
                        let a: Double
                        if case .specular = model { a = max(rgb.x, rgb.y, rgb.z) } else { a = 1 }
                        let k = (y * w + x) * 4
                        px[k] = UInt8(rgb.x * 255); px[k + 1] = UInt8(rgb.y * 255); px[k + 2] = UInt8(rgb.z * 255)
                        px[k + 3] = UInt8(a * 255)
                    }
                }
            }
        }
        return FilterImage(pixels: out, space: space)
    }

    /// The unit surface normal at `(x, y)`: `(−surfaceScale·Nx, −surfaceScale·Ny, 1)` normalized,
    /// where `Nx` and `Ny` are the specification's Sobel sums times their factors.
    @inline(__always)
    static func normal(_ rgba: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ x: Int, _ y: Int, _ scale: Double) -> SIMD3<Double> {
        func at(_ dx: Int, _ dy: Int) -> Double { Double(rgba[((y + dy) * w + (x + dx)) * 4 + 3]) / 255 }
        let left = x > 0, right = x < w - 1, top = y > 0, bottom = y < h - 1
        // Columns −1, 0, +1 that exist, and rows likewise: the specification's kernels are the
        // full Sobel kernels with the missing row or column dropped and the centre weighted
        // twice in its place, with factors 1/4 (interior), 1/3 or 1/2 (edges), 2/3 (corners).
        var nx = 0.0, ny = 0.0
        if left || right {
            // d/dx: rows above and below weigh 1, the pixel's own row 2.
            let x0 = left ? -1 : 0, x1 = right ? 1 : 0
            var sum = 0.0, weight = 0.0
            for dy in -1...1 {
                if dy == -1 && !top || dy == 1 && !bottom { continue }
                let k = dy == 0 ? 2.0 : 1.0
                sum += k * (at(x1, dy) - at(x0, dy))
                weight += k
            }
            // The specification's factor: 2 / (row weights · column distance).
            nx = 2 * sum / (weight * Double(x1 - x0))
        }
        if top || bottom {
            let y0 = top ? -1 : 0, y1 = bottom ? 1 : 0
            var sum = 0.0, weight = 0.0
            for dx in -1...1 {
                if dx == -1 && !left || dx == 1 && !right { continue }
                let k = dx == 0 ? 2.0 : 1.0
                sum += k * (at(dx, y1) - at(dx, y0))
                weight += k
            }
            ny = 2 * sum / (weight * Double(y1 - y0))
        }
        return PlacedLight.unit(SIMD3(-scale * nx, -scale * ny, 1))
    }
}

extension Renderer {
    /// `feDiffuseLighting` or `feSpecularLighting` on `input`, in colour space `space`. A
    /// specular exponent outside `1...128` (the specification's range) gives transparent
    /// black, as resvg.
    func lighting(_ effect: FilterEffect, _ placed: PlacedFilter, input: FilterImage, space: FilterColorSpace) -> FilterImage {
        let scale: CGFloat, color: Color, light: FilterLightSource, model: FilterImage.LightingModel
        switch effect {
        case .diffuseLighting(_, let s, let kd, let c, let l):
            (scale, color, light) = (s, c, l)
            model = .diffuse(constant: kd.isFinite ? Double(kd) : 0)
        case .specularLighting(_, let s, let ks, let exponent, let c, let l):
            (scale, color, light) = (s, c, l)
            guard (1...128).contains(exponent) else {
                return FilterImage(pixels: input.cleared(), space: space)
            }
            model = .specular(constant: ks.isFinite ? Double(ks) : 0, exponent: Double(exponent))
        default:
            return input
        }
        let box = placed.filter.primitiveUnits == .objectBoundingBox ? placed.box : nil
        let placedLight = PlacedLight(light, ctm: placed.ctm, origin: (placed.region.x0, placed.region.y0), box: box)
        // The light's colour is sRGB: in linearRGB its 8-bit channels go through the same table as images.
        let p = color.withAlphaComponent(1).premultiplied
        func channel(_ v: UInt8) -> Double { Double(space == .linearRGB ? FilterImage.toLinear[Int(v)] : v) / 255 }
        return input.lighting(light: placedLight, surfaceScale: scale, color: SIMD3(channel(p.r), channel(p.g), channel(p.b)),
                              model: model, space: space)
    }
}
