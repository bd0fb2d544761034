import Foundation
@testable import CutoutSVG

// The XML reader under the SVG importer. Invariants: the limits hold in the tree it returns
// (elements, depth, value sizes); writing the tree back as XML (escaped as the exporter
// escapes, names as written) reads back to the same tree; resolving its namespaces leaves no
// name empty.

private let limits = SVGImporter.Limits(maxInputBytes: 1 << 16, maxAttributeBytes: 1 << 12, maxDepth: 48, maxElements: 4_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let root: SVGNode
    do {
        root = try XMLDocumentParser(limits: limits).parseWithoutNamespaces(Data(bytes))
    } catch {
        require(!error.description.isEmpty, "an error without a description")
        return 0
    }
    var elements = 0
    checkLimits(root, depth: 1, elements: &elements)
    // Names and CDATA are decoded leniently (invalid UTF-8 becomes U+FFFD, which can make a
    // name longer than the reader accepts): compare the rewrite only for valid UTF-8 input.
    guard String(validating: bytes, as: UTF8.self) != nil else { return 0 }
    var xml = ""
    write(root, to: &xml)
    var relaxed = limits
    relaxed.maxInputBytes = xml.utf8.count
    relaxed.maxAttributeBytes = limits.maxAttributeBytes * 6  // "&quot;" is the longest escape
    let again: SVGNode
    do {
        again = try XMLDocumentParser(limits: relaxed).parseWithoutNamespaces(Data(xml.utf8))
    } catch {
        require(false, "the rewritten document does not read back: \(error)\n\(xml)")
        return 0
    }
    require(same(root, again), "the rewritten document reads back differently:\n\(xml)")
    XMLNamespaces.resolve(root)
    requireNamed(root)
    return 0
}

private func requireNamed(_ node: SVGNode) {
    require(!node.name.isEmpty && !node.attributes.keys.contains(""), "an empty name after resolving namespaces")
    for child in node.children { requireNamed(child) }
}

private func checkLimits(_ node: SVGNode, depth: Int, elements: inout Int) {
    elements += 1
    require(elements <= limits.maxElements, "more than \(limits.maxElements) elements")
    // An open element may sit at depth maxDepth; a self-closing child one below it.
    require(depth <= limits.maxDepth + 1, "depth \(depth) beyond \(limits.maxDepth)")
    require(!node.name.isEmpty, "an element without a name")
    require(node.line >= 1, "line \(node.line)")
    require(node.text.utf8.count <= limits.maxAttributeBytes, "text of \(node.text.utf8.count) bytes")
    for (name, value) in node.attributes {
        require(!name.isEmpty, "an attribute without a name")
        require(value.utf8.count <= limits.maxAttributeBytes, "attribute \(name) of \(value.utf8.count) bytes")
    }
    for child in node.children { checkLimits(child, depth: depth + 1, elements: &elements) }
}

private func write(_ node: SVGNode, to out: inout String) {
    out += "<" + node.name
    for (name, value) in node.attributes.sorted(by: { $0.key < $1.key }) {
        out += " " + name + "=\"" + value.xmlEscaped + "\""
    }
    out += ">" + node.text.xmlEscaped
    for child in node.children { write(child, to: &out) }
    out += "</" + node.name + ">"
}

private func same(_ a: SVGNode, _ b: SVGNode) -> Bool {
    a.name == b.name && a.attributes == b.attributes && a.text == b.text && a.children.count == b.children.count
        && zip(a.children, b.children).allSatisfy { same($0, $1) }
}
