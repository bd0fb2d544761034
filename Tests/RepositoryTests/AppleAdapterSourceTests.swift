import Foundation
import Testing

/// The UIKit and SwiftUI adapters compile only on Apple platforms, so Linux CI cannot build
/// them. These tests keep what Linux can check: every file parses (`swiftc -parse`, no
/// diagnostics at all), is guarded so it builds to nothing where its framework is missing, says
/// which Apple APIs it relies on, and the modules do not re-export the cores (whose `Path`,
/// `Color`, `Gradient`… would collide with SwiftUI's in the app's files).
@Suite struct AppleAdapterSourceTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let modules = ["CutoutUIKit", "CutoutSwiftUI"]

    static func sources(_ module: String) -> [URL] {
        let dir = root.appendingPathComponent("Sources").appendingPathComponent(module)
        let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    static func swiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test func everyAdapterFileParsesWithoutDiagnostics() throws {
        let compiler = try #require(Self.swiftc(), "swiftc not found on PATH")
        var parsed = 0
        for module in Self.modules {
            let files = Self.sources(module)
            #expect(!files.isEmpty, "\(module) has no sources")
            for file in files {
                let process = Process()
                process.executableURL = compiler
                process.arguments = ["-parse", file.path]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = output
                try process.run()
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0 && text.isEmpty, "\(module)/\(file.lastPathComponent):\n\(text)")
                parsed += 1
            }
        }
        #expect(parsed >= 10)
    }

    @Test func everyAdapterFileIsGuardedAndNamesItsAppleAPIs() throws {
        for module in Self.modules {
            for file in Self.sources(module) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let name = "\(module)/\(file.lastPathComponent)"
                let code = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty && !$0.hasPrefix("//") }
                #expect(code.first?.hasPrefix("#if canImport(") == true, "\(name) must start with #if canImport(...)")
                #expect(code.last == "#endif", "\(name) must end with #endif")
                #expect(text.hasPrefix("// Apple APIs:"), "\(name) must open with a `// Apple APIs:` header")
                #expect(!text.contains("@_exported"), "\(name) re-exports a module")
            }
        }
    }

    @Test func swiftUIFilesImportNoUIKitAdapter() throws {
        // CutoutSwiftUI builds on macOS too, where CutoutUIKit's UIKit parts are absent.
        for file in Self.sources("CutoutSwiftUI") {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("import CutoutUIKit"), "\(file.lastPathComponent)")
        }
    }
}

/// The README's "In an iOS app" snippets: they parse, and each follows the import rule it states.
@Suite struct ReadmeAdapterSnippetTests {
    static func snippets() throws -> [String] {
        let readme = try String(contentsOf: AppleAdapterSourceTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## In an iOS app\n") else { return [] }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        return section.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func snippetsImportOnlyTheirFrameworkAndItsAdapter() throws {
        let blocks = try Self.snippets()
        #expect(blocks.count == 2)
        for block in blocks {
            let imports = Set(block.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) })
            #expect(imports == ["UIKit", "CutoutUIKit"] || imports == ["SwiftUI", "CutoutSwiftUI"], "\(imports)")
        }
    }

    @Test func snippetsParse() throws {
        let compiler = try #require(AppleAdapterSourceTests.swiftc(), "swiftc not found on PATH")
        for (i, block) in try Self.snippets().enumerated() {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-readme-ios-\(i)-\(UUID().uuidString).swift")
            try block.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = compiler
            process.arguments = ["-parse", file.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && text.isEmpty, "snippet \(i):\n\(text)")
        }
    }
}
