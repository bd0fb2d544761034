import Foundation

/// The subset of CSS that SVG documents use for styling: rules whose selectors are simple
/// (`*`, `element`, `.class`, `#id`, or an element name followed by classes and/or an id),
/// comma-separated, with `property: value` declarations. Rules with other selectors, nested
/// blocks and at-rules are skipped and reported.
///
/// Written for hostile input: a sheet is read in one pass (each byte is examined at most
/// twice: once by the block reader, once more if it belongs to a declaration block), and rules
/// are indexed by id, class and element name, so an element is tested only against the rules
/// that name its id or one of its classes. Rules that name only an element (or `*`) are merged
/// once per element name, and elements that agree on everything a selector can see share one
/// result. ``bytesScanned`` and ``rulesTested`` count that work.
struct CSSStyleSheet {
    struct SimpleSelector: Hashable {
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

    /// What a selector can see of an element: its name, and its id and classes where some
    /// rule names them (others cannot change which rules match).
    private struct Key: Hashable {
        var name: String
        var id: String?
        var classes: Set<String>
    }

    /// The rules that have declarations of the properties asked for, in document order.
    private(set) var rules: [Rule] = []
    /// Unsupported selectors and at-rules (the first 100).
    private(set) var skipped: [String] = []
    /// Bytes examined by the parser so far.
    private(set) var bytesScanned = 0
    /// Rules tested against elements so far (each rule at most once per distinct ``Key`` or
    /// element name).
    private(set) var rulesTested = 0

    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byElement: [String: [Int]] = [:]
    private var universal: [Int] = []
    private var knownIDs: Set<String> = []
    private var knownClasses: Set<String> = []
    private var byNameCache: [String: [(String, String)]] = [:]
    private var cache: [Key: [(String, String)]] = [:]

    var isEmpty: Bool { rules.isEmpty }

    /// Adds the rules of `css`, keeping only declarations of `properties`; rules left without
    /// any are dropped (they cannot change anything).
    /// - Throws: ``SVGError/tooManyElements(limit:)`` past `maxRules` rules in the sheet.
    mutating func add(_ css: String, properties: Set<String>, maxRules: Int) throws(SVGError) {
        var reader = Reader(bytes: Array(css.utf8))
        defer { bytesScanned += reader.scanned }
        while !reader.isAtEnd {
            let (preludeBytes, stop) = reader.read(until: [UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: "}")])
            let prelude = CSSStyleSheet.trimmed(preludeBytes[...])
            guard stop == UInt8(ascii: "{") else {
                // A statement at-rule (`@import …;`), a stray brace or trailing text.
                if !prelude.isEmpty { skip(prelude) }
                continue
            }
            let (body, nested) = reader.block()
            if prelude.hasPrefix("@") || nested || prelude.isEmpty {
                skip(prelude.isEmpty ? "{…}" : prelude)
                continue
            }
            var bodyReader = Reader(bytes: body)
            let declarations = CSSStyleSheet.declarations(&bodyReader).filter { properties.contains($0.0) }
            bytesScanned += bodyReader.scanned
            for part in preludeBytes.split(separator: UInt8(ascii: ",")) {
                let raw = CSSStyleSheet.trimmed(part)
                guard let selector = CSSStyleSheet.simpleSelector(raw) else { skip(raw); continue }
                guard !declarations.isEmpty else { continue }
                guard rules.count < maxRules else { throw .tooManyElements(limit: maxRules) }
                insert(Rule(selector: selector, declarations: declarations, order: rules.count))
            }
        }
    }

    private mutating func skip(_ text: String) {
        if skipped.count < 100 { skipped.append(text) }
    }

    private mutating func insert(_ rule: Rule) {
        let index = rules.count
        rules.append(rule)
        let s = rule.selector
        if let id = s.id {
            byID[id, default: []].append(index)
        } else if let first = s.classes.first {
            byClass[first, default: []].append(index)
        } else if let element = s.element {
            byElement[element, default: []].append(index)
        } else {
            universal.append(index)
        }
        if let id = s.id { knownIDs.insert(id) }
        knownClasses.formUnion(s.classes)
        byNameCache = [:]
        cache = [:]
    }

    /// The declarations that apply to an element, lowest priority first.
    ///
    /// Complexity: amortised O(r + d) for r rules indexed under the element's id or classes and
    /// d declarations returned; rules that name only an element or `*` are merged once per
    /// element name.
    mutating func declarations(name: String, id: String?, classes: Set<String>) -> [(String, String)] {
        let key = Key(name: name, id: id.flatMap { knownIDs.contains($0) ? $0 : nil },
                      classes: classes.intersection(knownClasses))
        if let hit = cache[key] { return hit }
        var candidates: [Int] = []
        if let id = key.id { candidates += byID[id] ?? [] }
        for c in key.classes { candidates += byClass[c] ?? [] }
        rulesTested += candidates.count
        let matched = candidates.filter { rules[$0].selector.matches(name: name, id: key.id, classes: key.classes) }
            .sorted { (rules[$0].selector.specificity, rules[$0].order) < (rules[$1].selector.specificity, rules[$1].order) }
        // Rules with an id or a class outrank those with only an element name or `*`, so the
        // latter always come first.
        let result = declarations(forName: name) + matched.flatMap { rules[$0].declarations }
        cache[key] = result
        return result
    }

