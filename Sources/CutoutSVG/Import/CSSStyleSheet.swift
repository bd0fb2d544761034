import Foundation
import CutoutLayers

/// The subset of CSS that SVG documents use for styling: rules whose selectors are simple
/// (`*`, `element`, `.class`, `#id`, or an element name followed by classes and/or an id),
/// comma-separated, with `property: value` declarations. Rules with other selectors and
/// at-rules are skipped and reported.
struct CSSStyleSheet {
    struct SimpleSelector: Equatable {
        var element: String?
        var id: String?
        var classes: [String] = []

        /// (ids, classes, elements) as in CSS.
        var specificity: Int { (id == nil ? 0 : 10_000) + classes.count * 100 + (element == nil ? 0 : 1) }

        func matches(name: String, id elementID: String?, classes elementClasses: Set<String>) -> Bool {
            if let element, element != name { return false }
            if let id, id != elementID { return false }
            return classes.allSatisfy(elementClasses.contains)
        }
    }

    struct Rule {
        var selector: SimpleSelector
        var declarations: [(String, String)]
        var order: Int
    }

    private(set) var rules: [Rule] = []
    private(set) var skipped: [String] = []

    mutating func add(_ css: String) {
        var text = CSSStyleSheet.stripComments(css)
        while let open = text.firstIndex(of: "{") {
            let prelude = text[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let close = text[open...].firstIndex(of: "}") else { break }
            let body = String(text[text.index(after: open)..<close])
            text = String(text[text.index(after: close)...])
            if prelude.hasPrefix("@") {
                skipped.append(prelude)
                // A block at-rule (@media …) nests rules; drop everything up to its closing brace.
                if body.contains("{"), let end = text.firstIndex(of: "}") { text = String(text[text.index(after: end)...]) }
                continue
            }
            let declarations = CSSStyleSheet.declarations(body)
            for part in prelude.split(separator: ",") {
                let raw = part.trimmingCharacters(in: .whitespacesAndNewlines)
                guard let selector = CSSStyleSheet.simpleSelector(raw) else { skipped.append(raw); continue }
                rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
            }
        }
    }

    /// The declarations that apply to an element, lowest priority first.
    func declarations(name: String, id: String?, classes: Set<String>) -> [(String, String)] {
        rules.filter { $0.selector.matches(name: name, id: id, classes: classes) }
            .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            .flatMap(\.declarations)
    }

    static func simpleSelector(_ text: String) -> SimpleSelector? {
        guard !text.isEmpty else { return nil }
        if text == "*" { return SimpleSelector() }
        var selector = SimpleSelector()
        var current = ""
        var kind: Character = "e"
        func flush() -> Bool {
            if current.isEmpty { return kind == "e" }
            switch kind {
            case "e": selector.element = current
            case "#":
                guard selector.id == nil else { return false }
                selector.id = current
            default: selector.classes.append(current)
            }
            current = ""
            return true
        }
        for ch in text {
            if ch == "." || ch == "#" {
                guard flush() else { return nil }
                kind = ch
            } else if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" {
                current.append(ch)
            } else {
                return nil
            }
        }
        guard flush() else { return nil }
        return selector
    }

    /// `a: b; c: d` → pairs, names lower-cased, `!important` dropped.
    static func declarations(_ body: String) -> [(String, String)] {
        body.split(separator: ";").compactMap { decl in
            guard let colon = decl.firstIndex(of: ":") else { return nil }
            let name = decl[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            var value = decl[decl.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            if let bang = value.range(of: "!important") { value = value[..<bang.lowerBound].trimmingCharacters(in: .whitespaces) }
            return name.isEmpty ? nil : (name, value)
        }
    }

    static func stripComments(_ css: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }
}
