import Foundation

/// What a tap on the dimmed area (outside every cut-out and the callout) does.
public enum TapOutsideAction: Hashable, Sendable {
    /// Goes to the next step (finishes on the last one).
    case advance
    /// Ends the tour as a skip.
    case dismiss
    /// Nothing; the tap is swallowed.
    case ignore
}

/// What happens to a step whose target is not registered.
public enum MissingTargetPolicy: Hashable, Sendable {
    /// The step is left out: navigation jumps over it and progress does not count it.
    case skipStep
    /// The step is shown with its text and without a cut-out (as a sheet).
    case showWithoutCutout
}

/// One stop of a tour.
public struct TourStep: Hashable, Sendable {
    /// Short name of the feature ("Filters").
    public var title: String
    /// The explanation.
    public var body: String
    /// The targets highlighted together; empty for a step without a cut-out.
    public var targetIDs: [String]
    /// How the text is presented.
    public var calloutStyle: CalloutStyle
    /// What a tap on the dimmed area does.
    public var tapOutside: TapOutsideAction
    /// Whether a touch inside a cut-out reaches the element underneath.
    public var passesTouchesThroughCutouts: Bool

    public init(title: String, body: String, targetIDs: [String] = [], calloutStyle: CalloutStyle = .bubble(preferredSide: .bottom),
                tapOutside: TapOutsideAction = .ignore, passesTouchesThroughCutouts: Bool = false) {
        self.title = title
        self.body = body
        self.targetIDs = targetIDs
        self.calloutStyle = calloutStyle
        self.tapOutside = tapOutside
        self.passesTouchesThroughCutouts = passesTouchesThroughCutouts
    }
}
