// Apple APIs: SwiftUI (ViewModifier, View.overlayPreferenceValue(_:_:), GeometryReader,
// GeometryProxy.safeAreaInsets and subscript(Anchor), TimelineView(.animation(minimumInterval:paused:)),
// Canvas, GraphicsContext.blendMode(.destinationOut), GraphicsContext.addFilter(.shadow),
// View.contentShape(_:eoFill:), DragGesture, View.task(id:), View.onChange(of:perform:),
// accessibilityAddTraits(.isModal/.isHeader), Environment(\.layoutDirection)); UIKit when present
// (UIAccessibility.post(notification:argument:), UISelectionFeedbackGenerator). iOS 15 / macOS 12.
#if canImport(SwiftUI)
import CutoutGeometry
import CutoutSpotlight
import Foundation
import SwiftUI
#if canImport(UIKit)
import UIKit
#endif

/// A tour: its id (its key in the store), its steps, its state (`CutoutSpotlight.Tour`).
public typealias SpotlightTour = Tour
/// One step: title, body, target ids, callout style (`.bubble(preferredSide:)` or `.bottomSheet`),
/// what a tap outside does and whether touches reach the targets (`CutoutSpotlight.TourStep`).
public typealias SpotlightTourStep = TourStep
/// Remembers which tours were shown (`CutoutSpotlight.TourStore`).
public typealias SpotlightTourStore = TourStore
/// A store kept in a JSON file (`CutoutSpotlight.FileTourStore`); `.applicationSupport` is the
/// app's standard one.
public typealias SpotlightFileTourStore = FileTourStore
/// The words VoiceOver speaks and the buttons show (`CutoutSpotlight.AccessibilityStrings`).
public typealias SpotlightStrings = AccessibilityStrings

/// The look of a tour overlay, in SwiftUI terms.
public struct SpotlightTourStyle: Sendable {
    /// Colour of the dimming.
    public var dimColor: SwiftUI.Color = .black
    /// Opacity of the dimming when fully shown.
    public var dimOpacity: Double = 0.62
    /// Fill of the bubble or sheet.
    public var calloutBackground: SwiftUI.Color = .white
    /// Colour of the callout's text and buttons.
    public var calloutForeground: SwiftUI.Color = .black
    /// Space between the callout's edge and its text.
    public var calloutPadding: CGFloat = 16
    /// Seconds of each appear, step change and disappear animation.
    public var transitionDuration: Double = 0.4
    /// What VoiceOver says and the buttons' titles.
    public var strings = SpotlightStrings()

    /// The default look.
    public init() {}
}

extension View {
    /// Presents `tour` over this view while `isPresented` is true, once: a tour `store` already
    /// remembers is not shown again (and `isPresented` is set back to false), and a tour that
    /// ends (finished or skipped) is recorded and sets `isPresented` to false.
    ///
    /// The overlay dims the whole screen, cuts a hole (drawn with `destinationOut`) around each
    /// of the step's `.spotlightTarget(id:)` views, shows the step in a bubble or bottom sheet
    /// with Back / Next / Done / Skip, morphs the holes between steps and blocks touches while it
    /// animates. Apply it outside the `NavigationView` so the bars are dimmed too, and mark the
    /// scrolling content with `.spotlightContentArea()` so highlights stay out of the bars.
    public func spotlightTour(_ tour: SpotlightTour, isPresented: Binding<Bool>,
                              store: any SpotlightTourStore = SpotlightFileTourStore.applicationSupport,
                              style: SpotlightTourStyle = SpotlightTourStyle()) -> some View {
        modifier(SpotlightTourModifier(initial: tour, isPresented: isPresented, store: store, style: style))
    }
}

/// What the last render resolved, read by the actions that run between renders. A plain
/// reference, not published: writing it never causes a render.
@MainActor
final class SpotlightRenderCache: ObservableObject {
    var registry = TargetRegistry()
    var shown: OverlayFrame?
    var reportedDuplicates: Set<String> = []
}

struct SpotlightTourModifier: ViewModifier {
    let initial: Tour
    @Binding var isPresented: Bool
    let store: any TourStore
    let style: SpotlightTourStyle

    @State private var tour: Tour?
    /// What was on screen when the last change began (`nil`: the overlay appears).
    @State private var from: OverlayFrame?
    /// The step whose text the old callout shows while it fades out.
    @State private var fromText: (step: TourStep, elements: [AccessibilityElement])?
    @State private var changeStart = Date.distantPast
    @State private var animating = false
    @StateObject private var cache = SpotlightRenderCache()
    @Environment(\.layoutDirection) private var layoutDirection

    func body(content: Content) -> some View {
        content
            .overlayPreferenceValue(SpotlightPreferenceKey.self) { preference in
                GeometryReader { proxy in
                    overlay(preference, proxy)
                }
            }
            .onChange(of: isPresented) { presented in
                if presented { start() } else if tour != nil { perform(.skip) }
            }
            .task(id: changeStart) {
                guard animating else { return }
                // A newer change cancels this wait; it must not end that change's animation.
                do { try await Task.sleep(nanoseconds: UInt64(max(0, style.transitionDuration) * 1_000_000_000)) } catch { return }
                animating = false
                if tour?.isOver == true {
                    tour = nil
                    isPresented = false
                }
            }
    }

