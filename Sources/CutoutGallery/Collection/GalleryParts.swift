import CutoutGeometry
import CutoutLayers
import CutoutRaster
import CutoutText
import Foundation
import CutoutCollection

/// Small pieces the collection gallery scenes are made of: caption pills, circular scroll
/// indicators, carousel cards and backgrounds.
///
/// A caption is a pill holding the text (its string also in the pill's ``Layer/name``).
enum GalleryParts {
    static let ink = Color(red: 0.13, green: 0.11, blue: 0.12)
    static let paper = Color(red: 1, green: 0.98, blue: 0.95)
    static let orange = Color(red: 1, green: 0.41, blue: 0.08)
    static let track = Color(white: 1, alpha: 0.18)

    /// A dark warm vertical gradient filling `rect`.
    static func background(_ rect: CGRect) -> Layer {
        let g = GradientLayer()
        g.frame = rect
        g.colors = [Color(red: 0.2, green: 0.15, blue: 0.14), Color(red: 0.1, green: 0.08, blue: 0.08)]
        g.name = "background"
        return g
    }

    /// A transparent layer of `size` with a caption pill for `text` centred in it.
    ///
    /// The pill is at most 30 points high and `size.width − 8` wide; the label is set in the
    /// bundled bold font at 45 % of the pill's height, shrunk (to 7 points at least) when it
    /// would not fit, then cut with "…".
    static func captionPill(_ text: String, in size: CGSize) -> Layer {
        let box = Layer(frame: CGRect(origin: .zero, size: size))
        let h = max(min(size.height, 30), 0)
        let maxText = max(size.width - 8 - h, 0)
        var fontSize = h * 0.45
        var natural = TextLayout(string: text, style: TextStyle(font: GalleryText.bold, fontSize: fontSize)).typographicBounds.width
        if natural > maxText, natural > 0 {
            fontSize = max(fontSize * maxText / natural, 7)
            natural = TextLayout(string: text, style: TextStyle(font: GalleryText.bold, fontSize: fontSize)).typographicBounds.width
        }
        let pillWidth = min(natural, maxText) + h
        let pill = Layer(frame: CGRect(x: (size.width - pillWidth) / 2, y: (size.height - h) / 2, width: pillWidth, height: h))
        pill.backgroundColor = paper
        pill.cornerRadius = h / 2
        pill.name = "label \(text)"
        let style = TextStyle(font: GalleryText.bold, fontSize: fontSize)
        // Capitals centred in the pill.
        let m = GalleryText.bold.metrics
        let capsMiddle = (CGFloat(m.ascender) - CGFloat(m.capHeight) / 2) * fontSize / CGFloat(m.unitsPerEm)
        // A point of slack either side: the label is centred, and rounding must not cut it.
        let label = GalleryText.label(text, x: h / 2 - 1, baseline: h / 2 - capsMiddle + style.ascent, width: pillWidth - h + 2,
                                      size: fontSize, color: ink, bold: true, alignment: .center)
        pill.addSublayer(label)
        box.addSublayer(pill)
        return box
    }

    /// A circular scroll indicator centred at `center`: a faint full track and an arc from
    /// twelve o'clock, clockwise, whose ``ShapeLayer/strokeEnd`` is `progress` (clamped to
    /// 0...1, NaN → 0).
    static func scrollIndicator(progress: CGFloat, center: CGPoint, radius: CGFloat, lineWidth: CGFloat = 4) -> Layer {
        let side = 2 * radius + lineWidth
        let box = Layer(frame: CGRect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side))
        box.name = "scroll indicator"
        var ring = Path()
        let c = CGPoint(x: side / 2, y: side / 2)
        ring.addArc(center: c, radius: radius, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        let trackLayer = PizzaArt.shape("indicator track", ring, fill: nil)
        trackLayer.strokeColor = track
        trackLayer.lineWidth = lineWidth
        let arc = PizzaArt.shape("indicator progress", ring, fill: nil)
        arc.strokeColor = orange
        arc.lineWidth = lineWidth
        arc.lineCap = .round
        arc.strokeEnd = progress.isNaN ? 0 : min(max(progress, 0), 1)
        box.addSublayer(trackLayer)
        box.addSublayer(arc)
        return box
    }

    /// A carousel card of `size`: a rounded paper card with the whole pizza and its caption.
    static func card(_ recipe: PizzaRecipe, size: CGSize) -> Layer {
        let card = Layer(frame: CGRect(origin: .zero, size: size))
        card.backgroundColor = paper
        card.cornerRadius = min(size.width, size.height) * 0.12
        card.name = "card \(recipe.id)"
        let d = max(min(size.width - 16, size.height - 44), 0)
        let pizza = PizzaArt.pizzaLayer(recipe, diameter: d)
        pizza.frame.origin = CGPoint(x: (size.width - d) / 2, y: 8)
        card.addSublayer(pizza)
        let caption = captionPill(recipe.name, in: CGSize(width: size.width, height: 24))
        caption.frame.origin = CGPoint(x: 0, y: size.height - 30)
        if let pill = caption.sublayers.first {
            pill.backgroundColor = Color(red: 0.95, green: 0.9, blue: 0.84)
        }
        card.addSublayer(caption)
        return card
    }
}
