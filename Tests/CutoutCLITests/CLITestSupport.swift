import Foundation
import Testing
@testable import cutout

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }
}

/// What running a command line in-process gave: the error `cutout` would report (nil on
/// success), the message it would print and the exit status it would use.
struct CommandOutcome {
    var error: (any Error)?
    var message: String { error.map { Cutout.message(for: $0) } ?? "" }
    var exitCode: Int32 { error.map { Cutout.exitCode(for: $0) } ?? 0 }
    var succeeded: Bool { error == nil }
}

/// Parses `arguments` as `cutout` does and runs the command, catching what `main` would report.
func runCutout(_ arguments: [String]) -> CommandOutcome {
    do {
        try Cutout.parseAsRoot(arguments).run()
        return CommandOutcome(error: nil)
    } catch {
        return CommandOutcome(error: error)
    }
}

/// A small valid SVG document (100 × 50 points).
let smallSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">
      <rect x="10" y="10" width="80" height="30" rx="6" fill="#3366cc"/>
    </svg>
    """

/// The `cutout` executable built beside this test bundle, if there is one.
func builtCutoutExecutable() -> URL? {
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL]
    if let exe = Bundle.main.executableURL { starts.append(exe) }
    for start in starts {
        var dir = start.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("cutout")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            dir = dir.deletingLastPathComponent()
        }
    }
    return nil
}
