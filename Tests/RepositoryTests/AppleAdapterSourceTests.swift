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
