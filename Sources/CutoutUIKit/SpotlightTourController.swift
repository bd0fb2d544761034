// Apple APIs: UIKit (UIView, UIWindow, UIViewController.view.safeAreaLayoutGuide, UILabel,
// UIButton, UIStackView, systemLayoutSizeFitting, UITapGestureRecognizer,
// UIScrollView (contentOffset, adjustedContentInset, setContentOffset(_:animated:)),
// UISelectionFeedbackGenerator, UIAccessibility.post(notification:argument:),
// accessibilityViewIsModal), QuartzCore (CADisplayLink, CACurrentMediaTime, CALayer). iOS 15.
#if canImport(UIKit)
import CutoutGeometry
import CutoutRaster
import CutoutSpotlight
import QuartzCore
import UIKit

/// The tour's step type (`CutoutSpotlight.TourStep`): title, body, target ids, callout style,
/// what a tap outside does and whether touches reach the highlighted elements.
public typealias SpotlightTourStep = TourStep
/// Remembers which tours were shown (`CutoutSpotlight.TourStore`).
public typealias SpotlightTourStore = TourStore
/// A store kept in a JSON file (`CutoutSpotlight.FileTourStore`); `.applicationSupport` is the
/// app's standard one.
public typealias SpotlightFileTourStore = FileTourStore
/// The words VoiceOver speaks and the buttons show (`CutoutSpotlight.AccessibilityStrings`).
public typealias SpotlightStrings = AccessibilityStrings

/// A spotlight onboarding tour over a UIKit screen (SPEC §5): a view added to the window dims
/// everything, bars included, cuts a hole around each of the step's targets (clipped to the
/// content area, so a target scrolled under the navigation bar never punches through it),
/// shows the step in a bubble or bottom sheet with Back / Next / Done / Skip buttons, morphs
/// between steps, and remembers in its store that the tour was shown.
///
/// Every decision is the core's: the tour's state machine and availability (`Tour`),
/// duplicate target ids (`TargetRegistry`), the overlay geometry and callout placement
/// (`SpotlightLayout`), the morph (`OverlayTransition`), the drawing (`OverlayLayers`), the
/// touch rule (`OverlayFrame.hitTest`), VoiceOver's text (`SpotlightAccessibility`), when a
/// haptic plays (`TourEvent.playsSelectionFeedback`) and whether the tour is due (`Tour.isDue(in:)`).
///
/// ```swift
/// let tour = SpotlightTourController(id: "home-v1", steps: [
///     SpotlightTourStep(title: "Filters", body: "Narrow the list down.", targetIDs: ["filters"]),
/// ])
/// tour.register(filterButton, id: "filters")
/// tour.presentIfDue(over: self)          // in viewDidAppear
/// ```
@MainActor
public final class SpotlightTourController: NSObject {
    /// The tour's state machine (state, current step, targets).
    public private(set) var tour: Tour
    /// Remembers that the tour was shown.
    public let store: any TourStore
    /// The dimming colour and opacity, the callout's background and the buttons' tint.
    public var dimColor = UIColor(red: 0.02, green: 0.03, blue: 0.08, alpha: 1)
    /// Opacity of the dimming when fully shown.
    public var dimOpacity: CGFloat = 0.62
    /// The callout's background.
    public var calloutColor: UIColor = .systemBackground
    /// Space between the callout's edge and its text, in points.
    public var calloutPadding: CGFloat = 16
    /// Seconds of each appear, step change and disappear animation.
    public var transitionDuration: Double = 0.4
    /// Sizes of the callout (margins, arrow, corner radii).
    public var metrics = CalloutMetrics()
    /// What VoiceOver says and the buttons' titles; pass localised ones.
    public var strings = SpotlightStrings()
    /// Called with every event of the tour, in order.
    public var onEvent: ((TourEvent) -> Void)?
    /// The scroll view holding the targets, if any: before each step shows, it is scrolled
    /// (without animation; the holes morph meanwhile) so the step's targets are fully visible,
    /// by `SpotlightLayout.scrollRequest`.
    public weak var scrollView: UIScrollView?

    private struct Registration {
        let id: String
        weak var view: UIView?
        let shape: SpotlightShape
        let padding: CGFloat
        let clipsToContentArea: Bool
    }

    private var registrations: [Registration] = []
    /// Applies the duplicate-id rule at registration time.
    private var ids: TargetRegistry
    private let reporter: SpotlightReporter
    private var overlay: SpotlightOverlayView?
    private weak var host: UIViewController?
    private let haptics = UISelectionFeedbackGenerator()

