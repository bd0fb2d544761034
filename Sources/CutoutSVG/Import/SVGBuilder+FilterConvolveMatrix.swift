import Foundation
import CutoutLayers

extension SVGBuilder {
    /// `feConvolveMatrix`: `order` (one or two positive integers, default 3), `kernelMatrix`,
    /// `divisor` (absent or invalid: the kernel's sum; 0 is an error), `bias`, `targetX`, `targetY`, `edgeMode`
    /// (default `duplicate`) and `preserveAlpha`. A value the specification calls an error
    /// (an order that is not a positive integer or passes ``FilterConvolveMatrix/maxOrder``,
    /// a kernel of the wrong length, a target outside the kernel, a divisor of 0) is kept as read, and the
    /// primitive renders transparent black (``FilterConvolveMatrix/isValid``), with a warning.
    func convolveMatrixEffect(_ fe: SVGNode) -> FilterEffect {
        /// An integer; a fractional or out-of-range value becomes -1 (invalid).
        func integer(_ v: CGFloat) -> Int { v.isFinite && v.rounded() == v && abs(v) <= 1_000_000 ? Int(v) : -1 }
        var ox = 3, oy = 3
        if let list = numbers(fe, "order") {
            switch list.count {
            case 1: (ox, oy) = (integer(list[0]), integer(list[0]))
            case 2: (ox, oy) = (integer(list[0]), integer(list[1]))
            default: (ox, oy) = (0, 0)
            }
        }
        func target(_ name: String) -> Int? {
            guard let list = numbers(fe, name) else { return nil }
            return list.count == 1 ? integer(list[0]) : -1
        }
        let edge: FilterEdgeMode
        switch fe.attributes["edgeMode"]?.trimmingCharacters(in: .whitespaces) {
        case "none": edge = .none
        case "wrap": edge = .wrap
        default: edge = .duplicate
        }
        let divisor = numbers(fe, "divisor").flatMap { $0.count == 1 ? $0[0] : nil }
        let m = FilterConvolveMatrix(orderX: ox, orderY: oy, kernelMatrix: numbers(fe, "kernelMatrix") ?? [],
                                     divisor: divisor, bias: number(fe, "bias", default: 0),
                                     targetX: target("targetX"), targetY: target("targetY"), edgeMode: edge,
                                     preserveAlpha: fe.attributes["preserveAlpha"]?.trimmingCharacters(in: .whitespaces) == "true")
        if !m.isValid {
            warn(fe.line, "invalid feConvolveMatrix (order \(ox)×\(oy), at most \(FilterConvolveMatrix.maxOrder); "
                 + "\(m.kernelMatrix.count) kernel values; target \(m.targetX), \(m.targetY)); it gives transparent black")
        }
        return .convolveMatrix(input(fe, "in"), m)
    }
}
