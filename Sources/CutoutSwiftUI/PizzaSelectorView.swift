// Apple APIs: SwiftUI (View, GeometryReader, ZStack, ForEach, transformEffect, zIndex, position,
// DragGesture (Value.translation, Value.time), ObservableObject/@StateObject/@Published,
// accessibilityAdjustableAction, overlay(alignment:content:), onChange(of:perform:)), Swift
// concurrency (Task.sleep) for the frame loop; UIKit when present (UISelectionFeedbackGenerator).
// iOS 15 / macOS 12.
#if canImport(SwiftUI)
import CutoutCollection
import CutoutGeometry
import Foundation
import SwiftUI
#if canImport(UIKit)
import UIKit
#endif

/// One pizza offered (`CutoutCollection.PizzaOption`: an id and a display name).
public typealias PizzaSelectorOption = PizzaOption
/// Which half of the pizza (`.left` or `.right`).
public typealias PizzaHalf = PizzaHalfOrientation
/// The selector's numbers (item size, gap between halves, scale, drum style…).
public typealias PizzaSelectorConfiguration = PizzaHalfSelectorLayout.Configuration

/// The pizza-from-two-halves selector (the third seed article) in SwiftUI: two columns that
/// scroll on their own, each pizza scaled by its distance to the centre and pushed toward the
/// middle so the two centred halves make one pizza, snapping to whole pizzas, with captions,
/// a haptic tick per change and VoiceOver's adjustable action.
///
/// It is drawn from the same models as the UIKit layout: `PizzaHalfSelector` (state, captions,
/// accessibility) and `PizzaHalfSelectorLayout` (attributes) place the halves;
/// `ScrollViewModel` rubber-bands the drag and decides the motion after release (velocity from
/// `VelocityTracker`, in points per second); `ScrollMotion` is sampled each frame.
///
/// ```swift
/// PizzaSelectorView(options: pizzas) { half, index in
///     Image(pizzas[index].id + (half == .left ? "-left" : "-right")).resizable()
/// }
/// ```
public struct PizzaSelectorView<HalfContent: View>: View {
    let options: [PizzaSelectorOption]
    let configuration: PizzaSelectorConfiguration
    let onSelectionChange: ((PizzaHalf, Int) -> Void)?
    let halfContent: (PizzaHalf, Int) -> HalfContent
    @StateObject private var model = PizzaSelectorModel()

    /// A selector offering `options` on both halves; `half` draws one half of the pizza at an
    /// index of `options`, filling the frame it is given.
    public init(options: [PizzaSelectorOption], configuration: PizzaSelectorConfiguration = PizzaSelectorConfiguration(),
                onSelectionChange: ((PizzaHalf, Int) -> Void)? = nil,
                @ViewBuilder half: @escaping (PizzaHalf, Int) -> HalfContent) {
        self.options = options
        self.configuration = configuration
        self.onSelectionChange = onSelectionChange
        self.halfContent = half
    }

    public var body: some View {
        GeometryReader { proxy in
            ZStack {
                if let selector = model.selector {
                    HStack(spacing: 0) {
                        column(.left, selector)
                        column(.right, selector)
                    }
                    .overlay(alignment: .bottom) { captions(selector) }
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height)
            .onAppear { configure(proxy.size) }
            .onChange(of: proxy.size) { configure($0) }
            .onChange(of: options) { _ in configure(proxy.size) }
        }
        .clipped()
    }

    private func configure(_ size: CGSize) {
        model.onSelectionChange = onSelectionChange
        model.configure(size: size, options: options, configuration: configuration)
    }

    private func column(_ half: PizzaHalf, _ selector: PizzaHalfSelector) -> some View {
        let bounds = selector.bounds(half)
        let cells = selector.layout(half).layoutAttributesForElements(in: bounds)
            .filter { $0.category == .cell }
            .map(\.platformAttributes)
        return ZStack(alignment: .topLeading) {
            ForEach(cells, id: \.item) { p in
                halfContent(half, p.item)
                    .frame(width: p.size.width, height: p.size.height)
                    .transformEffect(CGAffineTransform(p.transformFromTopLeft))
                    .opacity(p.isHidden ? 0 : Double(p.alpha))
                    .position(x: p.center.x - bounds.minX, y: p.center.y - bounds.minY)
                    .zIndex(Double(p.zIndex))
            }
        }
        .frame(width: selector.viewportSize.width, height: selector.viewportSize.height, alignment: .topLeading)
        .contentShape(SwiftUI.Rectangle())
        .gesture(DragGesture(minimumDistance: 2)
            .onChanged { model.dragChanged(half, translation: $0.translation.height, time: $0.time) }
            .onEnded { _ in model.dragEnded(half) })
        .accessibilityElement()
        .accessibilityLabel(Text(selector.accessibilityLabel(half)))
        .accessibilityAdjustableAction { direction in
            model.adjust(half, increment: direction == .increment)
        }
    }

    private func captions(_ selector: PizzaHalfSelector) -> some View {
        HStack {
            ForEach(selector.captions.indices, id: \.self) { i in
                let caption = selector.captions[i]
                Text(caption.text)
                    .font(.headline)
                    .frame(maxWidth: .infinity,
                           alignment: caption.position == .left ? .leading : caption.position == .right ? .trailing : .center)
            }
        }
        .padding()
        .accessibilityHidden(true)
    }
}

/// The selector's state between renders and the frame loop of its release animations.
@MainActor
final class PizzaSelectorModel: ObservableObject {
    /// Bumped whenever an offset changes, so the view redraws.
    @Published private(set) var revision = 0
    private(set) var selector: PizzaHalfSelector?
    var onSelectionChange: ((PizzaHalf, Int) -> Void)?

