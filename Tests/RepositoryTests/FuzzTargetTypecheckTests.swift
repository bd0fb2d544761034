import Foundation
import Testing

/// Type-checks every fuzz target (`Fuzz/Targets/<name>.swift` with `Fuzz/Support`) against the
/// modules built for this test run. `scripts/fuzz.sh` builds the targets outside SwiftPM, by
/// hand, so without this check a changed internal API breaks a target silently until someone
/// next fuzzes it (the `css` target went unbuilt that way after the CSS selectors changed).
@Suite struct FuzzTargetTypecheckTests {
    static let root = AppleAdapterSourceTests.root

    static let targets: [String] = {
        let dir = root.appendingPathComponent("Fuzz/Targets")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
    }()

    /// Every target `scripts/fuzz.sh` can run has a file, and every file is a target it runs.
    @Test func everyTargetIsListedInTheScript() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/fuzz.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("all_targets=(") })
        var listed = Set(line.dropFirst("all_targets=(".count).prefix { $0 != ")" }.split(separator: " ").map(String.init))
        if script.contains("all_targets+=(text)") { listed.insert("text") }
        #expect(listed == Set(Self.targets))
    }

    /// The `-package-name` SwiftPM gave this checkout's modules (its identity: the folder's
    /// name, lower-cased, other characters than letters and digits as `_`), which `package`
    /// declarations the targets use (`fillStroke` in the bench scene reader) require.
    static var packageName: String {
        String(root.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    #if os(Linux)
    @Test(arguments: targets)
    func targetTypechecks(_ name: String) throws {
        let compiler = try #require(AppleAdapterSourceTests.swiftc(), "swiftc not found on PATH")
        let modules = try #require(AdapterTypecheckTests.modulesDirectory(), "built modules not found near \(CommandLine.arguments[0])")
        let support = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Fuzz/Support").path)
            .filter { $0.hasSuffix(".swift") }.map { Self.root.appendingPathComponent("Fuzz/Support/\($0)").path }
        // The scene reader lives in the `cutout` executable, the reference rasteriser in the test
        // support: fuzz.sh compiles their files in too.
        let extraFiles = ["scene-json": "Sources/cutout/BenchScenes.swift", "exact-fill": "Tests/CutoutTestSupport/ReferenceRasterizer.swift"]
        let extra = extraFiles[name].map { [Self.root.appendingPathComponent($0).path] } ?? []
        let zlibMap = Self.root.appendingPathComponent("Sources/CZlib/module.modulemap").path
        let result = try AdapterTypecheckTests.run(compiler, [
            "-typecheck", "-swift-version", "6", "-package-name", Self.packageName, "-parse-as-library", "-module-name", "Fuzz_" + name.replacingOccurrences(of: "-", with: "_"),
            "-I", modules.path, "-Xcc", "-fmodule-map-file=\(zlibMap)",
            Self.root.appendingPathComponent("Fuzz/Targets/\(name).swift").path,
        ] + support + extra, in: Self.root)
        #expect(result.status == 0 && !result.output.contains("error:"), "\(name):\n\(result.output)")
    }
    #endif
}