    /// A tour named `id` (its key in `store`, by default a file in Application Support, so the
    /// tour shows once per installation).
    public init(id: String, steps: [SpotlightTourStep], store: any SpotlightTourStore = SpotlightFileTourStore.applicationSupport,
                missingTargetPolicy: MissingTargetPolicy = .skipStep, reporter: SpotlightReporter = .silent) {
        tour = Tour(id: id, steps: steps, missingTargetPolicy: missingTargetPolicy, reporter: reporter)
        self.store = store
        self.reporter = reporter
        ids = TargetRegistry(reporter: reporter)
        super.init()
    }

    /// Makes `view` highlightable as `id`. A second registration under the same id is refused
    /// and reported as `SpotlightError.duplicateTarget`; the first stays.
    public func register(_ view: UIView, id: String, shape: SpotlightShape = .roundedRect(radius: 8), padding: CGFloat = 6,
                         clipsToContentArea: Bool = true) {
        guard ids.register(SpotlightTarget(id: id, frame: .zero)) == nil else { return }
        registrations.append(Registration(id: id, view: view, shape: shape, padding: padding,
                                          clipsToContentArea: clipsToContentArea))
    }

    /// Shows the tour over `viewController`'s window unless it was shown before (or is already
    /// running). The content area is the controller's safe-area layout guide, which excludes
    /// the navigation and tab bars. Returns whether the tour started.
    @discardableResult
    public func presentIfDue(over viewController: UIViewController) -> Bool {
        guard tour.isDue(in: store), let window = viewController.view.window else { return false }
        host = viewController
        let overlay = SpotlightOverlayView(frame: window.bounds)
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        overlay.controller = self
        window.addSubview(overlay)
        self.overlay = overlay
        haptics.prepare()
        resolveTargets()
        handle(tour.start())
        return true
    }

    /// Ends the tour as skipped.
    public func dismiss() { handle(tour.skip()) }

    func perform(_ action: TourAction) {
        resolveTargets()
        switch action {
        case .back: handle(tour.back())
        case .next: handle(tour.next())
        case .finish: handle(tour.finish())
        case .skip: handle(tour.skip())
        }
    }

    func handleTouch(_ disposition: TouchDisposition) {
        resolveTargets()
        handle(tour.handleTouch(disposition))
    }

    /// The targets' current frames in window coordinates.
    private func resolveTargets() {
        var registry = TargetRegistry(reporter: reporter)
        for r in registrations {
            guard let view = r.view, view.window != nil else { continue }
            registry.register(SpotlightTarget(id: r.id, frame: view.convert(view.bounds, to: nil), shape: r.shape,
                                              padding: r.padding, clipsToContentArea: r.clipsToContentArea))
        }
        tour.targets = registry
    }

    /// Scrolls ``scrollView`` so `step`'s targets are visible, then re-reads their frames.
    private func reveal(_ step: TourStep, in viewport: SpotlightViewport) {
        guard let scrollView, scrollView.window != nil else { return }
        let inset = scrollView.adjustedContentInset
        let geometry = ScrollGeometry(frame: scrollView.convert(scrollView.bounds, to: nil), contentSize: scrollView.contentSize,
                                      contentInset: SpotlightInsets(top: inset.top, left: inset.left,
                                                                    bottom: inset.bottom, right: inset.right),
                                      contentOffset: scrollView.contentOffset)
        guard let request = SpotlightLayout.scrollRequest(for: step, targets: tour.targets, viewport: viewport,
                                                          scrollView: geometry) else { return }
        scrollView.setContentOffset(request.contentOffset, animated: false)
        scrollView.layoutIfNeeded()
        resolveTargets()
    }

    private var viewport: SpotlightViewport? {
        guard let overlay, let hostView = host?.view else { return nil }
        let content = hostView.convert(hostView.safeAreaLayoutGuide.layoutFrame, to: nil)
        let direction: LayoutDirection = overlay.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        return SpotlightViewport(bounds: overlay.bounds, contentArea: content, layoutDirection: direction)
    }

    private var style: OverlayStyle {
        var style = OverlayStyle()
        let traits = overlay?.traitCollection ?? .current
        style.dimColor = Color(dimColor, traits: traits) ?? style.dimColor
        style.dimOpacity = dimOpacity
        style.calloutColor = Color(calloutColor, traits: traits) ?? style.calloutColor
        return style
    }

