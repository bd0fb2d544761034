import Foundation

/// Remembers which tours a user has already seen, so each shows once.
public protocol TourStore: AnyObject, Sendable {
    /// Whether the tour with this id was shown (finished or skipped) before.
    func hasShown(_ tourID: String) -> Bool
    /// Records that the tour was shown.
    func markShown(_ tourID: String)
    /// Forgets the tour (to show it again).
    func reset(_ tourID: String)
}

extension Tour {
    /// Records the tour in `store` once it is over; call after each transition (or from
    /// ``onEvent``). Returns whether it recorded.
    @discardableResult
    public func recordIfOver(in store: any TourStore) -> Bool {
        guard isOver else { return false }
        store.markShown(id)
        return true
    }
}

/// A store that lives as long as the process.
public final class InMemoryTourStore: TourStore, @unchecked Sendable {
    // Guarded by `lock`.
    private var shown: Set<String>
    private let lock = NSLock()

    public init(shown: Set<String> = []) { self.shown = shown }

    public func hasShown(_ tourID: String) -> Bool { lock.withLock { shown.contains(tourID) } }
    public func markShown(_ tourID: String) { lock.withLock { _ = shown.insert(tourID) } }
    public func reset(_ tourID: String) { lock.withLock { _ = shown.remove(tourID) } }
}

/// A store kept in a JSON file: `{"version": 1, "shown": ["tour-id", ...]}`.
///
/// The file is read once, at init, and rewritten atomically on every change. A missing file
/// is an empty store. A file that cannot be read or decoded, or has another version, is
/// treated as empty and reported as ``SpotlightError/corruptStore(path:reason:)``; it is
/// replaced on the next change. A failed write is reported as
/// ``SpotlightError/storeWriteFailed(path:reason:)`` and the change stays in memory. Nothing
/// here traps.
public final class FileTourStore: TourStore, @unchecked Sendable {
    /// The file's location.
    public let url: URL
    private let reporter: SpotlightReporter
    // Guarded by `lock`.
    private var shown: Set<String>
    private let lock = NSLock()

    /// The format written to disk.
    struct Contents: Codable {
        var version: Int
        var shown: [String]
    }

    /// Largest file read; a larger one counts as corrupt (a list of tour ids is tiny).
    static let maxFileSize = 1 << 20

    public init(url: URL, reporter: SpotlightReporter = .silent) {
        self.url = url
        self.reporter = reporter
        self.shown = Self.load(url, reporter)
    }

    public func hasShown(_ tourID: String) -> Bool { lock.withLock { shown.contains(tourID) } }

    public func markShown(_ tourID: String) {
        lock.withLock {
            guard shown.insert(tourID).inserted else { return }
            save()
        }
    }

    public func reset(_ tourID: String) {
        lock.withLock {
            guard shown.remove(tourID) != nil else { return }
            save()
        }
    }

    private static func load(_ url: URL, _ reporter: SpotlightReporter) -> Set<String> {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        func corrupt(_ reason: String) -> Set<String> {
            reporter.report(.corruptStore(path: url.path, reason: reason))
            return []
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { return corrupt("unreadable: \(error.localizedDescription)") }
        guard data.count <= maxFileSize else { return corrupt("larger than \(maxFileSize) bytes") }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: data) } catch { return corrupt("not a tour store: \(error)") }
        guard contents.version == 1 else { return corrupt("unsupported version \(contents.version)") }
        return Set(contents.shown)
    }

    /// Called with `lock` held.
    private func save() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(Contents(version: 1, shown: shown.sorted()))
            try data.write(to: url, options: .atomic)
        } catch {
            reporter.report(.storeWriteFailed(path: url.path, reason: "\(error)"))
        }
    }
}
