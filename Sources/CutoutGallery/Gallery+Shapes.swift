import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

extension GallerySectionPlan {
    /// SPEC §3's card suits and border: shape layers with a fill, a 2 pt stroke in the same
    /// colour and a shadow radius of 20 (10 for the spade), each in a 300 pt square, inset 20.
    static var shapes: GallerySectionPlan {
        let cell = CGRect(x: 0, y: 0, width: 300, height: 300)
        let suits: [(id: String, title: String, path: Path, color: Color, shadow: CGFloat)] = [
            ("spade", "Spade", Shapes.spade(in: cell), .black, 10),
            ("heart", "Heart", Shapes.heart(in: cell), .red, 20),
            ("diamond", "Diamond", Shapes.diamond(in: cell), .red, 20),
            ("club", "Club", Shapes.club(in: cell), .black, 20),
        ]
        var scenes = suits.map { suit in
            GalleryScene(id: "shape-\(suit.id)", title: suit.title,
                         caption: "The card suit drawn by Shapes in a 300 pt square (inset 20), as a ShapeLayer filled non-zero with a 2 pt stroke and a shadow of radius \(Int(suit.shadow)).",
                         size: cell.size, frames: [suitLayer(suit.path, color: suit.color, shadowRadius: suit.shadow, size: cell.size)],
                         frameDuration: 0)
        }
        let size = CGSize(width: 340, height: 240)
        let border = Shapes.chamferedBorder(in: CGRect(x: 20, y: 20, width: 300, height: 200), inset: 40)
        scenes.append(GalleryScene(id: "shape-chamfered-border", title: "Chamfered border",
                                   caption: "Shapes.chamferedBorder: two corners cut by 40 pt, two rounded with radius 40; a white ShapeLayer whose black shadow (radius 20) comes from the same path as shadowPath.",
                                   size: size, frames: [borderLayer(border, size: size)], frameDuration: 0))
        return GallerySectionPlan(title: "Shapes", summary: "Outlines from CutoutGeometry's Shapes, each a function of its rect, drawn by CutoutLayers' ShapeLayer.", scenes: scenes)
    }

    private static func suitLayer(_ path: Path, color: Color, shadowRadius: CGFloat, size: CGSize) -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = .white
        let shape = ShapeLayer()
        shape.frame = CGRect(origin: .zero, size: size)
        shape.path = path
        shape.fillColor = color
        shape.strokeColor = color
        shape.lineWidth = 2
        shape.shadowColor = color
        shape.shadowOpacity = 1
        shape.shadowOffset = .zero
        shape.shadowRadius = shadowRadius
        root.addSublayer(shape)
        return root
    }

    private static func borderLayer(_ path: Path, size: CGSize) -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = Color(red: 0.93, green: 0.94, blue: 0.96)
        // SPEC §3: the white fill sits on a masked front layer, the container casts the shadow
        // from a shadow path of the same outline (a mask would cut the container's shadow).
        let container = Layer(frame: CGRect(origin: .zero, size: size))
        container.shadowPath = path
        container.shadowColor = .black
        container.shadowOpacity = 1
        container.shadowOffset = .zero
        container.shadowRadius = 20
        let front = Layer(frame: CGRect(origin: .zero, size: size))
        front.backgroundColor = .white
        let mask = ShapeLayer()
        mask.frame = CGRect(origin: .zero, size: size)
        mask.path = path
        front.mask = mask
        container.addSublayer(front)
        root.addSublayer(container)
        return root
    }
}
