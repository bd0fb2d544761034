import Foundation

/// One `property: value` of a CSS declaration block, with its `!important` flag.
struct CSSDeclaration: Hashable {
    var name: String
    var value: String
    var important = false
}

/// A CSS selector as SVG style sheets use it: compound selectors (`rect.a#b[x="1"]:first-child`,
/// `*`) joined by the descendant (` `), child (`>`), next-sibling (`+`) and subsequent-sibling
/// (`~`) combinators.
///
/// Supported in a compound: a type or `*`, `#id`, `.class`, attribute tests (`[a]`, `[a=v]`,
/// `~=`, `|=`, `^=`, `$=`, `*=`, values quoted or not) and `:first-child`. The dynamic
/// pseudo-classes (`:hover`, `:link`…) never match a static document, so selectors using them
/// are dropped like unsupported ones (other pseudo-classes, pseudo-elements, namespaces).
struct CSSSelector: Hashable {
    enum Combinator: Hashable { case descendant, child, nextSibling, subsequentSibling }

    enum AttributeOperator: Hashable {
        case exists, equals, includesWord, dashPrefix, prefix, suffix, substring
    }

    struct AttributeTest: Hashable {
        var name: String
        var op: AttributeOperator
        var value: String

        func matches(_ attributes: [String: String]) -> Bool {
            guard let v = attributes[name] else { return false }
            switch op {
            case .exists: return true
            case .equals: return v == value
            case .includesWord: return !value.isEmpty && CSSSelector.words(v).contains(value)
            case .dashPrefix: return v == value || v.hasPrefix(value + "-")
            case .prefix: return !value.isEmpty && v.hasPrefix(value)
            case .suffix: return !value.isEmpty && v.hasSuffix(value)
            case .substring: return !value.isEmpty && v.contains(value)
            }
        }
    }

    struct Compound: Hashable {
        var element: String?
        var id: String?
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var firstChild = false

        /// Only a type, id and classes: the rules the sheet can resolve per (name, id, classes).
        var isSimple: Bool { attributes.isEmpty && !firstChild }
    }

    /// Left to right; the last is the subject, the element the rule applies to.
    var compounds: [Compound]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var combinators: [Combinator]

    var subject: Compound { compounds[compounds.count - 1] }
    /// The subject's type selector (nil for `*` or none).
    var element: String? { subject.element }
    var isSimple: Bool { compounds.count == 1 && subject.isSimple }

    /// CSS specificity (ids, classes + attributes + pseudo-classes, types), packed so that
    /// integer order is CSS order.
    var specificity: Int {
        var ids = 0, classes = 0, types = 0
        for c in compounds {
            if c.id != nil { ids += 1 }
            classes += c.classes.count + c.attributes.count + (c.firstChild ? 1 : 0)
            if c.element != nil { types += 1 }
        }
        return ids * 1_000_000 + min(classes, 999) * 1000 + min(types, 999)
    }

    /// Longest chain of compounds accepted; matching recurses once per compound, so a hostile
    /// selector of thousands of parts is refused rather than recursed into.
    static let maxCompounds = 32

