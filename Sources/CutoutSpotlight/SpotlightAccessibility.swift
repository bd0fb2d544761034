import Foundation

/// The words a screen reader speaks. Defaults are English; hosts pass localised ones.
public struct AccessibilityStrings: Hashable, Sendable {
    /// Announces the position; `{index}` and `{count}` are replaced ("Step {index} of {count}.").
    public var stepFormat: String = "Step {index} of {count}."
    public var next: String = "Next"
    public var back: String = "Back"
    public var done: String = "Done"
    public var skip: String = "Skip tour"

    public init() {}
}

/// A control the callout offers.
public enum TourAction: Hashable, Sendable {
    case back, next, finish, skip
}

/// One element of the callout, in the order VoiceOver visits it.
public struct AccessibilityElement: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        /// The step's title (a header trait).
        case header
        /// The step's body.
        case text
        /// A button performing `action`.
        case button(TourAction)
    }

    public var role: Role
    public var label: String
}

/// Screen-reader text for tour steps.
public enum SpotlightAccessibility {
    /// What is announced when a step appears: "Step 2 of 5. Filters. Narrow the list down.".
    /// Empty title or body parts are left out; `position` is 1-based.
    public static func announcement(for step: TourStep, position: Int, count: Int,
                                    strings: AccessibilityStrings = AccessibilityStrings()) -> String {
        let head = strings.stepFormat
            .replacingOccurrences(of: "{index}", with: String(position))
            .replacingOccurrences(of: "{count}", with: String(count))
        return [head, sentence(step.title), step.body].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The callout's elements in reading order: the title (whose label carries the position, so
    /// the first element VoiceOver lands on says where the user is), the body, then the
    /// buttons — back (not on the first step), next or done, skip (not on the last step).
    public static func elements(for step: TourStep, position: Int, count: Int,
                                strings: AccessibilityStrings = AccessibilityStrings()) -> [AccessibilityElement] {
        let head = strings.stepFormat
            .replacingOccurrences(of: "{index}", with: String(position))
            .replacingOccurrences(of: "{count}", with: String(count))
        var out = [AccessibilityElement(role: .header, label: [head, sentence(step.title)].filter { !$0.isEmpty }.joined(separator: " ")),
                   AccessibilityElement(role: .text, label: step.body)]
        if position > 1 { out.append(AccessibilityElement(role: .button(.back), label: strings.back)) }
        let last = position >= count
        out.append(last ? AccessibilityElement(role: .button(.finish), label: strings.done)
                        : AccessibilityElement(role: .button(.next), label: strings.next))
        if !last { out.append(AccessibilityElement(role: .button(.skip), label: strings.skip)) }
        return out
    }

    /// `text` ending with a full stop unless it already ends with punctuation.
    private static func sentence(_ text: String) -> String {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let last = t.last else { return "" }
        return ".!?…".contains(last) ? t : t + "."
    }
}

extension Tour {
    /// The announcement for the step on screen, or `nil` when none is.
    public func announcement(strings: AccessibilityStrings = AccessibilityStrings()) -> String? {
        guard let step = currentStep, let p = progress else { return nil }
        return SpotlightAccessibility.announcement(for: step, position: p.position, count: p.count, strings: strings)
    }
}
