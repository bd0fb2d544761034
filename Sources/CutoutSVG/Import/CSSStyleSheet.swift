import Foundation

/// The subset of CSS that SVG documents use for styling: rules whose selectors are those of
/// ``CSSSelector`` (compounds of type, `#id`, `.class`, attribute tests and `:first-child`,
/// joined by combinators), comma-separated, with `property: value` declarations (`!important`
/// kept). Rules with other selectors, nested blocks and at-rules are skipped and reported.
///
/// Written for hostile input: a sheet is read in one pass (each byte is examined at most
/// twice: once by the block reader, once more if it belongs to a declaration block), and rules
/// are indexed by the subject of their selector (its id, else its first class, else its type,
/// else the first attribute it tests), so an element is tested only against the rules that
/// name its id, one of its classes, its type or one of its attributes, plus the few whose
/// subject is `*` or `:first-child` alone. Simple rules (one compound without attribute tests
/// or pseudo-classes) that name only a type (or `*`) are merged once per element name, and
/// elements that agree on everything such a selector can see share one result. Rules with
/// combinators, attribute tests or `:first-child` are matched right to left with every
/// (rule, compound, element) answer remembered, so a descendant or sibling chain is walked once
/// per rule however many elements ask: the work is linear in elements × rules that can apply.
/// ``bytesScanned``, ``rulesTested`` and ``selectorSteps`` count that work.
struct CSSStyleSheet {
    struct Rule {
        var selector: CSSSelector
        var declarations: [CSSDeclaration]
        var order: Int
    }

    /// A declaration with the priority of its rule: specificity, then document order.
    struct Entry {
        var declaration: CSSDeclaration
        var specificity: Int
        var order: Int
        var priority: (Int, Int) { (specificity, order) }
    }

    /// What a simple selector can see of an element: its name, and its id and classes where
    /// some simple rule names them (others cannot change which simple rules match).
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
    /// Rules tested against elements so far (each simple rule at most once per distinct ``Key``
    /// or element name, each other rule once per element whose id, class, type or attribute
    /// indexes it).
    private(set) var rulesTested = 0
    /// Compound selectors tested against elements while matching combinators, attribute tests
    /// and pseudo-classes: each (rule, compound, element) at most once.
    private(set) var selectorSteps = 0
    /// Matching stops (answering "no match") once ``selectorSteps`` passes this; the caller,
    /// which counts the steps against its own budget, then fails.
    var maxSelectorSteps = Int.max

    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byElement: [String: [Int]] = [:]
    private var universal: [Int] = []
    private var knownIDs: Set<String> = []
    private var knownClasses: Set<String> = []
    private var byNameCache: [String: [Entry]] = [:]
    private var cache: [Key: [Entry]] = [:]

    private var complexByID: [String: [Int]] = [:]
    private var complexByClass: [String: [Int]] = [:]
    private var complexByElement: [String: [Int]] = [:]
    private var complexByAttribute: [String: [Int]] = [:]
    private var complexUniversal: [Int] = []
    private var hasComplexRules = false
    private var matchMemo: [Int: Bool] = [:]
    private var chainMemo: [Int: Bool] = [:]

    var isEmpty: Bool { rules.isEmpty }

