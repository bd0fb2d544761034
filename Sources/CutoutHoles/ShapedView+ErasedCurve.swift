import CutoutGeometry
import CutoutRaster
import Foundation

extension ShapedView {
    /// How the thick curve is taken out of the card.
    public enum EraseMode: Hashable, Sendable {
        /// The seed's way: the stroke's outline is appended to the card and the mask fills
        /// even-odd. Wherever the thick curve pokes out of the card, even-odd fills that part
        /// in (it is inside exactly one contour). A shadow path is filled non-zero, so it gets
        /// the card plus the *reversed* stroke outline, which matches the even-odd mask wherever
        /// the outline is simple and inside the card (appending the outline as is would put the
        /// shadow right under the cut, since the stroker winds its outline like the card).
        case evenOdd
        /// The boolean way: card `subtracting` the stroke's outline, filled non-zero. Correct
        /// for any curve, and the shadow follows the cut.
        case subtracting
    }

    /// The erased-curve card: a rounded rect with a thick quadratic curve cut out of it
    /// (from (w/4, h/4) to (3w/4, 3h/4), control (w, 0), round caps and joins), white, with a
    /// black shadow of radius 20.
    ///
    /// - Parameters:
    ///   - cornerRadius: the card's corner radius (20 in the seed).
    ///   - lineWidth: the curve's thickness (70 in the seed).
    ///   - centerline: the curve to erase; `nil` for `Shapes.erasedCurveCenterline(in:)` of `bounds`.
    public static func erasedCurveCard(bounds: CGRect, mode: EraseMode, cornerRadius: CGFloat = 20,
                                       lineWidth: CGFloat = 70, centerline: Path? = nil,
                                       shadow: LayerShadow? = LayerShadow()) -> ShapedView {
        let card = Path(roundedRect: bounds, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
        let curve = centerline ?? Shapes.erasedCurveCenterline(in: bounds)
        let cut = curve.copy(strokingWithWidth: lineWidth, lineCap: .round, lineJoin: .round, miterLimit: 10)
        switch mode {
        case .evenOdd:
            var outline = card
            outline.addPath(cut)
            var view = ShapedView(bounds: bounds, outline: outline, fillRule: .evenOdd, shadow: shadow)
            var shadowPath = card
            shadowPath.addPath(cut.reversing())
            view.shadowPath = shadowPath
            return view
        case .subtracting:
            return ShapedView(bounds: bounds, outline: card.subtracting(cut), fillRule: .winding, shadow: shadow)
        }
    }
}

extension HoleOverlay {
    /// The covered area as geometry: ``bounds`` minus the union of the holes, computed with
    /// boolean operations (each hole normalised under its own fill rule first). Soft edges are
    /// ignored. Straight lines only (the boolean engine flattens curves).
    public var cutPath: Path {
        let box = bounds.isFiniteRect ? bounds.standardized : .zero
        var result = Path(rect: box)
        for hole in holes where !hole.path.isEmpty {
            let h = hole.fillRule == .winding ? hole.path : hole.path.normalized(using: hole.fillRule)
            result = result.subtracting(h)
        }
        return result
    }
}