    /// Parses one selector of a list; nil when it uses anything unsupported.
    static func parse(_ text: String) -> CSSSelector? {
        var p = Parser(bytes: Array(text.utf8))
        return p.selector()
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        static func isNameByte(_ b: UInt8) -> Bool {
            (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b >= 0x80
        }

        mutating func skipSpace() -> Bool {
            let start = i
            while let b = peek, Parser.isSpace(b) { i += 1 }
            return i > start
        }

        mutating func name() -> String? {
            let start = i
            while let b = peek, Parser.isNameByte(b) { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }

        mutating func selector() -> CSSSelector? {
            var compounds: [Compound] = []
            var combinators: [Combinator] = []
            _ = skipSpace()
            while true {
                guard let c = compound() else { return nil }
                compounds.append(c)
                guard compounds.count <= CSSSelector.maxCompounds else { return nil }
                let spaced = skipSpace()
                guard let b = peek else { break }
                switch b {
                case UInt8(ascii: ">"): combinators.append(.child); i += 1; _ = skipSpace()
                case UInt8(ascii: "+"): combinators.append(.nextSibling); i += 1; _ = skipSpace()
                case UInt8(ascii: "~"): combinators.append(.subsequentSibling); i += 1; _ = skipSpace()
                default:
                    guard spaced else { return nil }
                    combinators.append(.descendant)
                }
            }
            return compounds.isEmpty ? nil : CSSSelector(compounds: compounds, combinators: combinators)
        }

        mutating func compound() -> Compound? {
            var c = Compound()
            var empty = true
            if peek == UInt8(ascii: "*") {
                i += 1
                empty = false
            } else if let n = name() {
                c.element = n
                empty = false
            }
            if peek == UInt8(ascii: "|") { return nil }  // namespaces
            loop: while let b = peek {
                switch b {
                case UInt8(ascii: "#"):
                    i += 1
                    guard let n = name(), c.id == nil || c.id == n else { return nil }
                    c.id = n
                case UInt8(ascii: "."):
                    i += 1
                    guard let n = name() else { return nil }
                    c.classes.append(n)
                case UInt8(ascii: "["):
                    i += 1
                    guard let t = attributeTest() else { return nil }
                    c.attributes.append(t)
                case UInt8(ascii: ":"):
                    i += 1
                    guard peek != UInt8(ascii: ":"), let n = name()?.lowercased(), n == "first-child" else { return nil }
                    c.firstChild = true
                default:
                    break loop
                }
                empty = false
            }
            return empty ? nil : c
        }

        /// After `[`: `name]` or `name op value]`, the value an identifier or a quoted string.
        mutating func attributeTest() -> AttributeTest? {
            _ = skipSpace()
            guard let n = name() else { return nil }
            _ = skipSpace()
            if peek == UInt8(ascii: "]") { i += 1; return AttributeTest(name: n, op: .exists, value: "") }
            let op: AttributeOperator
            switch peek {
            case UInt8(ascii: "="): op = .equals
            case UInt8(ascii: "~"): op = .includesWord
            case UInt8(ascii: "|"): op = .dashPrefix
            case UInt8(ascii: "^"): op = .prefix
            case UInt8(ascii: "$"): op = .suffix
            case UInt8(ascii: "*"): op = .substring
            default: return nil
            }
            i += 1
            if op != .equals {
                guard peek == UInt8(ascii: "=") else { return nil }
                i += 1
            }
            _ = skipSpace()
            var value: String
            if let q = peek, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                i += 1
                let start = i
                while let b = peek, b != q {
                    // Escapes inside the string are not decoded: refuse rather than mis-match.
                    if b == UInt8(ascii: "\\") { return nil }
                    i += 1
                }
                guard peek == q else { return nil }
                value = String(decoding: bytes[start..<i], as: UTF8.self)
                i += 1
            } else {
                guard let v = name() else { return nil }
                value = v
            }
            _ = skipSpace()
            guard peek == UInt8(ascii: "]") else { return nil }
            i += 1
            return AttributeTest(name: n, op: op, value: value)
        }
    }
}

extension CSSSelector {
    /// The words of a white-space-separated list (`class`, `~=`), split at ASCII white space
    /// code points as CSS does: splitting `Character`s instead would glue a combining mark
    /// that follows a space to the space, hiding the word it starts.
    static func words(_ list: String) -> [String] {
        list.unicodeScalars.split { $0.isASCII && Parser.isSpace(UInt8($0.value)) }
            .map { String(String.UnicodeScalarView($0)) }
    }
}

/// The document as selectors see it: for each element (numbered in document order) its
/// parent and previous sibling element. Built once per document, without recursion.
struct CSSElementTree {
    private(set) var nodes: [SVGNode] = []
    private(set) var parent: [Int] = []
    private(set) var previousSibling: [Int] = []
    private var indexOf: [ObjectIdentifier: Int] = [:]

    init(root: SVGNode) {
        var stack: [(SVGNode, Int)] = [(root, -1)]
        while let (node, p) = stack.popLast() {
            indexOf[ObjectIdentifier(node)] = nodes.count
            nodes.append(node)
            parent.append(p)
            previousSibling.append(-1)
            for child in node.children.reversed() { stack.append((child, nodes.count - 1)) }
        }
        // Siblings are numbered apart (each after its predecessor's subtree): link them per parent.
        for node in nodes {
            var prev = -1
            for child in node.children {
                guard let c = indexOf[ObjectIdentifier(child)] else { continue }
                previousSibling[c] = prev
                prev = c
            }
        }
    }

    func index(of node: SVGNode) -> Int? { indexOf[ObjectIdentifier(node)] }
}