    /// Lays the current step out again at once, without a transition (the overlay's bounds
    /// changed: rotation, split view).
    func relayout() {
        guard let overlay, !tour.isOver, let step = tour.currentStep, let progress = tour.progress,
              let viewport else { return }
        resolveTargets()
        let elements = SpotlightAccessibility.elements(for: step, position: progress.position, count: progress.count,
                                                       strings: strings)
        let size = overlay.measure(step: step, elements: elements, width: metrics.contentWidth(in: viewport),
                                   padding: calloutPadding)
        let frame = SpotlightLayout.frame(for: step, targets: tour.targets, viewport: viewport, calloutSize: size,
                                          metrics: metrics)
        overlay.animate(to: frame, elements: (step, elements), style: style, metrics: metrics, padding: calloutPadding,
                        duration: 0, completion: nil)
    }

    private func handle(_ events: [TourEvent]) {
        guard !events.isEmpty else { return }
        for event in events {
            if event.playsSelectionFeedback { haptics.selectionChanged() }
            onEvent?(event)
        }
        tour.recordIfOver(in: store)
        guard let overlay else { return }
        if tour.isOver {
            overlay.animate(to: nil, elements: nil, style: style, metrics: metrics, padding: calloutPadding,
                            duration: transitionDuration) { [weak self] in
                self?.overlay?.removeFromSuperview()
                self?.overlay = nil
            }
            return
        }
        guard let step = tour.currentStep, let progress = tour.progress, let viewport else { return }
        reveal(step, in: viewport)
        let elements = SpotlightAccessibility.elements(for: step, position: progress.position, count: progress.count,
                                                       strings: strings)
        let width = metrics.contentWidth(in: viewport)
        let size = overlay.measure(step: step, elements: elements, width: width, padding: calloutPadding)
        let frame = SpotlightLayout.frame(for: step, targets: tour.targets, viewport: viewport, calloutSize: size,
                                          metrics: metrics)
        overlay.animate(to: frame, elements: (step, elements), style: style, metrics: metrics, padding: calloutPadding,
                        duration: transitionDuration, completion: nil)
        if let text = tour.announcement(strings: strings) {
            UIAccessibility.post(notification: .screenChanged, argument: text)
        }
    }
}

/// The callout's text and buttons, in VoiceOver's order (`SpotlightAccessibility.elements`).
@MainActor
final class SpotlightCalloutContentView: UIStackView {
    private let titleLabel = UILabel()
    private let bodyLabel = UILabel()
    private let buttons = UIStackView()
    private(set) var actions: [TourAction] = []

    init() {
        super.init(frame: .zero)
        axis = .vertical
        spacing = 8
        alignment = .fill
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.adjustsFontForContentSizeCategory = true
        titleLabel.numberOfLines = 0
        titleLabel.accessibilityTraits = .header
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.adjustsFontForContentSizeCategory = true
        bodyLabel.numberOfLines = 0
        buttons.axis = .horizontal
        buttons.spacing = 12
        buttons.alignment = .center
        addArrangedSubview(titleLabel)
        addArrangedSubview(bodyLabel)
        addArrangedSubview(buttons)
    }

    required init(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Fills the labels and buttons for `step`; buttons send `selector` to `target` with
    /// their index in ``actions`` as tag.
    func configure(_ step: TourStep, _ elements: [AccessibilityElement], target: AnyObject?, selector: Selector?) {
        titleLabel.text = step.title
        bodyLabel.text = step.body
        bodyLabel.isHidden = step.body.isEmpty
        for element in elements {
            if case .header = element.role { titleLabel.accessibilityLabel = element.label }
        }
        buttons.arrangedSubviews.forEach { $0.removeFromSuperview() }
        buttons.addArrangedSubview(UIView())      // flexible space: buttons sit at the trailing edge
        actions = []
        for element in elements {
            guard case .button(let action) = element.role else { continue }
            let button = UIButton(type: .system)
            button.setTitle(element.label, for: .normal)
            button.titleLabel?.font = .preferredFont(forTextStyle: action == .next || action == .finish ? .headline : .body)
            button.tag = actions.count
            if let selector { button.addTarget(target, action: selector, for: .primaryActionTriggered) }
            actions.append(action)
            buttons.addArrangedSubview(button)
        }
    }
}

/// The overlay: the core's layer tree, plus real labels and buttons in the callout's content frame.
@MainActor
final class SpotlightOverlayView: UIView {
    weak var controller: SpotlightTourController?

