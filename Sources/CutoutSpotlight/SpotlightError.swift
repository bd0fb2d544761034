import Foundation

/// Something the host got wrong or should know about. Spotlight never traps on these: each is
/// returned or recorded, and handed to a ``SpotlightReporter``.
public enum SpotlightError: Error, Hashable, Sendable {
    /// A second target was registered under an id already in use; the first registration is kept.
    case duplicateTarget(String)
    /// A target's frame or padding is NaN or infinite; the target was not registered.
    case invalidFrame(String)
    /// A step names a target that is not registered; the step's ``MissingTargetPolicy`` decides
    /// what happens.
    case missingTarget(step: Int, id: String)
    /// The tour store's file could not be read as a store; it was treated as empty.
    case corruptStore(path: String, reason: String)
    /// The tour store's file could not be written.
    case storeWriteFailed(path: String, reason: String)
}

/// Where Spotlight sends the errors it recovers from.
///
/// There is deliberately no trapping variant: a host that wants `assertionFailure` in debug
/// builds installs it itself (`SpotlightReporter { assertionFailure("\($0)") }`), and tests
/// install a collecting closure instead, so recovery paths stay testable.
public struct SpotlightReporter: Sendable {
    private let body: @Sendable (SpotlightError) -> Void

    /// A reporter that calls `body` for every error.
    public init(_ body: @escaping @Sendable (SpotlightError) -> Void) { self.body = body }

    /// Drops every error (they are still returned or recorded where the API says so).
    public static let silent = SpotlightReporter { _ in }

    /// Hands `error` to the reporter.
    public func report(_ error: SpotlightError) { body(error) }
}
