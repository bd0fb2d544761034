import Foundation

/// One element of a parsed XML document.
final class SVGNode {
    /// The local name for an element in SVG's namespace (see ``XMLNamespaces``).
    private(set) var name: String
    /// Attributes by name; `xlink:` names the XLink namespace (see ``XMLNamespaces``).
    private(set) var attributes: [String: String]
    var children: [SVGNode] = []
    /// Character data directly inside the element (for `<style>`).
    var text = ""
    /// The same character data in pieces, each with the number of child elements before it,
    /// so mixed content (`<text>a<tspan>b</tspan>c</text>`) keeps its order.
    var textRuns: [(childIndex: Int, text: String)] = []

    func appendText(_ t: String) {
        text += t
        if let last = textRuns.last, last.childIndex == children.count {
            textRuns[textRuns.count - 1].text += t
        } else {
            textRuns.append((children.count, t))
        }
    }
    let line: Int
    /// The UTF-8 length of all attribute values: what reading the element costs.
    let attributeBytes: Int

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        attributeBytes = attributes.values.reduce(0) { $0 + $1.utf8.count }
    }

    /// Renames the element and its attributes (``XMLNamespaces``); values are unchanged.
    func rename(_ name: String, attributes renamed: [String: String]) {
        self.name = name
        attributes = renamed
    }
}

/// Namespaces, resolved after parsing so that the builder reads plain names: an element in
/// SVG's namespace (`http://www.w3.org/2000/svg`, by the default namespace or by any prefix
/// bound to it, as `<svg:rect>`) gets its local name; an unprefixed element whose default
/// namespace is another one gets `{namespace}name`, which no SVG element matches, so it is
/// skipped like any unknown element (its prefixed relatives keep their prefixed names). An
/// element with no namespace at all (a document without `xmlns`) is read as SVG, as most
/// tools do. Attributes whose prefix is bound to XLink's namespace are named `xlink:…`
/// whatever the prefix; an `xlink:` prefix bound elsewhere gets `{namespace}name` (not read).
/// Other prefixed attributes keep their names: even bound to SVG's namespace (`svg:href`) an
/// attribute with a prefix is not the unprefixed SVG attribute.
enum XMLNamespaces {
    static let svg = "http://www.w3.org/2000/svg"
    static let xlink = "http://www.w3.org/1999/xlink"

    private struct Scope {
        var defaultNamespace: String?
        var prefixes = ["xlink": xlink]
    }

    static func resolve(_ root: SVGNode) {
        var stack = [(root, Scope())]
        while let (node, parentScope) = stack.popLast() {
            var scope = parentScope
            for (k, v) in node.attributes {
                if k == "xmlns" { scope.defaultNamespace = v.isEmpty ? nil : v }
                else if k.hasPrefix("xmlns:") { scope.prefixes[String(k.dropFirst(6))] = v }
            }
            var name = node.name
            if let colon = name.firstIndex(of: ":") {
                if scope.prefixes[String(name[..<colon])] == svg { name = String(name[name.index(after: colon)...]) }
            } else if let ns = scope.defaultNamespace, ns != svg {
                name = "{\(ns)}\(name)"
            }
            var attributes = node.attributes
            for (k, v) in node.attributes where !k.hasPrefix("xmlns") {
                guard let colon = k.firstIndex(of: ":") else { continue }
                let prefix = String(k[..<colon]), local = String(k[k.index(after: colon)...])
                guard let ns = scope.prefixes[prefix] else { continue }
                let renamed = ns == xlink ? "xlink:" + local : prefix == "xlink" ? "{\(ns)}\(local)" : k
                if renamed != k {
                    attributes[k] = nil
                    attributes[renamed] = v
                }
            }
            if name != node.name || attributes != node.attributes { node.rename(name, attributes: attributes) }
            for child in node.children { stack.append((child, scope)) }
        }
    }
}

