import Foundation
import Testing

/// Type-checks CutoutUIKit and CutoutSwiftUI on Linux against stand-ins for the Apple frameworks
/// (`AppleStubs/`) and the cores as built for this test run, in Swift 6 mode. A core API that an
/// adapter calls and that changes (a renamed label, a new parameter type) fails here instead of
/// only in an app's Xcode build. On Apple platforms the adapters compile for real, so the check
/// is Linux-only.
@Suite struct AdapterTypecheckTests {
    static let root = AppleAdapterSourceTests.root
    static let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AppleStubs")

    /// Where SwiftPM put the cores' modules: `Modules` beside the test bundle.
    static func modulesDirectory() -> URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("CutoutSpotlight.swiftmodule").path) {
                return candidate
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    static func run(_ compiler: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = compiler
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    #if os(Linux)
    @Test func adaptersTypecheckAgainstTheStubsAndTheCores() throws {
        let compiler = try #require(AppleAdapterSourceTests.swiftc(), "swiftc not found on PATH")
        let modules = try #require(Self.modulesDirectory(), "built modules not found near \(CommandLine.arguments[0])")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-adapter-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        for module in ["CoreGraphics", "QuartzCore", "UIKit", "SwiftUI"] {
            let result = try Self.run(compiler, ["-emit-module", "-swift-version", "6", "-module-name", module, "-I", work.path,
                                                 Self.stubs.appendingPathComponent("\(module).swift").path,
                                                 "-o", work.appendingPathComponent("\(module).swiftmodule").path], in: work)
            try #require(result.status == 0, "stub \(module):\n\(result.output)")
        }
        let zlibMap = Self.root.appendingPathComponent("Sources/CZlib/module.modulemap").path
        for module in AppleAdapterSourceTests.modules {
            let copies = work.appendingPathComponent(module)
            try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
            var files: [String] = []
            for source in AppleAdapterSourceTests.sources(module) {
                // Linux has no Objective-C runtime: target-action selectors become plain
                // references to the same methods, which the compiler still resolves.
                let text = try String(contentsOf: source, encoding: .utf8)
                    .replacingOccurrences(of: "@objc ", with: "")
                    .replacingOccurrences(of: "#selector(", with: "Selector.make(")
                let copy = copies.appendingPathComponent(source.lastPathComponent)
                try text.write(to: copy, atomically: true, encoding: .utf8)
                files.append(copy.path)
            }
            let result = try Self.run(compiler, ["-typecheck", "-swift-version", "6", "-module-name", module,
                                                 "-I", work.path, "-I", modules.path,
                                                 "-Xcc", "-fmodule-map-file=\(zlibMap)"] + files, in: work)
            #expect(result.status == 0 && !result.output.contains("error:"), "\(module):\n\(result.output)")
        }
    }
    #endif
}
