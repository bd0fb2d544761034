import Foundation
import CutoutLayers

extension SVGWriter {
    /// `feComponentTransfer` with one `feFunc*` child per channel that is not the identity.
    static func componentTransfer(_ t: FilterComponentTransfer) -> String {
        [("feFuncR", t.red), ("feFuncG", t.green), ("feFuncB", t.blue), ("feFuncA", t.alpha)].map { tag, f in
            let attrs: [(String, String)]
            switch f {
            case .identity: return ""
            case .table(let v): attrs = [("type", "table"), ("tableValues", v.map(number).joined(separator: " "))]
            case .discrete(let v): attrs = [("type", "discrete"), ("tableValues", v.map(number).joined(separator: " "))]
            case .linear(let s, let i): attrs = [("type", "linear"), ("slope", number(s)), ("intercept", number(i))]
            case .gamma(let a, let e, let o): attrs = [("type", "gamma"), ("amplitude", number(a)), ("exponent", number(e)), ("offset", number(o))]
            }
            return "<" + tag + attributes(attrs) + "/>"
        }.joined()
    }
}
