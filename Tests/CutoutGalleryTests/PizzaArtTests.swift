import Foundation
import Testing
import CutoutGeometry
import CutoutLayers
@testable import CutoutCollection
@testable import CutoutGallery

@Suite struct PizzaArtTests {
    @Test func splitMixMatchesTheReferenceSequence() {
        // First outputs of splitmix64 seeded with 0 (Vigna's reference implementation).
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    static func shape(_ name: String, in pizza: Layer) -> ShapeLayer? {
        pizza.sublayers.first { $0.name == name } as? ShapeLayer
    }

    static func subpathCount(_ path: Path?) -> Int {
        path?.elements.filter { if case .moveTo = $0 { return true } else { return false } }.count ?? 0
    }

    @Test func menuHasAtLeastSixDistinctNamedPizzas() {
        let menu = PizzaRecipe.menu
        #expect(menu.count >= 6)
        #expect(Set(menu.map(\.id)).count == menu.count)
        #expect(Set(menu.map(\.name)).count == menu.count)
        #expect(Set(menu.map(\.toppings)).count == menu.count)
    }

    @Test func placementIsDeterministicPerKind() throws {
        for recipe in PizzaRecipe.menu {
            let a = PizzaArt.pizzaLayer(recipe, diameter: 200), b = PizzaArt.pizzaLayer(recipe, diameter: 200)
            #expect(a.sublayers.map(\.name) == b.sublayers.map(\.name))
            let pathsA = a.sublayers.compactMap { ($0 as? ShapeLayer)?.path }
            let pathsB = b.sublayers.compactMap { ($0 as? ShapeLayer)?.path }
            #expect(pathsA == pathsB, "\(recipe.id)")
        }
        let olives = PizzaRecipe.menu.filter { ($0.toppings[.olive] ?? 0) > 0 }
        let paths = olives.map { Self.shape("olive", in: PizzaArt.pizzaLayer($0, diameter: 200))?.path }
        #expect(Set(paths).count == olives.count)
    }

    @Test func toppingCountsAndRules() throws {
        let veggie = try #require(PizzaRecipe.menu.first { $0.id == "veggie" })
        let pizza = PizzaArt.pizzaLayer(veggie, diameter: 200)
        let olive = try #require(Self.shape("olive", in: pizza))
        // An olive is a ring: an outer and an inner circle filled even-odd.
        #expect(olive.fillRule == .evenOdd)
        #expect(Self.subpathCount(olive.path) == 2 * (veggie.toppings[.olive] ?? 0))
        #expect(Self.subpathCount(Self.shape("mushroom-cap", in: pizza)?.path) == veggie.toppings[.mushroom])
        let pepper = try #require(Self.shape("pepper", in: pizza))
        #expect(pepper.fillColor == nil && pepper.strokeColor != nil && pepper.lineCap == .round)
        #expect(Self.subpathCount(pepper.path) == veggie.toppings[.pepper])
        let pepperoni = try #require(PizzaRecipe.menu.first { $0.id == "pepperoni" })
        let discs = Self.shape("pepperoni", in: PizzaArt.pizzaLayer(pepperoni, diameter: 200))
        #expect(Self.subpathCount(discs?.path) == 10)
    }

    /// Toppings lie on the pizza: inside the cheese, well within the crust.
    @Test func toppingsStayInsideTheCheese() throws {
        for recipe in PizzaRecipe.menu {
            let pizza = PizzaArt.pizzaLayer(recipe, diameter: 200)
            for layer in pizza.sublayers {
                guard let s = layer as? ShapeLayer, let name = s.name, !["sauce", "cheese"].contains(name), let path = s.path else { continue }
                let box = path.boundingBox.insetBy(dx: -s.lineWidth, dy: -s.lineWidth)
                for corner in [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                               CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY)] {
                    #expect(hypot(corner.x - 100, corner.y - 100) < 100 * 1.3, "\(recipe.id) \(name)")
                }
                // The topping centre region: every subpath's box centre within the topping radius.
                let polylines = path.flattened(tolerance: 0.5, transform: .identity)
                for line in polylines {
                    let xs = line.points.map(\.x), ys = line.points.map(\.y)
                    let c = CGPoint(x: (xs.min()! + xs.max()!) / 2, y: (ys.min()! + ys.max()!) / 2)
                    #expect(hypot(c.x - 100, c.y - 100) < 100 * PizzaArt.cheeseRadius, "\(recipe.id) \(name)")
                }
            }
        }
    }

    @Test func halfCellShowsTheInnerHalf() throws {
        let recipe = PizzaRecipe.menu[0]
        let size = CGSize(width: 195, height: 300)
        for half in PizzaHalfOrientation.allCases {
            let cell = PizzaArt.halfPizzaLayer(recipe, half: half, cellSize: size)
            let container = try #require(cell.sublayers.first)
            #expect(container.masksToBounds)
            #expect(container.bounds.size == CGSize(width: 141, height: 282))
            #expect(container.frame.minX == (half == .left ? 54 : 0))
            let pizza = try #require(container.sublayers.first)
            #expect(pizza.frame == CGRect(x: half == .left ? 0 : -141, y: 0, width: 282, height: 282))
        }
    }

    @Test func absurdSizesDoNotCrash() {
        let recipe = PizzaRecipe.menu[1]
        _ = PizzaArt.pizzaLayer(recipe, diameter: .nan)
        _ = PizzaArt.pizzaLayer(recipe, diameter: -5)
        _ = PizzaArt.halfPizzaLayer(recipe, half: .left, cellSize: CGSize(width: -1, height: CGFloat.infinity))
        _ = GalleryParts.captionPill("A very long name that cannot fit", in: CGSize(width: 10, height: -3))
        let indicator = GalleryParts.scrollIndicator(progress: .nan, center: .zero, radius: 10)
        #expect((indicator.sublayers.last as? ShapeLayer)?.strokeEnd == 0)
    }
}
