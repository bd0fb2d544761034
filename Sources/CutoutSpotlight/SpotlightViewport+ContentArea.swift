import Foundation

extension SpotlightViewport {
    /// The viewport of an overlay covering `bounds` whose content is visible in `contentArea`
    /// (the frame of the scrolling content, measured by the host in the overlay's coordinates):
    /// what a SwiftUI host knows, which sees where the content sits but not the bars' heights.
    ///
    /// The distance from each edge of `bounds` to the same edge of `contentArea` becomes the
    /// safe-area inset on that side, bars included, so ``visibleRect`` is `contentArea` clipped
    /// to `bounds`. A non-finite or null `contentArea` leaves the whole of `bounds` visible.
    public init(bounds: CGRect, contentArea: CGRect, layoutDirection: LayoutDirection = .leftToRight) {
        let b = bounds.standardized
        let finite = !contentArea.isNull && contentArea.origin.x.isFinite && contentArea.origin.y.isFinite
            && contentArea.width.isFinite && contentArea.height.isFinite
        let c = finite ? contentArea.standardized : b
        let insets = SpotlightInsets(top: max(0, c.minY - b.minY), left: max(0, c.minX - b.minX),
                                     bottom: max(0, b.maxY - c.maxY), right: max(0, b.maxX - c.maxX))
        self.init(bounds: bounds, safeAreaInsets: insets, layoutDirection: layoutDirection)
    }
}
