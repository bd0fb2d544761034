import Foundation
import CutoutRaster
@testable import CutoutSVG

// CSS colours, `style` attributes and style sheets. Invariants: a colour's components are
// finite and in 0...1, and its 8-bit `#rrggbbaa` reads back to the same 8-bit values; a sheet
// keeps at most maxRules rules, examines each byte at most twice, keeps only the properties
// asked for, and every rule whose selector is one compound without attribute tests gives an
// element made to match it all its declarations (exactly when the selector names an id or a
// class, by property name otherwise).

private let properties: Set<String> = SVGBuilder.styleProperties
private let maxRules = 200

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    checkColor(text)
    for d in CSSStyleSheet.declarations(text) {
        require(!d.name.isEmpty && d.name == d.name.lowercased(), "declaration name \(d.name)")
        checkColor(d.value)
    }
    var sheet = CSSStyleSheet()
    do {
        try sheet.add(text, line: 1, properties: properties, maxRules: maxRules)
    } catch {
        require(sheet.rules.count == maxRules, "\(error) with \(sheet.rules.count) rules")
        return 0
    }
    require(sheet.rules.count <= maxRules, "\(sheet.rules.count) rules")
    require(sheet.bytesScanned <= 2 * text.utf8.count, "\(sheet.bytesScanned) bytes scanned for \(text.utf8.count)")
    for rule in sheet.rules.prefix(20) {
        require(rule.declarations.allSatisfy { properties.contains($0.name) }, "a rule keeps \(rule.declarations)")
        guard rule.selector.isSimple else { continue }
        let s = rule.selector.subject
        var attributes: [String: String] = [:]
        if let id = s.id { attributes["id"] = id }
        if !s.classes.isEmpty { attributes["class"] = s.classes.joined(separator: " ") }
        let element = SVGNode(name: s.element ?? "rect", attributes: attributes, line: 1)
        let found = sheet.declarations(for: 0, in: CSSElementTree(root: element))
        require(found.allSatisfy { properties.contains($0.name) }, "declarations of other properties: \(found)")
        for d in rule.declarations {
            if s.id != nil || !s.classes.isEmpty {
                require(found.contains(d), "\(s) matches but \(d) is missing from \(found)")
            } else {
                require(found.contains { $0.name == d.name }, "\(s) matches but \(d.name) is missing from \(found)")
            }
        }
    }
    return 0
}

private func checkColor(_ text: String) {
    guard let c = CSSColor.parse(text) else { return }
    let parts = [c.red, c.green, c.blue, c.alpha]
    require(parts.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "colour \(parts) from \(text.debugDescription)")
    let bytes = parts.map { UInt8(($0 * 255).rounded()) }
    let hex = "#" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    guard let again = CSSColor.parse(hex) else { return require(false, "\(hex) does not parse") }
    require([again.red, again.green, again.blue, again.alpha] == bytes.map { CGFloat($0) / 255 },
            "\(hex) reads back as \(again)")
}
