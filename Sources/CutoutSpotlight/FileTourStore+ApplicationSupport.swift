import Foundation

extension FileTourStore {
    /// The app's standard store: `CutoutTours.json` in the user's Application Support
    /// directory (the XDG data directory on Linux), which is created if missing. When there is
    /// no such directory, the temporary directory is used, and the record lasts as long as it.
    /// Failures to write are recoverable as for any ``FileTourStore``.
    public static let applicationSupport = FileTourStore(url: standardURL())

    /// Where ``applicationSupport`` keeps its file.
    static func standardURL(fileManager: FileManager = .default) -> URL {
        let directory = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? fileManager.temporaryDirectory
        try? fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("CutoutTours.json")
    }
}
