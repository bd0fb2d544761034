import Foundation

extension SVGImporter {
    /// The files an imported document's `<image>` elements (and `feImage`) may read.
    ///
    /// By default an import reads no file at all: an SVG document from an untrusted source
    /// must not be able to read arbitrary files (`href="/etc/passwd"`, `href="../../secret.png"`)
    /// into the pictures it draws. A caller that trusts a document grants it folders:
    ///
    /// - An `href` that is not a `data:` URI is a path, resolved against ``baseDirectory`` (the
    ///   document's own folder) unless it is absolute, or a `file:` URL. Other URLs (`http:`,
    ///   `https:`…) are never read: nothing is fetched over the network.
    /// - The resolved path, with its symbolic links followed, must lie in one of
    ///   ``readableDirectories`` (or below); otherwise the image is skipped with a warning. `../`
    ///   may therefore leave the document's folder only into a folder that is granted.
    /// - Only regular files are read, each at most ``SVGImporter/Limits/maxInputBytes``, and
    ///   all of them together at most ``SVGImporter/Limits/maxFileBytesRead`` (each file counted
    ///   once however often it is used).
    /// - Only the imported document reads files. An SVG document shown by `<image>` (from a
    ///   file or a `data:` URI) draws its own `data:` images but reads no file, as browsers
    ///   treat SVG used as an image and as resvg does; so no chain of files can loop back to
    ///   itself (a document showing its own file shows it once, without the inner image).
    /// - A missing or unreadable file, one outside the grant and one of an unsupported format
    ///   are skipped with a warning naming the element and the path; they are never errors.
    public struct FileAccess: Hashable, Sendable {
        /// The folder relative paths are resolved from: the document's own folder.
        public var baseDirectory: URL
        /// The folders whose files (at any depth below them) may be read.
        public var readableDirectories: [URL]

        /// Access to the files in `readableDirectories` (default: `baseDirectory` only), paths
        /// resolved from `baseDirectory`.
        public init(baseDirectory: URL, readableDirectories: [URL]? = nil) {
            self.baseDirectory = baseDirectory
            self.readableDirectories = readableDirectories ?? [baseDirectory]
        }

        /// Access for the document read from `file`: paths resolve from the file's folder, and
        /// the files in that folder and below it may be read, plus those in `alsoReadable`.
        public static func document(at file: URL, alsoReadable: [URL] = []) -> FileAccess {
            let folder = file.deletingLastPathComponent()
            return FileAccess(baseDirectory: folder, readableDirectories: [folder] + alsoReadable)
        }
    }
}