    private var size = CGSize.zero
    private var options: [PizzaOption] = []
    private var dragStart: [PizzaHalf: CGFloat] = [:]
    private var trackers: [PizzaHalf: VelocityTracker] = [:]
    private var motions: [PizzaHalf: (motion: ScrollMotion, start: Date)] = [:]
    private var ticking = false
    #if canImport(UIKit)
    private let haptics = UISelectionFeedbackGenerator()
    #endif

    /// Rebuilds the selector for a new size or new options, keeping each half's centred pizza.
    func configure(size: CGSize, options: [PizzaOption], configuration: PizzaSelectorConfiguration) {
        guard size != self.size || options != self.options || selector == nil else { return }
        let kept = PizzaHalf.allCases.map { self.selector?.selectedIndex($0) }
        self.size = size
        self.options = options
        let selector = PizzaHalfSelector(screenSize: size, configuration: configuration)
        selector.setState(.content(options))
        for (half, index) in zip(PizzaHalf.allCases, kept) {
            if let index { selector.setContentOffset(selector.layout(half).contentOffset(for: index).y, for: half) }
        }
        _ = selector.drainEvents()
        motions = [:]
        dragStart = [:]
        self.selector = selector
        revision += 1
    }

    /// The scroll view one half would be: its viewport, content, centring insets and offset.
    private func scrollModel(_ half: PizzaHalf, _ selector: PizzaHalfSelector) -> ScrollViewModel {
        let layout = selector.layout(half)
        var model = ScrollViewModel(boundsSize: selector.viewportSize, contentSize: layout.collectionViewContentSize,
                                    contentInset: layout.centeringContentInset(forBoundsSize: selector.viewportSize))
        model.contentOffset = selector.bounds(half).origin
        model.decelerationRate = .fast
        return model
    }

    func dragChanged(_ half: PizzaHalf, translation: CGFloat, time: Date) {
        guard let selector else { return }
        motions[half] = nil
        let start = dragStart[half] ?? selector.bounds(half).minY
        if dragStart[half] == nil {
            dragStart[half] = start
            trackers[half] = VelocityTracker()
            #if canImport(UIKit)
            haptics.prepare()
            #endif
        }
        let raw = start - translation
        trackers[half]?.add(position: raw, time: time.timeIntervalSinceReferenceDate)
        selector.setContentOffset(scrollModel(half, selector).displayedOffset(forDragged: raw, axis: .vertical), for: half)
        publish()
    }

    func dragEnded(_ half: PizzaHalf) {
        guard let selector else { return }
        let velocity = trackers[half]?.velocity ?? 0
        dragStart[half] = nil
        trackers[half] = nil
        let motion = scrollModel(half, selector).release(velocity: velocity, axis: .vertical, layout: selector.layout(half))
        run(motion, for: half)
    }

    func adjust(_ half: PizzaHalf, increment: Bool) {
        guard let selector, let target = selector.accessibilityAdjust(half, increment: increment) else { return }
        selector.setContentOffset(target, for: half)
        publish()
    }

    private func run(_ motion: ScrollMotion, for half: PizzaHalf) {
        motions[half] = (motion, Date())
        guard !ticking else { return }
        ticking = true
        Task { [weak self] in
            while let self, self.advance() {
                try? await Task.sleep(nanoseconds: 16_666_667)
            }
            self?.ticking = false
        }
    }

    /// Moves every running motion to now; returns whether any is still running.
    private func advance() -> Bool {
        guard let selector else { return false }
        let now = Date()
        for (half, running) in motions {
            let t = CGFloat(now.timeIntervalSince(running.start))
            selector.setContentOffset(running.motion.offset(at: t), for: half)
            if t >= running.motion.duration { motions[half] = nil }
        }
        publish()
        return !motions.isEmpty
    }

    /// Hands the selector's events on (a haptic tick per change of a centred pizza) and redraws.
    private func publish() {
        guard let selector else { return }
        for event in selector.drainEvents() {
            if case .selectionChanged(let half, let index) = event {
                #if canImport(UIKit)
                haptics.selectionChanged()
                #endif
                onSelectionChange?(half, index)
            }
        }
        revision += 1
    }
}
#endif
