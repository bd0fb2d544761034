import Foundation
import Testing

/// What users import, written down: `api/<Product>.txt` lists every public symbol of each
/// library product (its declaration and its conformances), as the toolchain's
/// `swift-symbolgraph-extract` reads them from the modules `swift test` has just built. A change
/// to the public API therefore shows in review as a change to these files, and this test fails
/// until they are regenerated with `scripts/api-dump.sh`.
///
/// Runs on Linux, the CI platform, where the files are generated: on Apple platforms the
/// symbol graph spells some Foundation types through other modules.
@Suite struct PublicAPITests {
    static let products = ["CutoutGeometry", "CutoutRaster", "CutoutText", "CutoutLayers", "CutoutSVG", "CutoutHoles", "CutoutSpotlight",
                           "CutoutCollection"]
    /// Products whose every file is Apple-only: empty modules on Linux, so they have no API file
    /// (AppleAdapterSourceTests and AdapterTypecheckTests check them instead).
    static let appleOnlyProducts = ["CutoutUIKit", "CutoutSwiftUI"]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let updateVariable = "CUTOUT_API_DUMP"

    #if os(Linux)
    static let isLinux = true
    #else
    static let isLinux = false
    #endif

    /// The folder of the built `.swiftmodule`s of the running test build.
    static func modulesFolder() -> URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let modules = dir.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("CutoutGeometry.swiftmodule").path) { return modules }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// `swift-symbolgraph-extract` of the toolchain that runs the tests: beside `swift` on the
    /// `PATH`.
    static func extractor() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
            guard FileManager.default.fileExists(atPath: swift.path) else { continue }
            let tool = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract")
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool }
        }
        return nil
    }

    /// The public API of `module` as sorted lines.
    static func apiLines(module: String, modules: URL, tool: URL) throws -> [String] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // .build/<triple>/<configuration>/Modules
        let triple = modules.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-module-name", module, "-target", triple, "-I", modules.path,
                             "-I", root.appendingPathComponent("Sources/CZlib").path,
                             "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", out.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift-symbolgraph-extract \(module): \(String(decoding: message, as: UTF8.self))")

        var lines = Set<String>()
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".symbols.json") }.sorted()
        for file in files {
            let data = try Data(contentsOf: out.appendingPathComponent(file))
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            var names: [String: String] = [:]
            for symbol in graph.symbols { names[symbol.identifier.precise] = symbol.pathComponents.joined(separator: ".") }
            for symbol in graph.symbols {
                let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                lines.insert("\(symbol.pathComponents.joined(separator: ".")): \(declaration)")
            }
            for relation in graph.relationships where relation.kind == "conformsTo" {
                guard let source = names[relation.source] else { continue }
                let target = names[relation.target] ?? relation.targetFallback ?? relation.target
                // Implied by Sendable, and listed by newer toolchains only.
                if target == "Swift.SendableMetatype" { continue }
                lines.insert("\(source): conforms to \(target)")
            }
        }
        return lines.sorted()
    }

    static func header(_ product: String) -> String {
        "# Public API of \(product): every public symbol and conformance, from the symbol graph.\n# Generated by scripts/api-dump.sh; do not edit by hand.\n"
    }

    @Test(.enabled(if: isLinux, "api/ files are generated on Linux"), arguments: products)
    func apiFileIsCurrent(product: String) throws {
        let modules = try #require(Self.modulesFolder(), "no built modules beside \(CommandLine.arguments[0])")
        let tool = try #require(Self.extractor(), "swift-symbolgraph-extract not found beside swift on PATH")
        let lines = try Self.apiLines(module: product, modules: modules, tool: tool)
        #expect(lines.count > 5, "\(product): the extraction found too little to be right")
        let text = Self.header(product) + lines.joined(separator: "\n") + "\n"
        let file = Self.root.appendingPathComponent("api/\(product).txt")
        if ProcessInfo.processInfo.environment[Self.updateVariable] != nil {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let committed = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard committed != text else { return }
        let old = Set(committed.split(separator: "\n").map(String.init)), new = Set(text.split(separator: "\n").map(String.init))
        let added = new.subtracting(old).sorted().prefix(8).map { "+ " + $0 }
        let removed = old.subtracting(new).sorted().prefix(8).map { "- " + $0 }
        Issue.record("""
            api/\(product).txt is stale: the public API changed. Regenerate with `scripts/api-dump.sh` \
            and commit the result so the change shows in review.
            \((removed + added).joined(separator: "\n"))
            """)
    }

    /// Every product has its file (Apple-only ones aside), and no file names a product that is gone.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[updateVariable] == nil, "the files are being written"))
    func apiFolderMatchesTheProducts() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("api").path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
        #expect(Set(files) == Set(Self.products))
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.components(separatedBy: ".library(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(Set(libraries) == Set(Self.products + Self.appleOnlyProducts),
                "Package.swift's library products and PublicAPITests.products (plus the Apple-only ones) differ")
    }
}

/// The parts of a symbol graph file the API listing reads.
private struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Identifier: Decodable { var precise: String }
        struct Fragment: Decodable { var spelling: String }
        var identifier: Identifier
        var pathComponents: [String]
        var declarationFragments: [Fragment]?
    }

    struct Relationship: Decodable {
        var kind: String
        var source: String
        var target: String
        var targetFallback: String?
    }

    var symbols: [Symbol]
    var relationships: [Relationship]
}