/// A small non-validating XML parser for SVG, written for hostile input: it expands only the
/// DOCTYPE's internal entities, within a depth and size budget (external and parameter
/// entities are refused), never fetches anything, and enforces the size, depth
/// and element-count limits while it reads, so time and memory stay proportional to the
/// (bounded) input.
///
/// Supported: elements, attributes in single or double quotes, character data, CDATA,
/// comments, processing instructions (skipped), a DOCTYPE whose internal subset may declare
/// general entities (`<!ENTITY ns_svg "http://www.w3.org/2000/svg">`, as Adobe Illustrator
/// writes), the five predefined entities and numeric character references. An entity
/// referenced in content is parsed as content, so its text may hold elements (XML's rule; it
/// must be balanced: what it opens it closes); in an attribute value its text may not hold
/// `<`. The document is UTF-8, UTF-16 with a byte order mark, or in a single-byte encoding
/// its XML declaration names (see ``XMLEncoding``).
struct XMLDocumentParser {
    let limits: SVGImporter.Limits

    func parse(_ data: Data) throws(SVGError) -> SVGNode {
        let root = try parseWithoutNamespaces(data)
        XMLNamespaces.resolve(root)
        return root
    }

    /// The tree with names as written (`svg:rect`, `xl:href`): what the `xml` fuzz target
    /// writes back and reads again (resolved names such as `{namespace}name` are not XML).
    func parseWithoutNamespaces(_ data: Data) throws(SVGError) -> SVGNode {
        guard data.count <= limits.maxInputBytes else {
            throw .inputTooLarge(bytes: data.count, limit: limits.maxInputBytes)
        }
        let bytes = try XMLEncoding.utf8(data)
        var scanner = Scanner(bytes: bytes, limits: limits)
        return try scanner.document()
    }

    private struct Scanner {
        let bytes: [UInt8]
        let limits: SVGImporter.Limits
        var i = 0
        var elementCount = 0
        var attributeCount = 0
        /// Internal general entities of the DOCTYPE: name → replacement text (unexpanded).
        var entities: [String: [UInt8]] = [:]
        /// Bytes produced by entity expansion so far, plus one per reference expanded (so
        /// entities that expand to nothing still cost something).
        var entityExpansionCost = 0
        /// The entities whose text is being parsed as content (innermost last).
        var openEntities: [String] = []
        /// For the text of an entity: the line of the reference in the document, which every
        /// element and error inside is given.
        let referenceLine: Int?

        init(bytes: [UInt8], limits: SVGImporter.Limits, referenceLine: Int? = nil) {
            self.bytes = bytes
            self.limits = limits
            self.referenceLine = referenceLine
            if referenceLine == nil, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        /// The 1-based line of byte offset `offset` (computed only when needed); inside an
        /// entity's text, the line of the reference.
        func line(at offset: Int) -> Int {
            if let referenceLine { return referenceLine }
            var n = 1
            for b in bytes[0..<min(offset, bytes.count)] where b == 0x0A { n += 1 }
            return n
        }

        func fail(_ reason: String) -> SVGError { .malformedXML(line: line(at: i), reason: reason) }

        func peek(_ s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= bytes.count && bytes[i..<i + u.count].elementsEqual(u)
        }

        mutating func skipSpace() {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        }

        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        /// Moves past the next occurrence of `terminator`; throws if there is none.
        mutating func skip(past terminator: String, what: String) throws(SVGError) {
            let t = Array(terminator.utf8)
            while i + t.count <= bytes.count {
                if bytes[i] == t[0], bytes[i..<i + t.count].elementsEqual(t) { i += t.count; return }
                i += 1
            }
            throw fail("unterminated \(what)")
        }

        mutating func document() throws(SVGError) -> SVGNode {
            var root: SVGNode?
            while true {
                skipSpace()
                if i >= bytes.count { break }
                if peek("<?") { try skip(past: "?>", what: "processing instruction") }
                else if peek("<!--") { try skip(past: "-->", what: "comment") }
                else if peek("<!DOCTYPE") { try doctype() }
                else if peek("<") {
                    guard root == nil else { throw fail("more than one root element") }
                    root = try element()
                } else {
                    throw fail("text outside the root element")
                }
            }
            guard let root else { throw fail("no root element") }
            return root
        }

        /// Reads a DOCTYPE: the external identifier is skipped (never fetched); the internal
        /// subset's general entity declarations are kept for ``decode(_:)``, its other
        /// declarations skipped. External and parameter entities are refused.
        mutating func doctype() throws(SVGError) {
            i += 9
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { try skipQuoted() }
                else if b == UInt8(ascii: "[") { i += 1; try internalSubset() }
                else if b == UInt8(ascii: ">") { i += 1; return }
                else { i += 1 }
            }
            throw fail("unterminated DOCTYPE")
        }

