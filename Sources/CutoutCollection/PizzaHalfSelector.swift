import CutoutGeometry
import Foundation

/// One pizza offered in the selector.
public struct PizzaOption: Hashable, Sendable {
    public var id: String
    public var name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the selector shows: loading, an error with a retry, or its content.
public enum SelectorState: Hashable, Sendable {
    case loading
    /// Loading failed; the host shows `message` and a retry button that calls ``PizzaHalfSelector/retry()``.
    case failed(message: String)
    case content([PizzaOption])
}

/// Something the selector tells its host.
public enum SelectorEvent: Hashable, Sendable {
    /// The centred pizza of a half changed: the moment for a haptic tick. Sent exactly once
    /// per change of the centred index.
    case selectionChanged(half: PizzaHalfOrientation, index: Int)
    /// The host should load (again).
    case loadRequested
    /// Both halves show the same pizza (true) or stopped doing so (false).
    case wholePizzaChanged(isWhole: Bool)
}

/// The pizza-from-two-halves selector: two independently scrolling columns whose centred
/// items make the order, with the coordination, shuffle, indicators, accessibility and
/// states. It is a model: the host feeds it offsets and renders what it reports.
public final class PizzaHalfSelector {
    public private(set) var state: SelectorState = .loading
    /// The layout of the left column.
    public let left: PizzaHalfSelectorLayout
    /// The layout of the right column.
    public let right: PizzaHalfSelectorLayout
    public private(set) var viewportSize: CGSize
    private var offsets: [PizzaHalfOrientation: CGFloat] = [:]
    private var centred: [PizzaHalfOrientation: Int] = [:]
    private var wasWhole = false
    /// Events since the last ``drainEvents()``, in order.
    private var pending: [SelectorEvent] = []

    /// A selector whose two columns each occupy half of `screenSize`.
    public init(screenSize: CGSize, configuration: PizzaHalfSelectorLayout.Configuration = .init()) {
        viewportSize = CGSize(width: screenSize.width / 2, height: screenSize.height)
        left = PizzaHalfSelectorLayout(orientation: .left, configuration: configuration)
        right = PizzaHalfSelectorLayout(orientation: .right, configuration: configuration)
        pending.append(.loadRequested)
    }

    /// The pizzas offered, empty unless the state is `.content`.
    public var options: [PizzaOption] {
        if case .content(let o) = state { return o }
        return []
    }

    /// Replaces the state. Content centres both halves on the first pizza.
    public func setState(_ newState: SelectorState) {
        state = newState
        centred = [:]
        wasWhole = false
        for half in PizzaHalfOrientation.allCases {
            // The offset that centres item 0 depends on the viewport, so prepare first.
            prepare(half)
            offsets[half] = layout(half).contentOffset(for: 0).y
            prepare(half)
            if !options.isEmpty { centred[half] = 0 }
        }
        updateWhole()
    }

    /// Asks the host to load again after a failure.
    public func retry() {
        guard case .failed = state else { return }
        state = .loading
        pending.append(.loadRequested)
    }

    /// The layout of one half.
    public func layout(_ half: PizzaHalfOrientation) -> PizzaHalfSelectorLayout { half == .left ? left : right }

    /// The bounds of a half at its current offset.
    public func bounds(_ half: PizzaHalfOrientation) -> CGRect {
        CGRect(origin: CGPoint(x: 0, y: offsets[half] ?? 0), size: viewportSize)
    }

    private func prepare(_ half: PizzaHalfOrientation) {
        layout(half).prepare(for: CollectionContext(bounds: bounds(half), numberOfItems: options.count))
    }

    /// Moves one half to `offset` (during a drag or an animation frame); reports a selection
    /// change when the centred pizza changes.
    public func setContentOffset(_ offset: CGFloat, for half: PizzaHalfOrientation) {
        guard offset.isFinite, !options.isEmpty else { return }
        offsets[half] = offset
        prepare(half)
        let index = layout(half).currentPizzaIndex
        if centred[half] != index {
            centred[half] = index
            pending.append(.selectionChanged(half: half, index: index))
            updateWhole()
        }
    }