    // MARK: Resolving

    private func viewport(_ preference: SpotlightPreference, _ proxy: GeometryProxy) -> SpotlightViewport {
        let s = proxy.safeAreaInsets
        let bounds = CGRect(x: -s.leading, y: -s.top, width: proxy.size.width + s.leading + s.trailing,
                            height: proxy.size.height + s.top + s.bottom)
        let content = preference.contentArea.map { proxy[$0] } ?? CGRect(origin: .zero, size: proxy.size)
        return SpotlightViewport(bounds: bounds, contentArea: content,
                                 layoutDirection: CutoutSpotlight.LayoutDirection(layoutDirection))
    }

    private func registry(_ preference: SpotlightPreference, _ proxy: GeometryProxy) -> TargetRegistry {
        let fresh = preference.targets.duplicateIDs.filter { !cache.reportedDuplicates.contains($0) }
        cache.reportedDuplicates.formUnion(fresh)
        // Only duplicates not reported at an earlier render reach the tour's reporter.
        let registry = preference.targets.registry(reporter: .silent) { entry in
            let frame = proxy[entry.payload.anchor]
            return SpotlightTarget(id: entry.id, frame: frame, shape: entry.payload.shape.spotlightShape(frame: frame),
                                   padding: entry.payload.padding, clipsToContentArea: entry.payload.clipsToContentArea)
        }
        for id in fresh { (tour ?? initial).reporter.report(.duplicateTarget(id)) }
        return registry
    }

