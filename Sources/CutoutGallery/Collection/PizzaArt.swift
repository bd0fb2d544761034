import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import CutoutCollection

/// Draws pizzas as layer trees of pure geometry: a crust ring shaded by a radial gradient,
/// sauce, a wobbly cheese layer and toppings; and half pizzas clipped the way SPEC §4's cells
/// show them.
package enum PizzaArt {
    /// Fractions of the radius.
    static let sauceRadius: CGFloat = 0.84
    static let cheeseRadius: CGFloat = 0.77
    static let toppingRadius: CGFloat = 0.64

    /// A `diameter`×`diameter` layer (named after the recipe's id) drawing the whole pizza.
    ///
    /// Complexity: O(t²) in the number of toppings t for the placement (rejection sampling
    /// with a bounded number of tries per topping).
    package static func pizzaLayer(_ recipe: PizzaRecipe, diameter: CGFloat) -> Layer {
        let d = diameter.isFinite ? max(diameter, 0) : 0
        let pizza = Layer(frame: CGRect(x: 0, y: 0, width: d, height: d))
        pizza.name = recipe.id
        let r = d / 2
        let c = CGPoint(x: r, y: r)

        // The crust: a disc whose radial gradient is dough-coloured inside and browns toward
        // the rim; sauce covers the inside, leaving a shaded ring.
        let crust = GradientLayer()
        crust.frame = pizza.bounds
        crust.type = .radial
        crust.startPoint = CGPoint(x: 0.5, y: 0.5)
        crust.endPoint = CGPoint(x: 1, y: 1)
        crust.colors = [Color(red: 0.98, green: 0.8, blue: 0.48), Color(red: 0.93, green: 0.68, blue: 0.33),
                        Color(red: 0.7, green: 0.42, blue: 0.16)]
        crust.locations = [sauceRadius, 0.9, 1]
        crust.cornerRadius = r
        crust.masksToBounds = true
        crust.name = "crust"
        pizza.addSublayer(crust)

        pizza.addSublayer(shape("sauce", circle(c, r * sauceRadius), fill: recipe.sauce))
        var rng = SplitMix64(seed: recipe.seed)
        pizza.addSublayer(shape("cheese", cheesePath(c, r * cheeseRadius, rng: &rng), fill: recipe.cheese))

        let placements = place(recipe, center: c, radius: r, rng: &rng)
        for topping in Topping.allCases {
            guard let spots = placements[topping], !spots.isEmpty else { continue }
            for layer in toppingLayers(topping, spots: spots, size: r * toppingSize(topping), recipe: recipe) {
                pizza.addSublayer(layer)
            }
        }
        return pizza
    }

    /// The cell content of one half of SPEC §4: a container half the pizza wide, clipped to its
    /// bounds, holding the whole pizza aligned so the container shows the `half` side. In a
    /// left cell the container sits at the cell's right edge, in a right cell at its left
    /// edge, so both halves meet at the screen centre.
    ///
    /// The pizza's diameter is `min(cellSize.height, 2·cellSize.width) · fill`.
    package static func halfPizzaLayer(_ recipe: PizzaRecipe, half: PizzaHalfOrientation, cellSize: CGSize,
                                      fill: CGFloat = 0.94) -> Layer {
        let cell = Layer(frame: CGRect(origin: .zero, size: cellSize))
        cell.name = "cell-\(recipe.id)"
        let d = max(min(cellSize.height, 2 * cellSize.width) * fill, 0)
        let y = (cellSize.height - d) / 2
        let container = Layer(frame: CGRect(x: half == .left ? cellSize.width - d / 2 : 0, y: y, width: d / 2, height: d))
        container.masksToBounds = true
        container.name = "half-\(half.rawValue)"
        let pizza = pizzaLayer(recipe, diameter: d)
        pizza.frame.origin = CGPoint(x: half == .left ? 0 : -d / 2, y: 0)
        container.addSublayer(pizza)
        cell.addSublayer(container)
        return cell
    }

    // MARK: Geometry

    static func shape(_ name: String, _ path: Path, fill: Color?, rule: FillRule = .winding) -> ShapeLayer {
        let s = ShapeLayer()
        s.name = name
        s.path = path
        s.fillColor = fill
        s.fillRule = rule
        return s
    }

    static func circle(_ c: CGPoint, _ radius: CGFloat) -> Path {
        var p = Path()
        p.addEllipse(in: CGRect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
        return p
    }

    /// A closed blob around `c`: 24 points at a radius that wanders by ±4 %, joined by
    /// quadratic curves through their midpoints so the outline is smooth.
    static func cheesePath(_ c: CGPoint, _ radius: CGFloat, rng: inout SplitMix64) -> Path {
        let n = 24
        let points = (0..<n).map { i -> CGPoint in
            let a = CGFloat(i) / CGFloat(n) * 2 * .pi
            let rr = radius * (0.96 + 0.08 * unit(&rng))
            return CGPoint(x: c.x + rr * cos(a), y: c.y + rr * sin(a))
        }
        func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        var p = Path()
        p.move(to: mid(points[n - 1], points[0]))
        for i in 0..<n { p.addQuadCurve(to: mid(points[i], points[(i + 1) % n]), control: points[i]) }
        p.closeSubpath()
        return p
    }

    /// A uniform number in 0..<1 from the generator's top 53 bits.
    static func unit(_ rng: inout SplitMix64) -> CGFloat {
        CGFloat(Double(rng.next() >> 11) / 9_007_199_254_740_992)
    }

    /// Size of one topping as a fraction of the pizza's radius.
    static func toppingSize(_ t: Topping) -> CGFloat {
        switch t {
        case .pepperoni: return 0.15
        case .olive: return 0.075
        case .basil: return 0.16
        case .mushroom: return 0.12
        case .pepper: return 0.15
        }
    }

    /// A topping's place and turn.
    struct Spot: Hashable {
        var center: CGPoint
        var angle: CGFloat
    }

    /// Spots for every topping of the recipe, inside the topping radius, kept apart by their
    /// sizes where 40 tries allow (a crowded pizza accepts the last try).
    static func place(_ recipe: PizzaRecipe, center c: CGPoint, radius r: CGFloat,
                      rng: inout SplitMix64) -> [Topping: [Spot]] {
        var taken: [(CGPoint, CGFloat)] = []
        var out: [Topping: [Spot]] = [:]
        for topping in Topping.allCases {
            let count = min(max(recipe.toppings[topping] ?? 0, 0), 40)
            let size = r * toppingSize(topping)
            for _ in 0..<count {
                var candidate = CGPoint.zero
                for _ in 0..<40 {
                    // sqrt keeps the density uniform over the disc.
                    let rho = r * toppingRadius * sqrt(unit(&rng)), a = 2 * .pi * unit(&rng)
                    candidate = CGPoint(x: c.x + rho * cos(a), y: c.y + rho * sin(a))
                    let free = taken.allSatisfy { hypot($0.0.x - candidate.x, $0.0.y - candidate.y) > ($0.1 + size) * 0.9 }
                    if free { break }
                }
                taken.append((candidate, size))
                out[topping, default: []].append(Spot(center: candidate, angle: 2 * .pi * unit(&rng)))
            }
        }
        return out
    }

    /// The layers of one topping kind: one path per colour for all spots.
    static func toppingLayers(_ t: Topping, spots: [Spot], size s: CGFloat, recipe: PizzaRecipe) -> [Layer] {
        switch t {
        case .pepperoni:
            var discs = Path(), fat = Path()
            for spot in spots {
                discs.addPath(circle(spot.center, s))
                for k in 0..<3 {
                    let a = spot.angle + CGFloat(k) * 2.1
                    fat.addPath(circle(CGPoint(x: spot.center.x + 0.5 * s * cos(a), y: spot.center.y + 0.5 * s * sin(a)), s * 0.14))
                }
            }
            return [shape("pepperoni", discs, fill: Color(red: 0.7, green: 0.13, blue: 0.1)),
                    shape("pepperoni-fat", fat, fill: Color(red: 0.52, green: 0.07, blue: 0.06))]
        case .olive:
            var rings = Path()
            for spot in spots {
                rings.addPath(circle(spot.center, s))
                rings.addPath(circle(spot.center, s * 0.45))
            }
            return [shape("olive", rings, fill: Color(red: 0.13, green: 0.12, blue: 0.1), rule: .evenOdd)]
        case .basil:
            var leaves = Path()
            for spot in spots {
                let turn = Transform(rotationAngle: spot.angle).concatenating(Transform(translationX: spot.center.x, y: spot.center.y))
                var leaf = Path()
                leaf.move(to: CGPoint(x: -s, y: 0))
                leaf.addQuadCurve(to: CGPoint(x: s, y: 0), control: CGPoint(x: 0, y: -s * 0.9))
                leaf.addQuadCurve(to: CGPoint(x: -s, y: 0), control: CGPoint(x: 0, y: s * 0.9))
                leaf.closeSubpath()
                leaves.addPath(leaf, transform: turn)
            }
            return [shape("basil", leaves, fill: Color(red: 0.18, green: 0.5, blue: 0.16))]
        case .mushroom:
            var caps = Path(), stems = Path()
            for spot in spots {
                // Upright-ish slices: a tilt of ±0.6 rad reads as scattered without upside-down caps.
                let turn = Transform(rotationAngle: (spot.angle - .pi) * 0.2)
                    .concatenating(Transform(translationX: spot.center.x, y: spot.center.y))
                var cap = Path()
                cap.move(to: CGPoint(x: -s, y: 0))
                cap.addArc(center: .zero, radius: s, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
                cap.addQuadCurve(to: CGPoint(x: -s, y: 0), control: CGPoint(x: 0, y: s * 0.25))
                cap.closeSubpath()
                caps.addPath(cap, transform: turn)
                var stem = Path()
                stem.addRoundedRect(in: CGRect(x: -s * 0.3, y: s * 0.08, width: s * 0.6, height: s * 0.75),
                                    cornerWidth: s * 0.2, cornerHeight: s * 0.2)
                stems.addPath(stem, transform: turn)
            }
            return [shape("mushroom-stem", stems, fill: Color(red: 0.93, green: 0.87, blue: 0.76)),
                    shape("mushroom-cap", caps, fill: Color(red: 0.62, green: 0.46, blue: 0.34))]
        case .pepper:
            var strips = Path()
            for spot in spots {
                strips.move(to: CGPoint(x: spot.center.x + s * cos(spot.angle), y: spot.center.y + s * sin(spot.angle)))
                strips.addArc(center: spot.center, radius: s, startAngle: spot.angle, endAngle: spot.angle + 2.2, clockwise: true)
            }
            let layer = shape("pepper", strips, fill: nil)
            layer.strokeColor = recipe.pepperColor
            layer.lineWidth = s * 0.3
            layer.lineCap = .round
            return [layer]
        }
    }
}
