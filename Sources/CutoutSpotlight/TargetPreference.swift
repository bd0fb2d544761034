import Foundation

/// Targets gathered from a view tree before their frames are known: what SwiftUI's
/// `anchorPreference` collects, one entry per `.spotlightTarget(id:)`, each holding an opaque
/// `Payload` (an `Anchor<CGRect>` and the highlight's look) that only the host can resolve.
///
/// ``merge(_:)`` is the preference's reducer and applies ``TargetRegistry``'s duplicate-id
/// rule in tree order: the first entry under an id stays, later ones are dropped and their id
/// is recorded in ``duplicateIDs`` (once per extra entry), so the host can report them as
/// ``SpotlightError/duplicateTarget(_:)`` when it resolves the frames.
public struct TargetPreference<Payload> {
    /// One registration.
    public struct Entry {
        public var id: String
        public var payload: Payload

        public init(id: String, payload: Payload) {
            self.id = id
            self.payload = payload
        }
    }

    /// The kept entries, in tree order, ids unique.
    public private(set) var entries: [Entry] = []
    /// The ids of dropped duplicate entries, in the order they were met.
    public private(set) var duplicateIDs: [String] = []

    /// No targets.
    public init() {}

    /// One target.
    public init(id: String, payload: Payload) {
        entries = [Entry(id: id, payload: payload)]
    }

    /// Appends `next` (the preference of a later sibling subtree): its entries whose id is new
    /// are kept, the others are recorded as duplicates, and its own duplicates carry over.
    ///
    /// Complexity: O(n + m) with n, m the entry counts.
    public mutating func merge(_ next: TargetPreference) {
        var seen = Set(entries.map(\.id))
        duplicateIDs += next.duplicateIDs
        for e in next.entries {
            if seen.insert(e.id).inserted { entries.append(e) } else { duplicateIDs.append(e.id) }
        }
    }

    /// The registry of the resolved targets: `resolve` turns each kept entry into a target
    /// (typically reading its anchor in the overlay's geometry); a `nil` target is left out.
    /// Every recorded duplicate is reported as ``SpotlightError/duplicateTarget(_:)`` through
    /// `reporter` and listed in the registry's issues, as a second registration would be.
    public func registry(reporter: SpotlightReporter = .silent,
                         resolve: (Entry) -> SpotlightTarget?) -> TargetRegistry {
        var registry = TargetRegistry(reporter: reporter)
        for e in entries {
            if let target = resolve(e) { registry.register(target) }
        }
        for id in duplicateIDs { registry.recordIssue(.duplicateTarget(id)) }
        return registry
    }
}

extension TargetPreference: Sendable where Payload: Sendable {}
extension TargetPreference.Entry: Sendable where Payload: Sendable {}
extension TargetPreference: Equatable where Payload: Equatable {}
extension TargetPreference.Entry: Equatable where Payload: Equatable {}
extension TargetPreference: Hashable where Payload: Hashable {}
extension TargetPreference.Entry: Hashable where Payload: Hashable {}
