import Foundation
import CutoutRaster

extension FilterTransferFunction {
    /// The function on the 256 channel values, as an 8-bit table (results truncated).
    var table: [UInt8] {
        func finite(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 0 }
        let f: (Double) -> Double
        switch self {
        case .identity:
            return (0..<256).map { UInt8($0) }
        case .table(let values):
            guard !values.isEmpty else { return (0..<256).map { UInt8($0) } }
            let v = values.map(finite), n = v.count - 1
            f = { c in
                guard n > 0, c < 1 else { return v[n] }
                let k = min(Int(c * Double(n)), n - 1)
                return v[k] + (c - Double(k) / Double(n)) * Double(n) * (v[k + 1] - v[k])
            }
        case .discrete(let values):
            guard !values.isEmpty else { return (0..<256).map { UInt8($0) } }
            let v = values.map(finite), n = v.count
            f = { c in v[min(Int(c * Double(n)), n - 1)] }
        case .linear(let slope, let intercept):
            let s = finite(slope), i = finite(intercept)
            f = { c in s * c + i }
        case .gamma(let amplitude, let exponent, let offset):
            let a = finite(amplitude), e = finite(exponent), o = finite(offset)
            f = { c in a * pow(c, e) + o }
        }
        return (0..<256).map { i in
            let v = f(Double(i) / 255)
            // Truncated, as resvg (and our colour matrix) do.
            return v.isNaN ? 0 : UInt8(min(max(v, 0), 1) * 255)
        }
    }
}

extension FilterImage {
    /// Each unpremultiplied channel mapped through its function (`feComponentTransfer`).
    func componentTransfer(_ transfer: FilterComponentTransfer) -> FilterImage {
        let r = transfer.red.table, g = transfer.green.table, b = transfer.blue.table, a = transfer.alpha.table
        var out = pixels
        out.data.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let alpha = px[i + 3]
                var c: (UInt8, UInt8, UInt8) = (0, 0, 0)
                if alpha > 0 {
                    let f = Float(alpha) / 255
                    func straight(_ v: UInt8) -> UInt8 { UInt8(min(Float(v) / f + 0.5, 255)) }
                    c = (straight(px[i]), straight(px[i + 1]), straight(px[i + 2]))
                }
                let na = Float(a[Int(alpha)]) / 255
                px[i] = UInt8(Float(r[Int(c.0)]) * na + 0.5)
                px[i + 1] = UInt8(Float(g[Int(c.1)]) * na + 0.5)
                px[i + 2] = UInt8(Float(b[Int(c.2)]) * na + 0.5)
                px[i + 3] = a[Int(alpha)]
                i += 4
            }
        }
        return FilterImage(pixels: out, space: space)
    }
}
