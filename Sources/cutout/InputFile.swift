import Foundation

/// An input file read with a size limit that holds before any memory is spent: a regular
/// file's size is checked before it is opened, and anything else (a pipe, `/dev/zero`) is
/// read in chunks and refused as soon as it passes the limit.
struct InputFile {
    let path: String
    /// The most bytes accepted.
    let limit: Int
    /// Bytes read from the file so far.
    private(set) var bytesRead = 0

    init(path: String, limit: Int) {
        self.path = path
        self.limit = limit
    }

    /// The whole file.
    /// - Throws: ``CommandError`` naming the file: it is missing, a folder, unreadable, or
    ///   larger than ``limit``.
    mutating func contents() throws(CommandError) -> Data {
        try CommandError.requireFile(path)
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw CommandError.file("read", path, error)
        }
        if attributes[.type] as? FileAttributeType == .typeRegular, let size = (attributes[.size] as? NSNumber)?.intValue,
           size > limit {
            throw tooLarge("has \(size) bytes")
        }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw CommandError.file("read", path, error)
        }
        defer { try? handle.close() }
        var data = Data()
        // Reads one byte past the limit (a file may grow after the size check, and devices
        // report no size) to tell "exactly the limit" from "more".
        while data.count <= limit {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - data.count)) } catch {
                throw CommandError.file("read", path, error)
            }
            guard let chunk, !chunk.isEmpty else { return data }
            bytesRead += chunk.count
            data.append(chunk)
        }
        throw tooLarge("has more than \(limit) bytes")
    }

    private func tooLarge(_ what: String) -> CommandError {
        CommandError("cannot read '\(path)': it \(what); the limit is \(limit) bytes (\(limit >> 20) MiB)")
    }
}