    @ViewBuilder
    private func overlay(_ preference: SpotlightPreference, _ proxy: GeometryProxy) -> some View {
        let viewport = viewport(preference, proxy)
        let registry = registry(preference, proxy)
        let _ = { cache.registry = registry }()
        if tour == nil, isPresented {
            // Starts once this render has resolved the targets, so the first step's
            // availability is judged on the real registry, not an empty one.
            SwiftUI.Color.clear.onAppear { start() }
        }
        if let tour {
            let metrics = CalloutMetrics()
            let width = metrics.contentWidth(in: viewport)
            let textWidth = max(width - 2 * style.calloutPadding, 0)
            let step = tour.currentStep
            let elements = calloutText(tour)?.elements ?? []
            ZStack(alignment: .topLeading) {
                // Measured, never shown: the callout's text at the width it will be laid out at.
                if let step {
                    SpotlightCalloutContent(step: step, elements: elements, foreground: style.calloutForeground) { _ in }
                        .frame(width: textWidth)
                        .fixedSize(horizontal: false, vertical: true)
                        .background(GeometryReader { SwiftUI.Color.clear.preference(key: SpotlightCalloutSizeKey.self, value: $0.size) })
                        .hidden()
                        .allowsHitTesting(false)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .overlayPreferenceValue(SpotlightCalloutSizeKey.self) { textSize in
                animatedOverlay(tour, step: step, elements: elements, registry: registry, viewport: viewport,
                                calloutSize: CGSize(width: width, height: textSize.height + 2 * style.calloutPadding),
                                metrics: metrics)
            }
        }
    }

    /// The overlay at the current instant of the running transition.
    private func animatedOverlay(_ tour: Tour, step: TourStep?, elements: [AccessibilityElement], registry: TargetRegistry,
                                 viewport: SpotlightViewport, calloutSize: CGSize, metrics: CalloutMetrics) -> some View {
        let target = step.map {
            SpotlightLayout.frame(for: $0, targets: registry, viewport: viewport, calloutSize: calloutSize, metrics: metrics)
        }
        return TimelineView(.animation(minimumInterval: nil, paused: !animating)) { timeline in
            let elapsed = animating ? timeline.date.timeIntervalSince(changeStart) : .infinity
            let transition = OverlayTransition(from: from, to: tour.isOver ? nil : target,
                                               duration: style.transitionDuration)
            let frame = transition.sample(at: elapsed)
            let _ = { cache.shown = frame }()
            // The text switches when the old callout has faded out (half way).
            let showsNewText = from?.callout == nil || elapsed >= style.transitionDuration / 2
            let text = showsNewText ? step.map { ($0, elements) } : fromText
            ZStack(alignment: .topLeading) {
                SpotlightOverlayDrawing(frame: frame, metrics: metrics, style: style) { disposition in
                    handleTouch(disposition)
                }
                if let text, let callout = frame.callout {
                    SpotlightCalloutContent(step: text.0, elements: text.1, foreground: style.calloutForeground) { action in
                        perform(action)
                    }
                    .frame(width: max(callout.contentFrame.width - 2 * style.calloutPadding, 0))
                    .position(x: callout.contentFrame.midX, y: callout.contentFrame.midY)
                    .opacity(Double(frame.calloutOpacity))
                    .allowsHitTesting(!frame.blocksInput)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
        .accessibilityElement(children: .contain)
        .accessibilityAddTraits(.isModal)
    }

    // MARK: Actions

    /// The step on screen and its elements in VoiceOver's order.
    private func calloutText(_ tour: Tour) -> (step: TourStep, elements: [AccessibilityElement])? {
        guard let step = tour.currentStep, let progress = tour.progress else { return nil }
        return (step, SpotlightAccessibility.elements(for: step, position: progress.position, count: progress.count,
                                                      strings: style.strings))
    }

    private func start() {
        guard tour == nil else { return }
        guard initial.isDue(in: store) else {
            isPresented = false
            return
        }
        var t = initial
        t.targets = cache.registry
        let events = t.start()
        from = nil
        apply(t, events)
    }

    private func perform(_ action: TourAction) {
        guard var t = tour else { return }
        t.targets = cache.registry
        let events: [TourEvent]
        switch action {
        case .back: events = t.back()
        case .next: events = t.next()
        case .finish: events = t.finish()
        case .skip: events = t.skip()
        }
        from = cache.shown
        apply(t, events)
    }

    private func handleTouch(_ disposition: TouchDisposition) {
        guard var t = tour else { return }
        t.targets = cache.registry
        let events = t.handleTouch(disposition)
        from = cache.shown
        apply(t, events)
    }

    private func apply(_ t: Tour, _ events: [TourEvent]) {
        guard !events.isEmpty else { return }
        fromText = tour.flatMap(calloutText)
        tour = t
        t.recordIfOver(in: store)
        changeStart = Date()
        animating = true
        #if canImport(UIKit)
        if events.contains(where: \.playsSelectionFeedback) { UISelectionFeedbackGenerator().selectionChanged() }
        if case .shown = events.last, let text = t.announcement(strings: style.strings) {
            UIAccessibility.post(notification: .screenChanged, argument: text)
        }
        #endif
    }
}

struct SpotlightCalloutSizeKey: PreferenceKey {
    static var defaultValue: CGSize { .zero }
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) { value = nextValue() }
}

/// The dimming with its holes and the callout's shape, drawn in one canvas over the whole
/// overlay, safe area included. Touches inside pass-through holes reach the content below.
struct SpotlightOverlayDrawing: View {
    let frame: OverlayFrame
    let metrics: CalloutMetrics
    let style: SpotlightTourStyle
    let onTouch: (TouchDisposition) -> Void

    var body: some View {
        let b = frame.bounds.standardized
        let calloutOpacity = Double(frame.calloutOpacity)
        let dim = style.dimColor.opacity(style.dimOpacity * Double(min(max(frame.dimming, 0), 1)))
        let holes = frame.visibleCutouts.map { SwiftUI.Path($0.visiblePath) }
        let callout = frame.callout.map { SwiftUI.Path($0.path(metrics: metrics)) }
        let calloutFill = style.calloutBackground
        let shift = CGAffineTransform(translationX: -b.minX, y: -b.minY)
        return Canvas { context, _ in
            context.concatenate(shift)
            context.fill(SwiftUI.Path(b), with: .color(dim))
            context.blendMode = .destinationOut
            for hole in holes { context.fill(hole, with: .color(.black)) }
            context.blendMode = .normal
            if let callout {
                context.drawLayer { layer in
                    layer.opacity = calloutOpacity
                    layer.addFilter(.shadow(color: .black.opacity(0.22), radius: 10, x: 0, y: 3))
                    layer.fill(callout, with: .color(calloutFill))
                }
            }
        }
        .frame(width: b.width, height: b.height)
        .contentShape(SwiftUI.Path(frame.touchRegion).applying(shift), eoFill: true)
        .gesture(DragGesture(minimumDistance: 0).onEnded { value in
            onTouch(frame.hitTest(CGPoint(x: value.location.x + b.minX, y: value.location.y + b.minY), metrics: metrics))
        })
        .position(x: b.midX, y: b.midY)
        .accessibilityHidden(true)
    }
}

/// The callout's text and buttons, in VoiceOver's order (`SpotlightAccessibility.elements`).
struct SpotlightCalloutContent: View {
    let step: TourStep
    let elements: [AccessibilityElement]
    let foreground: SwiftUI.Color
    let perform: (TourAction) -> Void

    var body: some View {
        let header = elements.first { $0.role == .header }?.label ?? step.title
        let buttons = elements.compactMap { e -> (TourAction, String)? in
            if case .button(let action) = e.role { return (action, e.label) }
            return nil
        }
        VStack(alignment: .leading, spacing: 8) {
            Text(step.title)
                .font(.headline)
                .accessibilityLabel(Text(header))
                .accessibilityAddTraits(.isHeader)
            if !step.body.isEmpty {
                Text(step.body).font(.body)
            }
            HStack(spacing: 12) {
                Spacer(minLength: 0)
                ForEach(buttons.indices, id: \.self) { i in
                    Button(buttons[i].1) { perform(buttons[i].0) }
                        .font(buttons[i].0 == .next || buttons[i].0 == .finish ? .headline : .body)
                }
            }
        }
        .foregroundColor(foreground)
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
#endif