    /// What is on screen now (a sample of the running transition).
    private var shown: OverlayFrame?
    private var metrics = CalloutMetrics()
    private var style = OverlayStyle()
    private var padding: CGFloat = 16
    private var content: CALayer?
    private let callout = SpotlightCalloutContentView()

    private var transition: OverlayTransition?
    private var startTime: CFTimeInterval = 0
    private var link: CADisplayLink?
    private var pendingText: (TourStep, [AccessibilityElement])?
    private var completion: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        accessibilityViewIsModal = true
        callout.alpha = 0
        addSubview(callout)
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
    }

    required init?(coder: NSCoder) { return nil }

    private func apply(_ step: TourStep, _ elements: [AccessibilityElement]) {
        callout.configure(step, elements, target: self, selector: #selector(buttonTapped(_:)))
    }

    /// The callout's size for `step` laid out `width` wide (padding included), measured on a
    /// separate view so what is on screen does not change.
    func measure(step: TourStep, elements: [AccessibilityElement], width: CGFloat, padding: CGFloat) -> CGSize {
        let probe = SpotlightCalloutContentView()
        probe.configure(step, elements, target: nil, selector: nil)
        let inner = max(width - 2 * padding, 0)
        let fitted = probe.systemLayoutSizeFitting(CGSize(width: inner, height: UIView.layoutFittingCompressedSize.height),
                                                   withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        return CGSize(width: width, height: fitted.height + 2 * padding)
    }

    /// Animates from what is shown to `target` (`nil`: disappear), morphing the holes.
    func animate(to target: OverlayFrame?, elements: (TourStep, [AccessibilityElement])?, style: OverlayStyle,
                 metrics: CalloutMetrics, padding: CGFloat, duration: Double, completion: (() -> Void)?) {
        self.style = style
        self.metrics = metrics
        self.padding = padding
        self.completion = completion
        transition = OverlayTransition(from: shown, to: target, duration: duration)
        pendingText = elements
        if shown?.callout == nil, let elements { apply(elements.0, elements.1); pendingText = nil }
        startTime = CACurrentMediaTime()
        if link == nil {
            let link = CADisplayLink(target: self, selector: #selector(tick))
            link.add(to: .main, forMode: .common)
            self.link = link
        }
        tick()
    }

    @objc private func tick() {
        guard let transition else { return }
        let elapsed = CACurrentMediaTime() - startTime
        let frame = transition.sample(at: elapsed)
        // The old callout fades out over the first half: switch the text when it is gone.
        if let pending = pendingText, elapsed >= transition.duration / 2 {
            apply(pending.0, pending.1)
            pendingText = nil
        }
        show(frame)
        if elapsed >= transition.duration {
            link?.invalidate()
            link = nil
            self.transition = nil
            let done = completion
            completion = nil
            // The completion may release this view (the display link no longer holds it).
            withExtendedLifetime(self) { done?() }
        }
    }

    private func show(_ frame: OverlayFrame) {
        shown = frame
        content = layer.replaceCutoutSublayer(content, with: OverlayLayers.layerForHostText(for: frame, style: style,
                                                                                             metrics: metrics))
        if let layout = frame.callout {
            callout.frame = layout.contentFrame.insetBy(dx: padding, dy: padding)
            callout.alpha = frame.calloutOpacity
        } else {
            callout.alpha = 0
        }
    }

    private var laidOutBounds = CGRect.null

    override func layoutSubviews() {
        super.layoutSubviews()
        guard bounds != laidOutBounds else { return }
        let first = laidOutBounds.isNull
        laidOutBounds = bounds
        // New bounds (rotation, split view) move the targets and the bars: lay the step out
        // again at once, cutting any running transition short.
        if !first { controller?.relayout() }
    }

    /// Inside unless the touch is in a cut-out that lets touches through to the element.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let shown else { return false }
        return shown.hitTest(point, metrics: metrics).isHandledByOverlay
    }

    @objc private func tapped(_ recognizer: UITapGestureRecognizer) {
        guard let shown else { return }
        controller?.handleTouch(shown.hitTest(recognizer.location(in: self), metrics: metrics))
    }

    @objc private func buttonTapped(_ sender: UIButton) {
        guard callout.actions.indices.contains(sender.tag), transition == nil else { return }
        controller?.perform(callout.actions[sender.tag])
    }
}
#endif