    /// Adds the rules of `css`, keeping only declarations of `properties`; rules left without
    /// any are dropped (they cannot change anything). `line` is that of the `<style>` holding
    /// `css`.
    /// - Throws: ``SVGError/tooManyElements(line:limit:)`` past `maxRules` rules in the sheet.
    mutating func add(_ css: String, line: Int, properties: Set<String>, maxRules: Int) throws(SVGError) {
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
            let declarations = CSSStyleSheet.declarations(&bodyReader).filter { properties.contains($0.name) }
            bytesScanned += bodyReader.scanned
            for part in CSSStyleSheet.selectorList(preludeBytes) {
                let raw = CSSStyleSheet.trimmed(part)
                guard let selector = CSSSelector.parse(raw) else { if !raw.isEmpty { skip(raw) }; continue }
                guard !declarations.isEmpty else { continue }
                guard rules.count < maxRules else { throw .tooManyElements(line: line, limit: maxRules) }
                insert(Rule(selector: selector, declarations: declarations, order: rules.count))
            }
        }
    }

    /// The selectors of a list: split at commas outside strings and brackets.
    private static func selectorList(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = 0, brackets = 0
        var quote: UInt8?
        for (i, b) in bytes.enumerated() {
            if let q = quote { if b == q { quote = nil }; continue }
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = b
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"): brackets = max(brackets - 1, 0)
            case UInt8(ascii: ","):
                if brackets == 0 { parts.append(bytes[start..<i]); start = i + 1 }
            default: break
            }
        }
        parts.append(bytes[start...])
        return parts
    }

    private mutating func skip(_ text: String) {
        if skipped.count < 100 { skipped.append(text) }
    }

    private mutating func insert(_ rule: Rule) {
        let index = rules.count
        rules.append(rule)
        let s = rule.selector.subject
        if rule.selector.isSimple {
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
        } else {
            hasComplexRules = true
            if let id = s.id {
                complexByID[id, default: []].append(index)
            } else if let first = s.classes.first {
                complexByClass[first, default: []].append(index)
            } else if let element = s.element {
                complexByElement[element, default: []].append(index)
            } else if let attribute = s.attributes.first {
                complexByAttribute[attribute.name, default: []].append(index)
            } else {
                complexUniversal.append(index)
            }
        }
    }

    /// The declarations that apply to element `element` of `tree`, in cascade order (lowest
    /// specificity, then earliest, first; `!important` is left to the caller, who ranks it
    /// above the `style` attribute).
    ///
    /// Complexity: amortised O(r + d) for r rules indexed under the element's id, classes,
    /// type or attributes and d declarations returned, plus the selector steps not answered
    /// before (see ``selectorSteps``).
    mutating func declarations(for element: Int, in tree: CSSElementTree) -> [CSSDeclaration] {
        let node = tree.nodes[element]
        let classes = Set(CSSSelector.words(node.attributes["class"] ?? ""))
        let simple = simpleEntries(name: node.name, id: node.attributes["id"], classes: classes)
        guard hasComplexRules else { return simple.map(\.declaration) }
        var candidates: [Int] = []
        if let id = node.attributes["id"] { candidates += complexByID[id] ?? [] }
        for c in classes { candidates += complexByClass[c] ?? [] }
        candidates += complexByElement[node.name] ?? []
        if !complexByAttribute.isEmpty { for name in node.attributes.keys { candidates += complexByAttribute[name] ?? [] } }
        candidates += complexUniversal
        rulesTested += candidates.count
        var matched: [Entry] = []
        for r in candidates where matches(r, rules[r].selector.compounds.count - 1, element, tree) {
            let rule = rules[r]
            matched += rule.declarations.map { Entry(declaration: $0, specificity: rule.selector.specificity, order: rule.order) }
        }
        guard !matched.isEmpty else { return simple.map(\.declaration) }
        return (simple + matched).enumerated()
            .sorted { ($0.element.specificity, $0.element.order, $0.offset) < ($1.element.specificity, $1.element.order, $1.offset) }
            .map(\.element.declaration)
    }

    /// The declarations of the simple rules matching (name, id, classes), in cascade order.
    mutating func simpleEntries(name: String, id: String?, classes: Set<String>) -> [Entry] {
        let key = Key(name: name, id: id.flatMap { knownIDs.contains($0) ? $0 : nil },
                      classes: classes.intersection(knownClasses))
        if let hit = cache[key] { return hit }
        var candidates: [Int] = []
        if let id = key.id { candidates += byID[id] ?? [] }
        for c in key.classes { candidates += byClass[c] ?? [] }
        rulesTested += candidates.count
        let matched = candidates.filter { CSSStyleSheet.simpleMatches(rules[$0].selector.subject, name: name, id: key.id, classes: key.classes) }
            .sorted { rules[$0].order < rules[$1].order }
        let entries = entries(forName: name) + matched.flatMap { r in
            rules[r].declarations.map { Entry(declaration: $0, specificity: rules[r].selector.specificity, order: rules[r].order) }
        }
        let result = entries.enumerated().sorted { ($0.element.specificity, $0.element.order, $0.offset) < ($1.element.specificity, $1.element.order, $1.offset) }
            .map(\.element)
        cache[key] = result
        return result
    }

    private static func simpleMatches(_ c: CSSSelector.Compound, name: String, id: String?, classes: Set<String>) -> Bool {
        if let element = c.element, element != name { return false }
        if let cid = c.id, cid != id { return false }
        return c.classes.allSatisfy(classes.contains)
    }

    /// The merged declarations of the simple `*` and `name` rules: per property (and
    /// importance), only the one that wins among them.
    private mutating func entries(forName name: String) -> [Entry] {
        if let hit = byNameCache[name] { return hit }
        let indices = universal + (byElement[name] ?? [])
        rulesTested += indices.count
        var merged: [String: Int] = [:]
        var out: [Entry] = []
        for i in indices {
            let rule = rules[i]
            for d in rule.declarations {
                let e = Entry(declaration: d, specificity: rule.selector.specificity, order: rule.order)
                let key = d.important ? "!" + d.name : d.name
                if let at = merged[key] {
                    if out[at].priority < e.priority { out[at] = e }
                } else { merged[key] = out.count; out.append(e) }
            }
        }
        byNameCache[name] = out
        return out
    }

    // MARK: Matching

    private func compoundMatches(_ c: CSSSelector.Compound, _ n: Int, _ tree: CSSElementTree) -> Bool {
        let node = tree.nodes[n]
        if let element = c.element, element != node.name { return false }
        if let id = c.id, id != node.attributes["id"] { return false }
        if !c.classes.isEmpty {
            let classes = CSSSelector.words(node.attributes["class"] ?? "")
            guard c.classes.allSatisfy({ classes.contains($0) }) else { return false }
        }
        if c.firstChild, tree.previousSibling[n] >= 0 { return false }
        return c.attributes.allSatisfy { $0.matches(node.attributes) }
    }

    /// Whether element `n` matches compounds `0...k` of rule `r`'s selector, compound `k`
    /// being matched by `n` itself. Recursion goes one compound to the left per level (at most
    /// ``CSSSelector/maxCompounds``); ancestor and sibling chains are walked by ``anyAlong``.
    private mutating func matches(_ r: Int, _ k: Int, _ n: Int, _ tree: CSSElementTree) -> Bool {
        let key = (r * (CSSSelector.maxCompounds + 1) + k) * tree.nodes.count + n
        if let known = matchMemo[key] { return known }
        guard selectorSteps < maxSelectorSteps else { return false }
        selectorSteps += 1
        let selector = rules[r].selector
        var result = compoundMatches(selector.compounds[k], n, tree)
        if result, k > 0 {
            switch selector.combinators[k - 1] {
            case .child:
                let p = tree.parent[n]
                result = p >= 0 && matches(r, k - 1, p, tree)
            case .nextSibling:
                let p = tree.previousSibling[n]
                result = p >= 0 && matches(r, k - 1, p, tree)
            case .descendant: result = anyAlong(r, k - 1, from: tree.parent[n], ancestors: true, tree)
            case .subsequentSibling: result = anyAlong(r, k - 1, from: tree.previousSibling[n], ancestors: false, tree)
            }
        }
        matchMemo[key] = result
        return result
    }

    /// Whether `start` or one of its ancestors (or earlier siblings) matches compounds `0...k`.
    /// Every element walked gets its answer remembered, so each chain is walked once per
    /// (rule, compound).
    private mutating func anyAlong(_ r: Int, _ k: Int, from start: Int, ancestors: Bool, _ tree: CSSElementTree) -> Bool {
        var walked: [Int] = []
        var node = start
        var result = false
        while node >= 0 {
            let key = ((r * (CSSSelector.maxCompounds + 1) + k) * tree.nodes.count + node) * 2 + (ancestors ? 1 : 0)
            if let known = chainMemo[key] { result = known; break }
            walked.append(key)
            if matches(r, k, node, tree) { result = true; break }
            if selectorSteps >= maxSelectorSteps { break }
            node = ancestors ? tree.parent[node] : tree.previousSibling[node]
        }
        for key in walked { chainMemo[key] = result }
        return result
    }

    // MARK: Declarations

    /// `a: b; c: d !important` → declarations, names lower-cased; comments removed and
    /// semicolons inside strings or parentheses kept.
    static func declarations(_ body: String) -> [CSSDeclaration] {
        var reader = Reader(bytes: Array(body.utf8))
        return declarations(&reader)
    }

    private static func declarations(_ reader: inout Reader) -> [CSSDeclaration] {
        var out: [CSSDeclaration] = []
        while !reader.isAtEnd {
            let (bytes, _) = reader.read(until: [UInt8(ascii: ";")])
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = trimmed(bytes[..<colon]).lowercased()
            var value = trimmed(bytes[(colon + 1)...])
            var important = false
            if let bang = value.lastIndex(of: "!"),
               value[value.index(after: bang)...].trimmingCharacters(in: .whitespaces).lowercased() == "important" {
                value = value[..<bang].trimmingCharacters(in: .whitespaces)
                important = true
            }
            if !name.isEmpty { out.append(CSSDeclaration(name: name, value: value, important: important)) }
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
