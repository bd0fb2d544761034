import CutoutRaster
import Foundation
import CutoutCollection

/// A topping of ``PizzaRecipe``: each is drawn as pure geometry, one ``ShapeLayer`` per kind.
package enum Topping: String, Hashable, Sendable, CaseIterable {
    /// Red-brown discs with darker fat spots.
    case pepperoni
    /// Black olive slices: rings filled even-odd.
    case olive
    /// Basil leaves: two quadratic curves tip to tip.
    case basil
    /// Mushroom slices: a half-ellipse cap over a stem.
    case mushroom
    /// Bell-pepper strips: stroked arcs with round caps.
    case pepper
}

/// A pizza the gallery can draw: a name, its sauce and cheese, and how many of each topping.
///
/// Toppings are placed by ``PizzaArt`` with a ``SplitMix64`` seeded from ``id``, so a recipe
/// always looks the same on every machine.
package struct PizzaRecipe: Hashable, Sendable {
    package var id: String
    package var name: String
    package var sauce: Color
    package var cheese: Color
    /// Toppings in drawing order (later ones lie on top), with their counts.
    package var toppings: [Topping: Int]
    /// Colour of ``Topping/pepper`` strips on this pizza.
    package var pepperColor: Color

    package init(id: String, name: String, sauce: Color, cheese: Color, toppings: [Topping: Int],
                pepperColor: Color = Color(red: 0.22, green: 0.62, blue: 0.2)) {
        self.id = id
        self.name = name
        self.sauce = sauce
        self.cheese = cheese
        self.toppings = toppings
        self.pepperColor = pepperColor
    }

    /// The seed of the topping placement: FNV-1a of ``id`` (stable, unlike `hashValue`).
    package var seed: UInt64 {
        id.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The option the selector offers for this recipe.
    package var option: PizzaOption { PizzaOption(id: id, name: name) }

    static let tomato = Color(red: 0.80, green: 0.20, blue: 0.12)
    static let cream = Color(red: 0.96, green: 0.90, blue: 0.78)
    static let pesto = Color(red: 0.42, green: 0.58, blue: 0.18)
    static let mozzarella = Color(red: 1.0, green: 0.86, blue: 0.45, alpha: 0.9)
    static let paleCheese = Color(red: 1.0, green: 0.93, blue: 0.68, alpha: 0.9)
    static let redPepper = Color(red: 0.88, green: 0.16, blue: 0.1)
    static let jalapeno = Color(red: 0.2, green: 0.55, blue: 0.16)

    /// Eight pizzas with distinct looks, in menu order.
    package static let menu: [PizzaRecipe] = [
        PizzaRecipe(id: "margherita", name: "Margherita", sauce: tomato, cheese: mozzarella, toppings: [.basil: 6]),
        PizzaRecipe(id: "pepperoni", name: "Pepperoni", sauce: tomato, cheese: mozzarella, toppings: [.pepperoni: 10]),
        PizzaRecipe(id: "funghi", name: "Mushroom Cream", sauce: cream, cheese: paleCheese, toppings: [.mushroom: 9]),
        PizzaRecipe(id: "veggie", name: "Veggie", sauce: tomato, cheese: mozzarella,
                    toppings: [.mushroom: 4, .pepper: 6, .olive: 7]),
        PizzaRecipe(id: "diablo", name: "Diablo", sauce: tomato, cheese: mozzarella,
                    toppings: [.pepperoni: 7, .pepper: 6], pepperColor: jalapeno),
        PizzaRecipe(id: "mediterranean", name: "Mediterranean", sauce: tomato, cheese: paleCheese,
                    toppings: [.olive: 9, .pepper: 4, .basil: 3], pepperColor: redPepper),
        PizzaRecipe(id: "pesto", name: "Pesto Garden", sauce: pesto, cheese: paleCheese,
                    toppings: [.mushroom: 5, .basil: 4, .olive: 4]),
        PizzaRecipe(id: "olive-pepper", name: "Olive and Pepper", sauce: tomato, cheese: mozzarella,
                    toppings: [.olive: 6, .pepper: 8], pepperColor: redPepper),
    ]
}
