import Foundation
import Testing

/// Every golden image must belong to a test: an image no test reads is either dead weight or,
/// worse, a check someone believes runs. A golden is covered when its suite's sources name it,
/// either literally ("fill-star") or through an interpolated name whose literal prefix it
/// starts with ("blend-\(mode.rawValue)" covers blend-multiply).
@Suite struct GoldenInventoryTests {
    static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func swiftSources(in suite: URL) -> String {
        let files = FileManager.default.enumerator(at: suite, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// Literal prefixes of interpolated strings: `"blend-\(` gives `blend-`. The source is
    /// scanned as UTF-8 bytes (`"`, `\`, `(` and newlines are single bytes there): searching the
    /// `String` again from each match took seconds in a debug build.
    static func interpolationPrefixes(in source: [UInt8]) -> [String] {
        var out: [String] = []
        var searchedTo = 0
        var i = 0
        while i + 1 < source.count {
            guard source[i] == UInt8(ascii: "\\"), source[i + 1] == UInt8(ascii: "(") else { i += 1; continue }
            // The last quote since the previous match, on this line.
            var q = i - 1
            while q >= searchedTo, source[q] != UInt8(ascii: "\""), source[q] != UInt8(ascii: "\n") { q -= 1 }
            if q >= searchedTo, source[q] == UInt8(ascii: "\"") {
                let prefix = String(decoding: source[(q + 1)..<i], as: UTF8.self)
                if prefix.count >= 3 { out.append(prefix) }
            }
            i += 2
            searchedTo = i
        }
        return out
    }

    /// Whether `needle` occurs in `haystack`, byte for byte (Foundation's search is compiled
    /// optimised even in a debug build).
    static func occurs(_ needle: String, in haystack: Data) -> Bool {
        haystack.range(of: Data(needle.utf8)) != nil
    }

    @Test func everyGoldenImageIsUsedByATest() throws {
        let suites = try FileManager.default.contentsOfDirectory(at: Self.testsRoot, includingPropertiesForKeys: nil)
        var checked = 0
        for suite in suites {
            let golden = suite.appendingPathComponent("Golden")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: golden.path) else { continue }
            let text = Self.swiftSources(in: suite)
            let source = Data(text.utf8)
            let prefixes = Self.interpolationPrefixes(in: Array(text.utf8))
            for name in names where !name.hasPrefix(".") {
                let base = (name as NSString).deletingPathExtension
                let covered = Self.occurs("\"\(base)", in: source) || Self.occurs(base + "\"", in: source)
                    || prefixes.contains { base.hasPrefix($0) }
                #expect(covered, "\(suite.lastPathComponent)/Golden/\(name) is not used by any test")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
