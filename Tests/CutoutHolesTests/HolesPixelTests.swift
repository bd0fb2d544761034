import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutHoles
@testable import CutoutGallery

/// The key rules of holes checked on rendered pixels (small canvases, 1x).
@Suite struct HolesPixelTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// A root of `size` with an opaque red background and `layers` on top.
    func render(_ layers: [Layer], size: CGSize, background: Color? = red) throws -> Pixmap {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = background
        for l in layers { root.addSublayer(l) }
        return try LayerRenderer.render(root, size: size, scale: 1)
    }

    func isRed(_ p: PremultipliedRGBA8) -> Bool { p.r >= 250 && p.g <= 5 && p.b <= 5 && p.a == 255 }
    func isWhite(_ p: PremultipliedRGBA8) -> Bool { p.r >= 250 && p.g >= 250 && p.b >= 250 && p.a == 255 }

    @Test func overlappingHolesStayTransparent() throws {
        let size = CGSize(width: 100, height: 60)
        let overlay = HoleOverlay(bounds: CGRect(origin: .zero, size: size),
                                  holes: [.circle(center: CGPoint(x: 40, y: 30), radius: 18),
                                          .circle(center: CGPoint(x: 60, y: 30), radius: 18)])
        let p = try render([overlay.makeLayer(fill: .color(.white))], size: size)
        // The lens where both holes overlap: even-odd (or one non-zero path) would fill it white.
        for x in [47, 50, 53] { #expect(isRed(p[x, 30]), "overlap at x = \(x): \(p[x, 30])") }
        #expect(isRed(p[26, 30]) && isRed(p[74, 30]))
        #expect(isWhite(p[5, 5]) && isWhite(p[95, 55]) && isWhite(p[50, 5]))
    }

    /// A `.path` hole filled non-zero whose subpaths overlap (two circles drawn the same way
    /// round) or whose outline crosses itself (a pentagram, winding 2 in its centre) is clear
    /// wherever its winding is not zero, as `isOpaque(at:)` answers: a reversed outline filled
    /// non-zero would cover the overlap and the centre again.
    @Test func pathHolesThatOverlapThemselvesStayTransparent() throws {
        let size = CGSize(width: 160, height: 60)
        var circles = Path(ellipseIn: CGRect(x: 22, y: 12, width: 36, height: 36))
        circles.addEllipse(in: CGRect(x: 42, y: 12, width: 36, height: 36))
        var star = Path()
        for k in 0..<5 {
            let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
            let p = CGPoint(x: 120 + 26 * cos(a), y: 32 + 26 * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        let overlay = HoleOverlay(bounds: CGRect(origin: .zero, size: size), holes: [.path(circles), .path(star)])
        let p = try render([overlay.makeLayer(fill: .color(.white))], size: size)
        for point in [CGPoint(x: 50, y: 30), CGPoint(x: 120, y: 33), CGPoint(x: 30, y: 30), CGPoint(x: 120, y: 12)] {
            #expect(!overlay.isOpaque(at: point))
            #expect(isRed(p[Int(point.x), Int(point.y)]), "\(point): \(p[Int(point.x), Int(point.y)])")
        }
        for point in [CGPoint(x: 5, y: 5), CGPoint(x: 50, y: 5), CGPoint(x: 155, y: 55), CGPoint(x: 96, y: 30)] {
            #expect(overlay.isOpaque(at: point))
            #expect(isWhite(p[Int(point.x), Int(point.y)]), "\(point): \(p[Int(point.x), Int(point.y)])")
        }
    }

    @Test func oneHoleLinesUpThroughStackedViews() throws {
        let size = CGSize(width: 120, height: 100)
        let center = CGPoint(x: 60, y: 50), radius: CGFloat = 20
        let screenHole = Path(ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        let spaces = [ViewSpace(frame: CGRect(x: 0, y: 0, width: 120, height: 100)),
                      ViewSpace(frame: CGRect(x: 10, y: 5, width: 110, height: 95), boundsOrigin: CGPoint(x: 0, y: 37)),
                      ViewSpace(frame: CGRect(x: 0, y: 20, width: 120, height: 70), boundsOrigin: CGPoint(x: 53, y: 0))]
        let local = ViewSpace.localHoles(for: screenHole, in: spaces)
        for (space, hole) in zip(spaces, local) {
            let content = Layer(frame: CGRect(x: -500, y: -500, width: 1000, height: 1000))
            content.backgroundColor = .white
            let view = HolesGallery.view(space, content: content, hole: hole, cornerRadius: 0)
            let p = try render([view], size: size, background: nil)
            // Just inside the edge every view is clear; just outside every view is opaque.
            for k in 0..<24 {
                let a = CGFloat(k) * .pi / 12
                func pixel(_ r: CGFloat) -> PremultipliedRGBA8 {
                    p[Int((center.x + r * cos(a)).rounded(.down)), Int((center.y + r * sin(a)).rounded(.down))]
                }
                #expect(pixel(radius - 1.5).a <= 8, "\(space) inside at \(k * 15)°: \(pixel(radius - 1.5))")
                #expect(pixel(radius + 1.5).a >= 247, "\(space) outside at \(k * 15)°: \(pixel(radius + 1.5))")
            }
        }
    }

    @Test func listHolesShowTheSharedBackgroundAtEveryOffset() throws {
        let background = HolesGallery.root()
        background.addSublayer(HolesGallery.gradient(HolesGallery.bounds, [HolesGallery.gold, HolesGallery.coral, HolesGallery.violet],
                                                     start: .zero, end: CGPoint(x: 0, y: 1)))
        let reference = try LayerRenderer.render(background, size: HolesGallery.sceneSize, scale: 1)
        var list = HolesGallery.demoList(heights: HolesGallery.listHeights, frame: HolesGallery.bounds)
        for offset: CGFloat in [0, 57, 130, list.maximumContentOffset] {
            list.setContentOffset(offset)
            let p = try LayerRenderer.render(HolesGallery.listFrame(list), size: HolesGallery.sceneSize, scale: 1)
            var checked = 0
            for cell in list.visibleCells {
                guard let hole = cell.hole, let visible = cell.visibleHole, visible.contains(CGPoint(x: hole.midX, y: hole.midY)) else { continue }
                let (x, y) = (Int(hole.midX), Int(hole.midY))
                let seen = p[x, y], behind = reference[x, y]
                #expect(abs(Int(seen.r) - Int(behind.r)) <= 2 && abs(Int(seen.g) - Int(behind.g)) <= 2
                        && abs(Int(seen.b) - Int(behind.b)) <= 2, "offset \(offset), cell \(cell.index): \(seen) vs \(behind)")
                // Beside the hole the cell is white (between the hole and the text).
                #expect(isWhite(p[Int(hole.maxX) + 5, y]), "offset \(offset), cell \(cell.index) beside the hole")
                checked += 1
            }
            #expect(checked >= 2)
        }
    }

    @Test(arguments: [CGPoint(x: 40, y: 30), CGPoint(x: 100, y: 70)])
    func flashlightIsClearInTheCentreAndBlackInTheCorners(center: CGPoint) throws {
        let size = CGSize(width: 120, height: 90)
        let light = Flashlight(bounds: CGRect(origin: .zero, size: size), center: center, radius: 14, softness: 6, color: .black)
        let p = try render([light.makeLayer(scale: 1)], size: size, background: nil)
        #expect(p[Int(center.x), Int(center.y)].a == 0)
        for (x, y) in [(0, 0), (119, 0), (0, 89), (119, 89)] {
            #expect(p[x, y] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), "corner (\(x), \(y)): \(p[x, y])")
        }
    }

    /// A layer tree (what an imported SVG document gives) as a pattern: an opaque black block
    /// and a half-opaque blue one, side by side.
    @Test func patternFromALayerTreeIsPunchedOutOfTheImage() throws {
        let tree = Layer(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        let opaque = Layer(frame: CGRect(x: 0, y: 0, width: 8, height: 10))
        opaque.backgroundColor = .black
        let half = Layer(frame: CGRect(x: 14, y: 0, width: 6, height: 10))
        half.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        tree.addSublayer(opaque)
        tree.addSublayer(half)
        let pattern = try PatternCutout.Pattern.layer(tree, size: CGSize(width: 20, height: 10), scale: 1)
        guard case .alpha(let alpha) = pattern else { Issue.record("expected an alpha pattern"); return }
        #expect(alpha.width == 20 && alpha.height == 10)
        #expect(alpha[3, 5].a == 255 && alpha[10, 5].a == 0 && abs(Int(alpha[17, 5].a) - 128) <= 1)

        var image = try Pixmap(width: 20, height: 10, scale: 1)
        image.fill(Color(red: 0, green: 0, blue: 1).premultiplied)
        let cut = PatternCutout(bounds: CGRect(x: 0, y: 0, width: 40, height: 30),
                                imageFrame: CGRect(x: 10, y: 10, width: 20, height: 10), pattern: pattern)
        let p = try render([cut.makeLayer(image: image)], size: CGSize(width: 40, height: 30))
        #expect(isRed(p[13, 15]), "the pattern looks through to the background: \(p[13, 15])")
        #expect(p[20, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), "no pattern: the image \(p[20, 15])")
        #expect(isWhite(p[5, 5]) && isWhite(p[35, 25]), "the container around the hole")
        // Half-opaque pattern: the image keeps half its alpha over the red background.
        #expect(abs(Int(p[27, 15].r) - 128) <= 3 && abs(Int(p[27, 15].b) - 127) <= 3, "\(p[27, 15])")
    }
}