    /// The centred pizza index of a half, `nil` without content.
    public func selectedIndex(_ half: PizzaHalfOrientation) -> Int? { centred[half] }

    /// Whether both halves show the same pizza: then the side captions hide (both layouts'
    /// ``PizzaHalfSelectorLayout/wholePizzaItem`` is that pizza) and one caption for the whole
    /// pizza shows in the middle (``captions``).
    public var isWholePizza: Bool {
        guard let l = centred[.left], let r = centred[.right] else { return false }
        return l == r
    }

    private func updateWhole() {
        let whole = isWholePizza
        let item = whole ? centred[.left] : nil
        left.wholePizzaItem = item
        right.wholePizzaItem = item
        if whole != wasWhole {
            wasWhole = whole
            pending.append(.wholePizzaChanged(isWhole: whole))
        }
    }

    /// The caption text and where it shows: one central caption for a whole pizza, else one
    /// per half.
    public var captions: [(position: CaptionPosition, text: String)] {
        guard let l = centred[.left], let r = centred[.right], !options.isEmpty else { return [] }
        if l == r { return [(.center, options[l].name)] }
        return [(.left, options[l].name), (.right, options[r].name)]
    }

    /// Where a caption shows: over one half, or centred over the whole pizza.
    public enum CaptionPosition: Hashable, Sendable { case left, center, right }

    /// Picks two random halves with a seedable generator and returns the items both halves
    /// should show (nothing scrolls here: the host animates to each with
    /// ``ScrollViewModel/scrollAnimation(showing:at:axis:)``, or sets the offsets directly).
    /// The two picks differ whenever there are at least two pizzas.
    public func shuffle<G: RandomNumberGenerator>(using generator: inout G) -> (left: Int, right: Int) {
        let n = options.count
        guard n > 0 else { return (0, 0) }
        let l = Int(generator.next() % UInt64(n))
        var r = Int(generator.next() % UInt64(n))
        if n > 1 && r == l { r = (r + 1 + Int(generator.next() % UInt64(n - 1))) % n }
        return (l, r)
    }

    /// How far a half has scrolled through its content, 0...1, for the circular indicators;
    /// 0 when it cannot be told (an item size or screen size that is not finite).
    public func scrollProgress(_ half: PizzaHalfOrientation) -> CGFloat {
        let n = options.count
        guard n > 1 else { return 0 }
        let l = layout(half)
        let first = l.contentOffset(for: 0).y, last = l.contentOffset(for: n - 1).y
        let progress = ((offsets[half] ?? first) - first) / (last - first)
        return progress.isNaN ? 0 : min(max(progress, 0), 1)
    }

    /// The adjustable accessibility element of a half: "Left half, Pepperoni, 3 of 10".
    public func accessibilityLabel(_ half: PizzaHalfOrientation) -> String {
        let side = half == .left ? "Left half" : "Right half"
        switch state {
        case .loading: return "\(side), loading"
        case .failed(let message): return "\(side), \(message)"
        case .content(let o):
            guard let i = centred[half] else { return side }
            return "\(side), \(o[i].name), \(i + 1) of \(o.count)"
        }
    }

    /// VoiceOver's increment/decrement on a half: the offset that centres the next or
    /// previous pizza (clamped), or `nil` without content or when that offset is not finite
    /// (an item size or screen size that is not finite).
    public func accessibilityAdjust(_ half: PizzaHalfOrientation, increment: Bool) -> CGFloat? {
        guard let i = centred[half], !options.isEmpty else { return nil }
        let j = min(max(i + (increment ? 1 : -1), 0), options.count - 1)
        let offset = layout(half).contentOffset(for: j).y
        return offset.isFinite ? offset : nil
    }

    /// Returns and forgets the events reported so far.
    public func drainEvents() -> [SelectorEvent] {
        defer { pending = [] }
        return pending
    }
}
