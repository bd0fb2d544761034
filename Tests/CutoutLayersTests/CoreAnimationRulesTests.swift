import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import CutoutSVG
import CutoutTestSupport
@testable import CutoutLayers

/// Core Animation's rules where Cutout used to differ: `masksToBounds` clips the layer's own
/// shadow, `contentsGravity` bottom means minimum y, `allowsGroupOpacity`, `cornerCurve`.
@Suite struct CoreAnimationRulesTests {
    static let grey = Color(white: 0.85)

    static func canvas() -> Layer {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
        root.backgroundColor = grey
        return root
    }

    /// A white card casting a sharp shadow 12 pt below itself, with or without a shadow path.
    static func shadowedCard(masksToBounds: Bool, shadowPath: Bool) -> Layer {
        let root = canvas()
        let card = Layer(frame: CGRect(x: 16, y: 8, width: 32, height: 24))
        card.backgroundColor = .white
        card.shadowOpacity = 1
        card.shadowRadius = 0
        card.shadowOffset = CGSize(width: 0, height: 12)
        card.masksToBounds = masksToBounds
        if shadowPath { card.shadowPath = card.boundsPath }
        root.addSublayer(card)
        return root
    }

    /// The shadow below the card shows without `masksToBounds` and is clipped away with it,
    /// for a shadow cast from content and from a shadow path, in the renderer and in the SVG
    /// export (read back by the importer).
    @Test(arguments: [false, true])
    func masksToBoundsClipsTheOwnShadow(shadowPath: Bool) throws {
        let below = (x: 32, y: 40)   // under the card, inside the shadow
        let free = try LayerRenderer.render(Self.shadowedCard(masksToBounds: false, shadowPath: shadowPath), size: CGSize(width: 64, height: 64))
        #expect(free[below.x, below.y] == Color.black.premultiplied)
        let tree = Self.shadowedCard(masksToBounds: true, shadowPath: shadowPath)
        let clipped = try LayerRenderer.render(tree, size: CGSize(width: 64, height: 64))
        #expect(clipped[below.x, below.y] == Self.grey.premultiplied)
        #expect(clipped[32, 16] == Color.white.premultiplied)
        let image = try SVGImporter.importSVG(SVGExporter.svg(for: tree, size: CGSize(width: 64, height: 64)))
        let readBack = try LayerRenderer.render(image.layer, size: image.size)
        #expect(readBack[below.x, below.y] == Self.grey.premultiplied)
        #expect(readBack[32, 16] == Color.white.premultiplied)
    }

