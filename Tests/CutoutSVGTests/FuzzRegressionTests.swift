import Foundation
import Testing
@testable import CutoutSVG

/// Inputs `scripts/fuzz.sh` found (Fixtures/fuzz/), each checked for the invariant it broke.
@Suite struct FuzzRegressionTests {
    private func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/fuzz"))
        return try Data(contentsOf: url)
    }

    /// Found by the `xml` target: `&#xb82;` after `&lt;&amp;` decodes to "<&" + U+0B82, a
    /// combining mark, so "&" and the mark form one Character; escaping by Character wrote
    /// the "&" bare and the value no longer read back.
    @Test func escapingKeepsAnAmpersandBeforeACombiningMark() throws {
        let root = try XMLDocumentParser(limits: .default).parse(try fixture("xml-escape-combining-mark.svg"))
        let value = try #require(root.attributes["a"])
        #expect(value.unicodeScalars.contains("\u{0B82}"))
        let rewritten = "<svg a=\"\(value.xmlEscaped)\">\(root.text.xmlEscaped)</svg>"
        let again = try XMLDocumentParser(limits: .default).parse(Data(rewritten.utf8))
        #expect(again.attributes["a"] == value)
        #expect(again.text == root.text)
    }

    @Test(arguments: ["&\u{301}", "\"\u{301}", "<\u{20DD}", "'\u{300}", "\n\u{301}", ">\u{301}x"])
    func everySpecialScalarIsEscapedWhateverFollows(text: String) {
        let escaped = text.xmlEscaped
        #expect(!escaped.unicodeScalars.contains { "<>\"'\n".unicodeScalars.contains($0) })
        #expect(escaped.unicodeScalars.filter { $0 == "&" }.count == escaped.unicodeScalars.filter { $0 == ";" }.count)
    }
}
