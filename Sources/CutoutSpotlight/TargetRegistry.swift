import Foundation

/// The highlightable elements on screen, collected by id (what SwiftUI gathers through an
/// anchor preference with a merging reducer).
///
/// Guarantees: ids are unique. A duplicate is never merged or overwritten silently: the first
/// registration stays, and ``SpotlightError/duplicateTarget(_:)`` is returned, appended to
/// ``issues`` and sent to the ``reporter``. Targets with non-finite geometry are refused the
/// same way with ``SpotlightError/invalidFrame(_:)``.
public struct TargetRegistry: Sendable {
    /// The registered targets by id.
    public private(set) var targets: [String: SpotlightTarget] = [:]
    /// Every error met so far, in order.
    public private(set) var issues: [SpotlightError] = []
    /// Receives each error as it happens.
    public var reporter: SpotlightReporter

    public init(reporter: SpotlightReporter = .silent) {
        self.reporter = reporter
    }

    /// Registers `target`. Returns `nil` on success or the error that refused it.
    @discardableResult
    public mutating func register(_ target: SpotlightTarget) -> SpotlightError? {
        let error: SpotlightError
        if !target.isFinite {
            error = .invalidFrame(target.id)
        } else if targets[target.id] != nil {
            error = .duplicateTarget(target.id)
        } else {
            targets[target.id] = target
            return nil
        }
        issues.append(error)
        reporter.report(error)
        return error
    }

    /// Records an error found outside ``register(_:)`` (a duplicate dropped before the
    /// frames were resolved) and hands it to the reporter.
    mutating func recordIssue(_ error: SpotlightError) {
        issues.append(error)
        reporter.report(error)
    }

    /// Registers every target of `other`, in id order, with the rules of ``register(_:)`` (the
    /// reducer for registries gathered from separate subtrees). `other`'s own ``issues`` carry
    /// over first: appended to ``issues`` and sent to this registry's ``reporter`` (a
    /// subtree's registry usually has the silent one), so a duplicate found inside a subtree
    /// is not lost on the way up. Returns those issues, then the errors met registering.
    @discardableResult
    public mutating func merge(_ other: TargetRegistry) -> [SpotlightError] {
        for issue in other.issues { recordIssue(issue) }
        return other.issues + other.targets.keys.sorted().compactMap { register(other.targets[$0]!) }
    }

    /// Replaces the frame of a registered target (after layout or scrolling). Returns `false`
    /// when there is no such target or the frame is not finite.
    @discardableResult
    public mutating func updateFrame(of id: String, to frame: CGRect) -> Bool {
        guard var t = targets[id] else { return false }
        t.frame = frame
        guard t.isFinite else { return false }
        targets[id] = t
        return true
    }

    /// Moves the targets named by `ids` by (`dx`, `dy`): what a scroll by the opposite amount does to
    /// targets inside the scrolled content.
    public mutating func offsetTargets(_ ids: some Sequence<String>, dx: CGFloat, dy: CGFloat) {
        guard dx.isFinite, dy.isFinite else { return }
        for id in ids {
            guard let frame = targets[id]?.frame else { continue }
            targets[id]?.frame = frame.offsetBy(dx: dx, dy: dy)
        }
    }

    /// The target registered under `id`.
    public subscript(id: String) -> SpotlightTarget? { targets[id] }
}