    /// `.bottom` is minimum y (the visual top here, and on iOS), `.top` maximum y; the
    /// corners likewise.
    @Test func contentsGravityFollowsCoreAnimation() throws {
        var image = try Pixmap(width: 8, height: 8)
        image.fill(Color.black.premultiplied)
        func drawn(_ gravity: ContentsGravity) throws -> (top: Bool, bottom: Bool, left: Bool, right: Bool) {
            let root = Layer(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
            let l = Layer(frame: root.bounds)
            l.contents = image
            l.contentsGravity = gravity
            root.addSublayer(l)
            let px = try LayerRenderer.render(root, size: root.bounds.size)
            return (px[16, 2].a == 255 || px[2, 2].a == 255 || px[30, 2].a == 255,
                    px[16, 29].a == 255 || px[2, 29].a == 255 || px[30, 29].a == 255,
                    px[2, 2].a == 255 || px[2, 29].a == 255 || px[2, 16].a == 255,
                    px[29, 2].a == 255 || px[29, 29].a == 255 || px[29, 16].a == 255)
        }
        let bottom = try drawn(.bottom), top = try drawn(.top)
        #expect(bottom.top && !bottom.bottom)
        #expect(top.bottom && !top.top)
        let bottomLeft = try drawn(.bottomLeft), topRight = try drawn(.topRight)
        #expect(bottomLeft.top && bottomLeft.left && !bottomLeft.bottom && !bottomLeft.right)
        #expect(topRight.bottom && topRight.right && !topRight.top && !topRight.left)
    }

    /// Two overlapping squares under opacity 0.5: as a group (default) the overlap shows
    /// only the upper square; without group opacity it equals each square drawn with
    /// opacity 0.5 on its own, and no offscreen buffer is used.
    @Test func allowsGroupOpacity() throws {
        func tree(group: Bool, separate: Bool) -> Layer {
            let root = Self.canvas()
            let holder = Layer(frame: CGRect(x: 8, y: 8, width: 48, height: 48))
            let a = Layer(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
            a.backgroundColor = .red
            let b = Layer(frame: CGRect(x: 16, y: 16, width: 32, height: 32))
            b.backgroundColor = .blue
            holder.addSublayer(a)
            holder.addSublayer(b)
            if separate { a.opacity = 0.5; b.opacity = 0.5 } else { holder.opacity = 0.5 }
            holder.allowsGroupOpacity = group
            root.addSublayer(holder)
            return root
        }
        #expect(Layer().allowsGroupOpacity)
        let size = CGSize(width: 64, height: 64)
        let grouped = try LayerRenderer.render(tree(group: true, separate: false), size: size, scale: 1, byteLimit: nil)
        let ungrouped = try LayerRenderer.render(tree(group: false, separate: false), size: size, scale: 1, byteLimit: nil)
        let separate = try LayerRenderer.render(tree(group: true, separate: true), size: size, scale: 1, byteLimit: nil)
        #expect(grouped.statistics.buffers == 1)
        #expect(ungrouped.statistics.buffers == 0)
        // Within 1/255: each sublayer's opacity is applied with its own rounding.
        try assertImage(ungrouped.pixels, matches: separate.pixels, named: "ca-group-opacity-off", tolerance: ImageTolerance(channel: 1))
        // In the overlap, red shows through (less blue) only without the group.
        #expect(grouped.pixels[30, 30].b > ungrouped.pixels[30, 30].b + 30)
    }

    /// `cornerCurve = .continuous` draws the background, border and clip with continuous
    /// corners: the outline is Shapes.continuousRoundedRect, which starts its corner farther
    /// from the corner point than a circular one (1.53 r) and so leaves the corner emptier.
    @Test func cornerCurveContinuous() throws {
        let layer = Layer(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        layer.cornerRadius = 12
        layer.maskedCorners = [.topLeft, .bottomRight]
        #expect(layer.cornerCurve == .circular)
        layer.cornerCurve = .continuous
        #expect(layer.boundsPath == Shapes.continuousRoundedRect(in: layer.bounds, cornerRadius: 12, corners: [.topLeft, .bottomRight]))
        // Unmasked corners stay square. A masked one starts bending 18.3 pt (1.53 r) from the
        // corner, where a circular one is still straight: at y = 13 its edge is 0.18 pt in.
        #expect(layer.boundsPath.contains(CGPoint(x: 59.5, y: 0.5)))
        #expect(!layer.boundsPath.contains(CGPoint(x: 0.1, y: 13)))
        let circular = Layer(frame: layer.frame)
        circular.cornerRadius = 12
        #expect(circular.boundsPath.contains(CGPoint(x: 0.1, y: 13)))
        // The border follows the curve: its inner edge is continuous too, so a point just
        // inside the outline near the corner is border, not background.
        layer.borderWidth = 2
        layer.borderColor = .black
        layer.backgroundColor = .white
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        root.addSublayer(layer)
        let px = try LayerRenderer.render(root, size: root.bounds.size)
        #expect(px[1, 30].a == 255 && px[1, 30].r < 40)   // left edge: border
        #expect(px[30, 20] == Color.white.premultiplied)
        #expect(px[0, 0].a == 0)                          // outside the continuous corner
    }
}
