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

    /// Literal prefixes of interpolated strings: `"blend-\(` gives `blend-`.
    static func interpolationPrefixes(in source: String) -> [String] {
        var out: [String] = []
        var rest = Substring(source)
        while let r = rest.range(of: "\\(") {
            let before = rest[..<r.lowerBound]
            if let quote = before.lastIndex(of: "\""), !before[before.index(after: quote)...].contains("\n") {
                let prefix = String(before[before.index(after: quote)...])
                if prefix.count >= 3 { out.append(prefix) }
            }
            rest = rest[r.upperBound...]
        }
        return out
    }

    @Test func everyGoldenImageIsUsedByATest() throws {
        let suites = try FileManager.default.contentsOfDirectory(at: Self.testsRoot, includingPropertiesForKeys: nil)
        var checked = 0
        for suite in suites {
            let golden = suite.appendingPathComponent("Golden")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: golden.path) else { continue }
            let source = Self.swiftSources(in: suite)
            let prefixes = Self.interpolationPrefixes(in: source)
            for name in names where !name.hasPrefix(".") {
                let base = (name as NSString).deletingPathExtension
                let covered = source.contains("\"\(base)") || source.contains(base + "\"")
                    || prefixes.contains { base.hasPrefix($0) }
                #expect(covered, "\(suite.lastPathComponent)/Golden/\(name) is not used by any test")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
