import Foundation

/// A failure while a command runs (after its arguments were accepted): `cutout` prints
/// `Error: <description>` on standard error, without the usage text, and exits with status 1.
/// The description always names the file concerned.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// "cannot <action> '<path>': <reason>", the reason taken from the underlying system error
    /// ("Is a directory", "No such file or directory"…) rather than Foundation's error dump.
    static func file(_ action: String, _ path: String, _ error: any Error) -> CommandError {
        CommandError("cannot \(action) '\(path)': \(reason(error))")
    }

    /// The most specific readable reason inside a Foundation error.
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
            return reason(underlying)
        }
        if ns.domain == NSPOSIXErrorDomain, let message = String(validatingCString: strerror(Int32(ns.code))) {
            return message
        }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "Permission denied"
        default: break
        }
        return ns.localizedDescription
    }

    /// Throws unless `path` names something that exists and is not a folder.
    static func requireFile(_ path: String) throws(CommandError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandError("cannot read '\(path)': No such file or directory")
        }
        if isFolder.boolValue { throw CommandError("cannot read '\(path)': it is a folder, not a file") }
    }

    /// Writes `data` to `path`, turning a failure into a ``CommandError`` naming the path.
    ///
    /// Atomically: the bytes go to a temporary file beside `path`, renamed over it once
    /// complete, so a write that fails (a full disk, a quota) leaves the file that was there
    /// and no partial one.
    static func write(_ data: Data, to url: URL) throws(CommandError) {
        do { try data.write(to: url, options: .atomic) } catch {
            // The temporary file's failure hides one cause: a "folder" that is a file.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder),
               !isFolder.boolValue {
                throw CommandError("cannot write '\(url.path)': Not a directory")
            }
            throw file("write", url.path, error)
        }
    }
}
