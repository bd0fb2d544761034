import Foundation
import CutoutLayers

extension SVGBuilder {
    /// `feComponentTransfer`: the last `feFuncR`, `feFuncG`, `feFuncB` and `feFuncA` child
    /// each give a channel's function; a missing child, a missing or unknown `type` and a
    /// `table` or `discrete` without valid `tableValues` give the identity (as resvg).
    /// `slope`, `intercept`, `amplitude`, `exponent` and `offset` default to 1, 0, 1, 1, 0.
    func componentTransferEffect(_ fe: SVGNode) throws(SVGError) -> FilterEffect {
        var transfer = FilterComponentTransfer()
        for child in fe.children {
            try visit(child)
            let function = transferFunction(child)
            switch child.name {
            case "feFuncR": transfer.red = function
            case "feFuncG": transfer.green = function
            case "feFuncB": transfer.blue = function
            case "feFuncA": transfer.alpha = function
            default: continue
            }
        }
        return .componentTransfer(input(fe, "in"), transfer)
    }

    private func transferFunction(_ node: SVGNode) -> FilterTransferFunction {
        switch node.attributes["type"]?.trimmingCharacters(in: .whitespaces) {
        case "table": return .table(numbers(node, "tableValues") ?? [])
        case "discrete": return .discrete(numbers(node, "tableValues") ?? [])
        case "linear": return .linear(slope: number(node, "slope", default: 1), intercept: number(node, "intercept", default: 0))
        case "gamma":
            return .gamma(amplitude: number(node, "amplitude", default: 1), exponent: number(node, "exponent", default: 1),
                          offset: number(node, "offset", default: 0))
        case "identity", nil: return .identity
        case let other?:
            warn(node.line, "unknown <\(node.name)> type '\(other.prefix(40))'; identity used")
            return .identity
        }
    }
}
