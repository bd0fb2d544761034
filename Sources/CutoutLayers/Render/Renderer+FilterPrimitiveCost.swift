import Foundation
import CutoutRaster

extension Renderer.PlacedFilter {
    /// A length of the primitives' units as device pixels along x and y (0 when not finite).
    func deviceScales(_ v: CGFloat) -> CGSize {
        let unit = unitScale, device = deviceScale
        func length(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
            let l = v * a * b
            return l.isFinite ? l : 0
        }
        return CGSize(width: length(unit.width, device.width), height: length(unit.height, device.height))
    }

    /// `feMorphology`'s radii as whole device pixels, rounded up (as resvg); 0 for a radius
    /// that is not positive or not finite, and at most 2³⁰ (the filter cuts them to the image).
    func deviceRadii(_ rx: CGFloat, _ ry: CGFloat) -> (x: Int, y: Int) {
        func whole(_ v: CGFloat, _ l: CGFloat) -> Int {
            guard v.isFinite, v > 0, l.isFinite, l > 0 else { return 0 }
            return Int(min(l.rounded(.up), 1_073_741_824))
        }
        let x = deviceScales(rx).width, y = deviceScales(ry).height
        return (whole(rx, x), whole(ry, y))
    }

    /// The work of the primitives whose cost per pixel is more than one visit: `feMorphology`
    /// sweeps each line three times per axis; `feConvolveMatrix` visits one pixel per
    /// non-zero kernel value.
    func extendedCost(_ p: FilterPrimitive, width w: Int, height h: Int) -> Int {
        let pixels = w * h
        switch p.effect {
        case .morphology: return pixels * 6
        case .convolveMatrix(_, let m):
            let taps = m.isValid ? max(1, m.kernelMatrix.filter { $0 != 0 }.count) : 1
            let cost = pixels.multipliedReportingOverflow(by: taps)
            return cost.overflow ? Int.max : cost.partialValue
        default: return pixels
        }
    }
}