    /// The merged declarations of the `*` and `name` rules (at most one per property).
    private mutating func declarations(forName name: String) -> [(String, String)] {
        if let hit = byNameCache[name] { return hit }
        let indices = universal + (byElement[name] ?? [])
        rulesTested += indices.count
        var merged: [String: Int] = [:]
        var out: [(String, String)] = []
        for i in indices {
            for (k, v) in rules[i].declarations {
                if let at = merged[k] { out[at].1 = v } else { merged[k] = out.count; out.append((k, v)) }
            }
        }
        byNameCache[name] = out
        return out
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

    /// `a: b; c: d` → pairs, names lower-cased, `!important` dropped; comments removed and
    /// semicolons inside strings or parentheses kept.
    static func declarations(_ body: String) -> [(String, String)] {
        var reader = Reader(bytes: Array(body.utf8))
        return declarations(&reader)
    }

    private static func declarations(_ reader: inout Reader) -> [(String, String)] {
        var out: [(String, String)] = []
        while !reader.isAtEnd {
            let (bytes, _) = reader.read(until: [UInt8(ascii: ";")])
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = trimmed(bytes[..<colon]).lowercased()
            var value = trimmed(bytes[(colon + 1)...])
            if let bang = value.range(of: "!important") { value = value[..<bang.lowerBound].trimmingCharacters(in: .whitespaces) }
            if !name.isEmpty { out.append((name, value)) }
        }
        return out
    }

    /// The text of `bytes` without the CSS white space around it (decoded after trimming:
    /// Foundation's trimming costs more than the rest of the parser).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// A forward-only reader over CSS bytes that drops comments and keeps strings and
    /// parenthesised groups whole; it never moves back, so ``scanned`` is at most the length.
    private struct Reader {
        let bytes: [UInt8]
        var i = 0
        private(set) var scanned = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { i >= bytes.count }

        private mutating func next() -> UInt8? {
            guard i < bytes.count else { return nil }
            scanned += 1
            i += 1
            return bytes[i - 1]
        }

        /// The bytes up to the first of `stops` outside strings, comments and parentheses, and
        /// that stop (consumed; nil at the end of the input).
        mutating func read(until stops: [UInt8]) -> (bytes: [UInt8], stop: UInt8?) {
            var out: [UInt8] = []
            var quote: UInt8?
            var parens = 0
            while let b = next() {
                if let q = quote {
                    out.append(b)
                    if b == UInt8(ascii: "\\"), let escaped = next() { out.append(escaped) } else if b == q { quote = nil }
                    continue
                }
                if b == UInt8(ascii: "/"), i < bytes.count, bytes[i] == UInt8(ascii: "*") {
                    _ = next()
                    skipComment()
                    out.append(UInt8(ascii: " "))
                    continue
                }
                if parens == 0, stops.contains(b) { return (out, b) }
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = b
                case UInt8(ascii: "("): parens += 1
                case UInt8(ascii: ")"): parens = max(parens - 1, 0)
                // A block boundary ends an unbalanced parenthesis, so a stray "(" cannot hide the
                // rest of the sheet.
                case UInt8(ascii: "{"), UInt8(ascii: "}"): if parens > 0 { parens = 0; if stops.contains(b) { return (out, b) } }
                default: break
                }
                out.append(b)
            }
            return (out, nil)
        }

        /// After a `{`: the block's content up to the matching `}` (or the end), and whether it
        /// held nested blocks. Nesting is counted, not recursed into.
        mutating func block() -> (bytes: [UInt8], nested: Bool) {
            var out: [UInt8] = []
            var depth = 1
            var nested = false
            while depth > 0 {
                let (part, stop) = read(until: [UInt8(ascii: "{"), UInt8(ascii: "}")])
                if depth == 1 { out += part }
                switch stop {
                case UInt8(ascii: "{"): depth += 1; nested = true
                case UInt8(ascii: "}"): depth -= 1
                default: return (out, nested)
                }
            }
            return (out, nested)
        }

        private mutating func skipComment() {
            while let b = next() {
                if b == UInt8(ascii: "*"), i < bytes.count, bytes[i] == UInt8(ascii: "/") { _ = next(); return }
            }
        }
    }
}
