import CutoutGeometry
import Foundation

/// Turns a step into an ``OverlayFrame``: resolves its targets, clips them to the visible
/// area and places the callout. Pure geometry.
public enum SpotlightLayout {
    /// The still frame of `step` (index `stepIndex` of a tour).
    ///
    /// - Targets that are not registered are left out (the tour reports them); with none
    ///   left, the callout is a sheet.
    /// - The callout points at the visible part of the step's first resolved target and avoids
    ///   the visible part of every cut-out.
    /// - `calloutSize` is the text box the host measured for the step.
    public static func frame(for step: TourStep, targets: TargetRegistry, viewport: SpotlightViewport,
                             calloutSize: CGSize, metrics: CalloutMetrics = CalloutMetrics()) -> OverlayFrame {
        let cutouts = step.targetIDs.compactMap { targets[$0].map(viewport.clippedCutout(for:)) }
        var frame = OverlayFrame(bounds: viewport.bounds, visibleRect: viewport.visibleRect, cutouts: cutouts,
                                 passesTouchesThroughCutouts: step.passesTouchesThroughCutouts)
        let visible = frame.visibleCutouts.map(\.visibleBounds)
        let anchor = visible.first
        frame.callout = CalloutPlacement.place(contentSize: calloutSize, target: anchor, cutouts: visible,
                                               viewport: viewport, style: step.calloutStyle, metrics: metrics)
        return frame
    }

    /// The scroll that brings all of `step`'s targets (their highlight boxes) into the visible
    /// area of `scrollView`, or `nil` when they are visible or not registered. After scrolling,
    /// the host moves the targets (``TargetRegistry/offsetTargets(_:dx:dy:)``) and lays out again.
    public static func scrollRequest(for step: TourStep, targets: TargetRegistry, viewport: SpotlightViewport,
                                     scrollView: ScrollGeometry, margin: CGFloat = 16) -> ScrollRequest? {
        let boxes = step.targetIDs.compactMap { targets[$0]?.cutout.bounds }
        guard let first = boxes.first else { return nil }
        let union = boxes.dropFirst().reduce(first) { $0.union($1) }
        return scrollView.scrollRequest(toReveal: union, in: viewport.visibleRect, margin: margin)
    }
}
