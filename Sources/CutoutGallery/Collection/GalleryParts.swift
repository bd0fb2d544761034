import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import CutoutCollection

/// Small pieces the collection gallery scenes are made of: caption pills, circular scroll
/// indicators, carousel cards and backgrounds.
///
/// Text rendering does not exist in Cutout, so a caption is a pill holding one rounded bar
/// per word, each as wide as the word is long: the shape of a label, without glyphs. The text
/// itself is kept in the pill's ``Layer/name``.
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
    /// The pill is at most 30 points high and `size.width − 8` wide; the word bars shrink
    /// together when the text would not fit.
    static func captionPill(_ text: String, in size: CGSize) -> Layer {
        let box = Layer(frame: CGRect(origin: .zero, size: size))
        let h = max(min(size.height, 30), 0)
        let charWidth = h * 0.24, gap = h * 0.3, barHeight = h * 0.24
        let words = text.split(separator: " ").map { CGFloat($0.count) * charWidth }
        let natural = words.reduce(0, +) + gap * CGFloat(max(words.count - 1, 0))
        let maxText = max(size.width - 8 - h, 0)
        let shrink = natural > maxText && natural > 0 ? maxText / natural : 1
        let pillWidth = natural * shrink + h
        let pill = Layer(frame: CGRect(x: (size.width - pillWidth) / 2, y: (size.height - h) / 2, width: pillWidth, height: h))
        pill.backgroundColor = paper
        pill.cornerRadius = h / 2
        pill.name = "label \(text)"
        var x = h / 2
        var bars = Path()
        for w in words {
            bars.addRoundedRect(in: CGRect(x: x, y: (h - barHeight) / 2, width: w * shrink, height: barHeight),
                                cornerWidth: barHeight / 2, cornerHeight: barHeight / 2)
            x += (w + gap) * shrink
        }
        pill.addSublayer(PizzaArt.shape("text placeholder", bars, fill: ink))
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
