import Foundation

/// Reads the files that `<image>` and `feImage` name, within a ``SVGImporter/FileAccess``
/// grant (see there for the policy). One per import, so that each file is read and decoded
/// once and the byte budget covers them all.
final class SVGResourceLoader {
    /// Why a file was not read: the text of the warning.
    struct Refusal: Error {
        let message: String
    }

    let access: SVGImporter.FileAccess
    let maxFileBytes: Int
    let maxTotalBytes: Int
    /// Bytes read from files so far (each file once).
    private(set) var bytesRead = 0
    /// The granted folders, symbolic links resolved (folders that do not exist grant nothing).
    private let readable: [String]
    private var files: [String: Result<Data, Refusal>] = [:]
    /// Decoded pictures and documents by real path, shared by every element naming the file.
    var images: [String: SVGBuilder.EmbeddedImage?] = [:]

    init(access: SVGImporter.FileAccess, limits: SVGImporter.Limits) {
        self.access = access
        maxFileBytes = limits.maxInputBytes
        maxTotalBytes = limits.maxFileBytesRead
        readable = access.readableDirectories.compactMap { Self.realPath($0.path) }
    }

    /// The real path (symbolic links resolved) of the file `href` names from `base`, or why
    /// it cannot be read.
    func resolve(_ href: String, from base: URL) -> Result<String, Refusal> {
        var path = href
        if let scheme = Self.scheme(of: href) {
            guard scheme == "file" else {
                return .failure(Refusal(message: "URLs (\(scheme):) are never read, only data: URIs and granted files"))
            }
            guard let url = URL(string: href), url.host.map({ $0.isEmpty || $0 == "localhost" }) ?? true else {
                return .failure(Refusal(message: "'\(href.prefix(60))' is not a local file URL"))
            }
            path = url.path
        }
        func located(_ p: String) -> String? {
            Self.realPath(p.hasPrefix("/") ? p : base.appendingPathComponent(p).path)
        }
        // A path is taken as written; percent escapes are decoded only when that finds nothing.
        guard let real = located(path) ?? path.removingPercentEncoding.flatMap(located) else {
            return .failure(Refusal(message: "the file '\(href.prefix(80))' does not exist"))
        }
        guard readable.contains(where: { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
            return .failure(Refusal(message: "'\(href.prefix(80))' is outside the folders the importer may read (SVGImporter.FileAccess)"))
        }
        return .success(real)
    }

    /// The bytes of the file at `real` (a path from ``resolve(_:from:)``), read once.
    func read(_ real: String) -> Result<Data, Refusal> {
        if let cached = files[real] { return cached }
        let result = uncachedRead(real)
        files[real] = result
        return result
    }

    private func uncachedRead(_ real: String) -> Result<Data, Refusal> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            return .failure(Refusal(message: "'\(real.suffix(80))' is not a regular file"))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxFileBytes else {
            return .failure(Refusal(message: "'\(real.suffix(80))' is larger than \(maxFileBytes) bytes"))
        }
        guard bytesRead + size <= maxTotalBytes else {
            return .failure(Refusal(message: "reading '\(real.suffix(80))' would pass the \(maxTotalBytes) bytes all image files may take"))
        }
        // Read at most one byte past the limit: the file may have grown since it was measured.
        guard let handle = FileHandle(forReadingAtPath: real) else {
            return .failure(Refusal(message: "'\(real.suffix(80))' cannot be opened"))
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: min(maxFileBytes, maxTotalBytes - bytesRead) + 1) ?? Data() } catch {
            return .failure(Refusal(message: "'\(real.suffix(80))' cannot be read (\(error.localizedDescription))"))
        }
        guard data.count <= maxFileBytes, bytesRead + data.count <= maxTotalBytes else {
            return .failure(Refusal(message: "'\(real.suffix(80))' grew past the bytes image files may take while it was read"))
        }
        bytesRead += data.count
        return .success(data)
    }

    /// The URI scheme of `href` (lowercased), or nil for a path. One letter before a colon is
    /// a drive letter, not a scheme.
    static func scheme(of href: String) -> String? {
        guard let colon = href.firstIndex(of: ":") else { return nil }
        let scheme = href[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }

    /// `path` with every symbolic link and `.`/`..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
