import Foundation
import Testing

/// Every DocC article's Swift sample is the code ``ArticleSamples`` compiles and runs, and every
/// public module has a documentation catalog with an overview page.
@Suite struct ArticleSampleSyncTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let modules = ["CutoutGeometry", "CutoutRaster", "CutoutLayers", "CutoutSVG", "CutoutHoles", "CutoutSpotlight",
                          "CutoutCollection"]

    /// `name → code` of the samples in ArticleSamples.swift, with the common indentation removed.
    static func samples() throws -> [String: String] {
        let source = try String(contentsOf: root.appendingPathComponent("Tests/DocumentationTests/ArticleSamples.swift"), encoding: .utf8)
        var out: [String: String] = [:]
        var name: String?
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// sample: ") {
                name = String(trimmed.dropFirst("// sample: ".count))
                lines = []
            } else if trimmed == "// end sample", let n = name {
                let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                    .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                out[n] = lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return out
    }

    /// Every `.md` of every catalog, by file name without extension.
    static func articles() throws -> [String: URL] {
        var out: [String: URL] = [:]
        for module in modules {
            let catalog = root.appendingPathComponent("Sources/\(module)/\(module).docc")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [] where file.hasSuffix(".md") {
                out[String(file.dropLast(3))] = catalog.appendingPathComponent(file)
            }
        }
        return out
    }

    /// The contents of the ```swift blocks of a Markdown file.
    static func swiftBlocks(_ markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func everySampleIsInItsArticleVerbatim() throws {
        let samples = try Self.samples()
        let articles = try Self.articles()
        #expect(samples.count == 6)
        for (name, code) in samples {
            let url = try #require(articles[name], "no article \(name).md in any catalog")
            let blocks = Self.swiftBlocks(try String(contentsOf: url, encoding: .utf8))
            #expect(blocks.contains(code), "\(name).md does not show the compiled sample:\n\(code)")
        }
    }

    /// Articles show only code that is compiled: every Swift block of every article is a sample.
    @Test func everyArticleSampleIsCompiled() throws {
        let compiled = Set(try Self.samples().values)
        for (name, url) in try Self.articles() {
            for block in Self.swiftBlocks(try String(contentsOf: url, encoding: .utf8)) {
                #expect(compiled.contains(block), "\(name).md shows code no test compiles:\n\(block)")
            }
        }
    }

    @Test func everyPublicModuleHasACatalogWithItsOverview() throws {
        for module in Self.modules {
            let page = Self.root.appendingPathComponent("Sources/\(module)/\(module).docc/\(module).md")
            let text = try String(contentsOf: page, encoding: .utf8)
            #expect(text.hasPrefix("# ``\(module)``"), "\(module).md starts with the module's symbol link")
        }
    }

    /// Every image an article shows (`![alt](name)`) is in its catalog's `Resources/`.
    @Test func articleImagesExist() throws {
        var shown = 0
        for (name, url) in try Self.articles() {
            let text = try String(contentsOf: url, encoding: .utf8)
            for part in text.components(separatedBy: "![").dropFirst() {
                guard let open = part.range(of: "]("), let close = part[open.upperBound...].firstIndex(of: ")") else { continue }
                let ref = String(part[open.upperBound..<close])
                let file = url.deletingLastPathComponent().appendingPathComponent("Resources/\(ref).png")
                #expect(FileManager.default.fileExists(atPath: file.path), "\(name).md shows \(ref), missing from Resources/")
                shown += 1
            }
        }
        #expect(shown >= 6, "each technique article shows its gallery picture")
    }
}
