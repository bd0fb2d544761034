import Foundation
import Testing
@testable import cutout

/// `cutout render` refuses oversized input before reading it: the bytes read are counted.
@Suite struct InputFileTests {
    /// A 64 MiB + 1 byte file (sparse: it takes no disk) is refused from its size alone; the
    /// old code read all of it into memory first.
    @Test func anOversizedFileIsRefusedWithoutReadingIt() throws {
        let tmp = try TemporaryFolder()
        let path = tmp.path("big.svg")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()

        var file = InputFile(path: path, limit: 64 << 20)
        #expect(throws: CommandError.self) { _ = try file.contents() }
        #expect(file.bytesRead == 0)

        let outcome = runCutout(["render", path, "-o", tmp.path("out.png")])
        #expect(outcome.exitCode == 1)
        #expect(outcome.message.contains(path) && outcome.message.contains("has 67108865 bytes; the limit is 67108864"),
                "\(outcome.message)")
    }

    /// A device that reports no size is read only one byte past the limit.
    @Test func anEndlessDeviceIsCutJustPastTheLimit() throws {
        var file = InputFile(path: "/dev/zero", limit: 3 << 20)
        #expect(throws: CommandError.self) { _ = try file.contents() }
        #expect(file.bytesRead == (3 << 20) + 1)
    }

    /// A file of exactly the limit is read whole.
    @Test func aFileAtTheLimitIsRead() throws {
        let tmp = try TemporaryFolder()
        let path = try tmp.write("in.svg", String(repeating: " ", count: 1000))
        var file = InputFile(path: path, limit: 1000)
        #expect(try file.contents().count == 1000)
        #expect(file.bytesRead == 1000)
        var tooSmall = InputFile(path: path, limit: 999)
        #expect(throws: CommandError.self) { _ = try tooSmall.contents() }
        #expect(tooSmall.bytesRead == 0)
    }
}