        mutating func skipQuoted() throws(SVGError) {
            let quote = bytes[i]
            i += 1
            while i < bytes.count, bytes[i] != quote { i += 1 }
            guard i < bytes.count else { throw fail("unterminated quoted string in the DOCTYPE") }
            i += 1
        }

        mutating func internalSubset() throws(SVGError) {
            while true {
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated DOCTYPE internal subset") }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return }
                if peek("<!--") { try skip(past: "-->", what: "comment") }
                else if peek("<?") { try skip(past: "?>", what: "processing instruction") }
                else if peek("<!ENTITY") { try entityDeclaration() }
                else if peek("<!") {
                    // <!ELEMENT>, <!ATTLIST>, <!NOTATION>: nothing an SVG renderer needs.
                    i += 2
                    while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                        if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { try skipQuoted() } else { i += 1 }
                    }
                    guard i < bytes.count else { throw fail("unterminated markup declaration") }
                    i += 1
                } else if bytes[i] == UInt8(ascii: "%") {
                    throw .entityDeclarationRefused(line: line(at: i))
                } else {
                    throw fail("unexpected content in the DOCTYPE internal subset")
                }
            }
        }

        /// `<!ENTITY name "value">`; the first declaration of a name wins, as XML says.
        mutating func entityDeclaration() throws(SVGError) {
            let declarationLine = line(at: i)
            i += 8
            skipSpace()
            guard i < bytes.count, bytes[i] != UInt8(ascii: "%") else { throw .entityDeclarationRefused(line: declarationLine) }
            let n = try name()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                // SYSTEM or PUBLIC: an external entity, never fetched.
                throw .entityDeclarationRefused(line: declarationLine)
            }
            let quote = bytes[i]
            i += 1
            let start = i
            while i < bytes.count, bytes[i] != quote {
                i += 1
                if i - start > limits.maxAttributeBytes {
                    throw .attributeTooLarge(line: declarationLine, name: "entity \(n)", limit: limits.maxAttributeBytes)
                }
            }
            guard i < bytes.count else { throw fail("unterminated value of entity \(n)") }
            let value = Array(bytes[start..<i])
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>' after the value of entity \(n)") }
            i += 1
            if entities[n] == nil { entities[n] = value }
        }

        mutating func name() throws(SVGError) -> String {
            let start = i
            while i < bytes.count {
                let b = bytes[i]
                if isSpace(b) || b == UInt8(ascii: "/") || b == UInt8(ascii: ">") || b == UInt8(ascii: "=") || b == UInt8(ascii: "<") { break }
                i += 1
            }
            guard i > start, i - start <= 1024 else { throw fail("expected a name") }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        /// Parses an element and its content, iteratively (an explicit stack), so nesting
        /// depth costs no call stack.
        mutating func element() throws(SVGError) -> SVGNode {
            var stack: [SVGNode] = []
            var root: SVGNode?
            repeat {
                try contentItem(&stack, root: &root, base: 0)
            } while !stack.isEmpty
            guard let root else { throw fail("no root element") }
            return root
        }

        /// Reads one piece of content: a tag, a comment, CDATA, a processing instruction, a run
        /// of character data or a reference. Elements open and close on `stack`; below `base`
        /// nothing may be closed (the elements around an entity's text).
        mutating func contentItem(_ stack: inout [SVGNode], root: inout SVGNode?, base: Int) throws(SVGError) {
            if peek("</") {
                i += 2
                let n = try name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>' after </\(n)") }
                i += 1
                guard stack.count > base, let open = stack.popLast(), open.name == n else { throw fail("unexpected </\(n)>") }
            } else if peek("<!--") {
                try skip(past: "-->", what: "comment")
            } else if peek("<![CDATA[") {
                i += 9
                let start = i
                try skip(past: "]]>", what: "CDATA section")
                try appendText(bytes[start..<(i - 3)], to: stack.last)
            } else if peek("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if peek("<!") {
                throw fail("unexpected markup declaration")
            } else if peek("<") {
                let line = line(atCheap: i)
                i += 1
                let n = try name()
                let (attributes, selfClosing) = try attributeList(element: n)
                elementCount += 1
                guard elementCount <= limits.maxElements else { throw .tooManyElements(line: line, limit: limits.maxElements) }
                let e = SVGNode(name: n, attributes: attributes, line: line)
                if let parent = stack.last { parent.children.append(e) } else { root = e }
                if !selfClosing {
                    guard stack.count < limits.maxDepth else { throw .nestingTooDeep(line: self.line(at: i), limit: limits.maxDepth) }
                    stack.append(e)
                }
            } else if i < bytes.count {
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "<"), bytes[i] != UInt8(ascii: "&") { i += 1 }
                if i > start { try appendDecoded(bytes[start..<i], at: start, to: stack.last) }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "&") else { return }
                let reference = i
                guard let semi = bytes[i...].prefix(1026).firstIndex(of: UInt8(ascii: ";")) else { throw fail("unterminated entity reference") }
                i = semi + 1
                let ref = String(decoding: bytes[(reference + 1)..<semi], as: UTF8.self)
                if let value = entities[ref] {
                    try include(ref, value, in: &stack)
                } else {
                    try appendDecoded(bytes[reference..<i], at: reference, to: stack.last)
                }
            } else {
                throw fail("unexpected end of input inside <\(stack.last?.name ?? "?")>")
            }
        }

        /// Parses the text of entity `name`, referenced in the content of `stack.last`, as
        /// content in its place (XML's "included" entities), so it may hold elements and
        /// further references. The text must be balanced: it closes only what it opens. Each
        /// inclusion costs its length plus one against ``SVGImporter/Limits/maxEntityExpansionBytes``
        /// (so nested references cannot multiply the work unseen) and counts one level
        /// against ``SVGImporter/Limits/maxEntityDepth``; elements count against the document's
        /// limits as if written out. Errors inside name the line of the outermost reference.
        mutating func include(_ name: String, _ value: [UInt8], in stack: inout [SVGNode]) throws(SVGError) {
            guard !openEntities.contains(name) else { throw fail("entity &\(name); refers to itself") }
            guard openEntities.count < limits.maxEntityDepth else {
                throw .entityNestingTooDeep(line: line(at: i), limit: limits.maxEntityDepth)
            }
            try chargeEntityExpansion(value.count + 1)
            var inner = Scanner(bytes: value, limits: limits, referenceLine: referenceLine ?? line(atCheap: i))
            inner.i = 0
            inner.entities = entities
            inner.openEntities = openEntities + [name]
            inner.elementCount = elementCount
            inner.attributeCount = attributeCount
            inner.entityExpansionCost = entityExpansionCost
            let base = stack.count
            var root: SVGNode?
            while inner.i < value.count { try inner.contentItem(&stack, root: &root, base: base) }
            guard stack.count == base else { throw inner.fail("entity &\(name); leaves <\(stack.last?.name ?? "?")> open") }
            elementCount = inner.elementCount
            attributeCount = inner.attributeCount
            entityExpansionCost = inner.entityExpansionCost
        }

        /// Line numbers are needed for every element; counting from the start each time would
        /// be quadratic, so keep a running count.
        var lineCursor = (offset: 0, line: 1)
        mutating func line(atCheap offset: Int) -> Int {
            if let referenceLine { return referenceLine }
            var (o, n) = lineCursor
            while o < offset { if bytes[o] == 0x0A { n += 1 }; o += 1 }
            lineCursor = (o, n)
            return n
        }

        /// Character data (UTF-8 checked, predefined entities and character references resolved).
        mutating func appendDecoded(_ slice: ArraySlice<UInt8>, at start: Int, to element: SVGNode?) throws(SVGError) {
            let decoded = try decode(slice)
            guard let element else { return }
            guard element.text.utf8.count + decoded.utf8.count <= limits.maxAttributeBytes else {
                throw .attributeTooLarge(line: line(at: start), name: "text of <\(element.name)>", limit: limits.maxAttributeBytes)
            }
            element.appendText(decoded)
        }

        mutating func appendText(_ slice: ArraySlice<UInt8>, to element: SVGNode?) throws(SVGError) {
            guard let element else { return }
            guard element.text.utf8.count + slice.count <= limits.maxAttributeBytes else {
                throw .attributeTooLarge(line: line(at: i), name: "text of <\(element.name)>", limit: limits.maxAttributeBytes)
            }
            element.appendText(String(decoding: slice, as: UTF8.self))
        }

        mutating func attributeList(element: String) throws(SVGError) -> ([String: String], Bool) {
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated <\(element)>") }
                if bytes[i] == UInt8(ascii: ">") { i += 1; return (attributes, false) }
                if peek("/>") { i += 2; return (attributes, true) }
                attributeCount += 1
                guard attributeCount <= limits.maxAttributes else { throw .tooManyAttributes(line: line(at: i), limit: limits.maxAttributes) }
                let n = try name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected '=' after \(n)") }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for \(n)")
                }
                let quote = bytes[i]
                i += 1
                let start = i
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw fail("'<' in the value of \(n)") }
                    i += 1
                    if i - start > limits.maxAttributeBytes {
                        throw .attributeTooLarge(line: line(at: start), name: n, limit: limits.maxAttributeBytes)
                    }
                }
                guard i < bytes.count else { throw fail("unterminated value of \(n)") }
                let value = try decode(bytes[start..<i])
                i += 1
                guard attributes[n] == nil else { throw fail("duplicate attribute \(n)") }
                attributes[n] = value
            }
        }

        /// Decodes UTF-8 and resolves the predefined entities, character references and the
        /// DOCTYPE's internal entities (by text replacement, within
        /// ``SVGImporter/Limits/maxEntityDepth`` and ``SVGImporter/Limits/maxEntityExpansionBytes``).
        mutating func decode(_ slice: ArraySlice<UInt8>) throws(SVGError) -> String {
            guard slice.contains(UInt8(ascii: "&")) else {
                guard let s = String(validating: slice, as: UTF8.self) else { throw fail("invalid UTF-8") }
                return s
            }
            var out: [UInt8] = []
            out.reserveCapacity(slice.count)
            try resolve(slice, into: &out, open: openEntities, expanding: false)
            guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8") }
            return s
        }

        /// Appends `slice` to `out` with its references resolved; `open` lists the entities
        /// being expanded (innermost last), which detects self-reference and bounds the depth.
        /// `expanding`: `slice` is an entity's text, expanded inside an attribute value.
        mutating func resolve(_ slice: ArraySlice<UInt8>, into out: inout [UInt8], open: [String], expanding: Bool) throws(SVGError) {
            var k = slice.startIndex
            while k < slice.endIndex {
                let b = slice[k]
                if expanding, let entity = open.last {
                    if b == UInt8(ascii: "<") { throw fail("the text of entity &\(entity); contains '<', which an attribute value may not hold") }
                    try chargeEntityExpansion(1)
                }
                guard b == UInt8(ascii: "&") else { out.append(b); k += 1; continue }
                guard let semi = slice[k...].prefix(1026).firstIndex(of: UInt8(ascii: ";")) else { throw fail("unterminated entity reference") }
                let ref = String(decoding: slice[(k + 1)..<semi], as: UTF8.self)
                switch ref {
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "amp": out.append(UInt8(ascii: "&"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    if let value = entities[ref] {
                        guard !open.contains(ref) else { throw fail("entity &\(ref); refers to itself") }
                        guard open.count < limits.maxEntityDepth else {
                            throw .entityNestingTooDeep(line: line(at: i), limit: limits.maxEntityDepth)
                        }
                        try chargeEntityExpansion(1)
                        try resolve(value[...], into: &out, open: open + [ref], expanding: true)
                    } else {
                        var code: UInt32?
                        if ref.hasPrefix("#x") || ref.hasPrefix("#X") { code = UInt32(ref.dropFirst(2), radix: 16) }
                        else if ref.hasPrefix("#") { code = UInt32(ref.dropFirst(), radix: 10) }
                        guard let code, let scalar = Unicode.Scalar(code) else { throw fail("undefined entity &\(ref);") }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    }
                }
                k = semi + 1
            }
        }

        mutating func chargeEntityExpansion(_ bytes: Int) throws(SVGError) {
            entityExpansionCost += bytes
            guard entityExpansionCost <= limits.maxEntityExpansionBytes else {
                throw .entityExpansionTooLarge(line: line(at: i), limit: limits.maxEntityExpansionBytes)
            }
        }
    }
}
