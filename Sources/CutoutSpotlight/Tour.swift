import Foundation

/// Where a tour is.
public enum TourState: Hashable, Sendable {
    case notStarted
    /// Showing the step at this index of ``Tour/steps``.
    case showing(step: Int)
    /// Ended by ``Tour/finish()`` or by moving past the last step.
    case finished
    /// Ended by ``Tour/skip()`` (or a dismissing tap) while showing this step.
    case skipped(at: Int)
}

/// What the host hears about. Step numbers are indices into ``Tour/steps``.
public enum TourEvent: Hashable, Sendable {
    /// A step became visible.
    case shown(step: Int)
    /// The tour moved between steps; `to < from` when it went back.
    case advanced(from: Int, to: Int)
    /// The user left the tour early.
    case skipped(at: Int)
    /// The tour reached its end.
    case finished
}

/// The state machine of an onboarding tour.
///
/// Transitions return the events they cause, in order, and also hand each to ``onEvent``.
/// Transition table (anything else returns no events and changes nothing):
///
/// | from | action | to | events |
/// |---|---|---|---|
/// | notStarted | start | showing(first available) | shown |
/// | notStarted | start, nothing available | finished | finished |
/// | showing(i) | next | showing(next available j) | advanced(i, j), shown(j) |
/// | showing(i) | next, none after i | finished | finished |
/// | showing(i) | back, an available step before i | showing(j) | advanced(i, j), shown(j) |
/// | showing(i) | skip | skipped(at: i) | skipped(i) |
/// | showing(i) | finish | finished | finished |
/// | showing(i) | tap outside (per step: advance / dismiss / ignore) | as next / skip / unchanged | |
///
/// "Available" follows ``missingTargetPolicy``: with `.skipStep`, a step whose targets are all
/// missing from ``targets`` is jumped over; steps without targets are always available. Every
/// missing target of a step about to be shown is reported as
/// ``SpotlightError/missingTarget(step:id:)``.
public struct Tour: Sendable {
    /// Names the tour in a ``TourStore``.
    public let id: String
    /// The steps, in order.
    public let steps: [TourStep]
    /// What to do with steps whose target is missing.
    public var missingTargetPolicy: MissingTargetPolicy
    /// The elements on screen. Update it as layout changes; availability is decided on each move.
    public var targets: TargetRegistry
    /// Receives missing-target errors.
    public var reporter: SpotlightReporter
    /// Called with each event as well as returning it.
    public var onEvent: (@Sendable (TourEvent) -> Void)?
    /// The current state.
    public private(set) var state: TourState = .notStarted

    public init(id: String, steps: [TourStep], targets: TargetRegistry = TargetRegistry(),
                missingTargetPolicy: MissingTargetPolicy = .skipStep, reporter: SpotlightReporter = .silent,
                onEvent: (@Sendable (TourEvent) -> Void)? = nil) {
        self.id = id
        self.steps = steps
        self.targets = targets
        self.missingTargetPolicy = missingTargetPolicy
        self.reporter = reporter
        self.onEvent = onEvent
    }

    /// The index of the step on screen.
    public var currentIndex: Int? {
        if case .showing(let i) = state { return i }
        return nil
    }

    /// The step on screen.
    public var currentStep: TourStep? { currentIndex.map { steps[$0] } }

    /// Whether the tour has ended (finished or skipped).
    public var isOver: Bool {
        switch state {
        case .finished, .skipped: true
        case .notStarted, .showing: false
        }
    }

    /// The ids of `step`'s targets that are not registered.
    public func missingTargets(of step: Int) -> [String] {
        steps[step].targetIDs.filter { targets[$0] == nil }
    }

    /// Whether `step` would be shown under the current targets and policy.
    public func isAvailable(_ step: Int) -> Bool {
        let ids = steps[step].targetIDs
        if ids.isEmpty || missingTargetPolicy == .showWithoutCutout { return true }
        return ids.contains { targets[$0] != nil }
    }

    /// Progress through the available steps: "2 of 5" is `(position: 2, count: 5)`; `nil` unless
    /// a step is showing.
    public var progress: (position: Int, count: Int)? {
        guard let i = currentIndex else { return nil }
        let available = steps.indices.filter(isAvailable)
        return ((available.firstIndex(of: i) ?? 0) + 1, available.count)
    }

    /// Shows the first available step.
    @discardableResult
    public mutating func start() -> [TourEvent] {
        guard state == .notStarted else { return [] }
        guard let first = steps.indices.first(where: isAvailable) else { return end(.finished, [.finished]) }
        return move(to: first, events: [])
    }

    /// Goes to the next available step, or finishes after the last.
    @discardableResult
    public mutating func next() -> [TourEvent] {
        guard let i = currentIndex else { return [] }
        guard let j = steps.indices.first(where: { $0 > i && isAvailable($0) }) else { return finish() }
        return move(to: j, events: [.advanced(from: i, to: j)])
    }

    /// Goes to the previous available step; does nothing on the first.
    @discardableResult
    public mutating func back() -> [TourEvent] {
        guard let i = currentIndex,
              let j = steps.indices.last(where: { $0 < i && isAvailable($0) }) else { return [] }
        return move(to: j, events: [.advanced(from: i, to: j)])
    }

    /// Leaves the tour early.
    @discardableResult
    public mutating func skip() -> [TourEvent] {
        guard let i = currentIndex else { return [] }
        return end(.skipped(at: i), [.skipped(at: i)])
    }

    /// Ends the tour as completed.
    @discardableResult
    public mutating func finish() -> [TourEvent] {
        guard currentIndex != nil else { return [] }
        return end(.finished, [.finished])
    }

    /// Applies the current step's ``TapOutsideAction``.
    @discardableResult
    public mutating func tapOutside() -> [TourEvent] {
        guard let step = currentStep else { return [] }
        switch step.tapOutside {
        case .advance: return next()
        case .dismiss: return skip()
        case .ignore: return []
        }
    }

    /// Applies a touch classified by ``OverlayFrame/hitTest(_:)``: only a touch on the dimmed
    /// area changes anything.
    @discardableResult
    public mutating func handleTouch(_ disposition: TouchDisposition) -> [TourEvent] {
        disposition == .dimmedArea ? tapOutside() : []
    }

    private mutating func move(to j: Int, events: [TourEvent]) -> [TourEvent] {
        for id in missingTargets(of: j) { reporter.report(.missingTarget(step: j, id: id)) }
        state = .showing(step: j)
        return emit(events + [.shown(step: j)])
    }

    private mutating func end(_ newState: TourState, _ events: [TourEvent]) -> [TourEvent] {
        state = newState
        return emit(events)
    }

    private func emit(_ events: [TourEvent]) -> [TourEvent] {
        if let onEvent { events.forEach(onEvent) }
        return events
    }
}
