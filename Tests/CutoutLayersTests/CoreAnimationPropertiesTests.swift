import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
@testable import CutoutLayers

/// The Layer → CALayer property table the UIKit adapter applies.
@Suite struct CoreAnimationPropertiesTests {
    @Test func plainPropertiesCarryOver() {
        let layer = Layer(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        layer.name = "card"
        layer.backgroundColor = .white
        layer.cornerRadius = 12
        layer.maskedCorners = [.topLeft, .bottomRight]
        layer.shadowOpacity = 0.3
        layer.shadowOffset = CGSize(width: 0, height: 4)
        layer.shadowRadius = 8
        layer.shadowPath = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 50))
        layer.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        let p = layer.coreAnimationProperties()
        #expect(p.kind == .layer && p.name == "card")
        #expect(p.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(p.position == CGPoint(x: 60, y: 45))
        #expect(p.backgroundColor == .white && p.cornerRadius == 12)
        #expect(p.maskedCorners == 1 | 8)       // layerMinXMinYCorner | layerMaxXMaxYCorner
        #expect(p.shadowOpacity == 0.3 && p.shadowOffset == CGSize(width: 0, height: 4) && p.shadowRadius == 8)
        #expect(p.shadowPath == layer.shadowPath)
        #expect(p.contentsCenter == layer.contentsCenter)
        #expect(p.contentsGravity == "resize")
        #expect(!p.isHidden && p.unsupported.isEmpty && p.shape == nil && p.gradient == nil)
    }

    @Test func everyCornerMapsToItsOwnMaskBit() {
        let layer = Layer()
        var bits: [UInt] = []
        for corner in [RectCorner.topLeft, .topRight, .bottomLeft, .bottomRight] {
            layer.maskedCorners = corner
            bits.append(layer.coreAnimationProperties().maskedCorners)
        }
        #expect(bits == [1, 2, 4, 8])
        layer.maskedCorners = .allCorners
        #expect(layer.coreAnimationProperties().maskedCorners == 15)
    }

    @Test func verticalGravitiesSwapWhenContentsAreFlipped() {
        let layer = Layer()
        let expected: [ContentsGravity: String] = [
            .top: "bottom", .bottom: "top", .topLeft: "bottomLeft", .topRight: "bottomRight",
            .bottomLeft: "topLeft", .bottomRight: "topRight", .left: "left", .right: "right",
            .center: "center", .resize: "resize", .resizeAspect: "resizeAspect", .resizeAspectFill: "resizeAspectFill",
        ]
        #expect(expected.count == ContentsGravity.allCases.count)
        for (g, name) in expected {
            layer.contentsGravity = g
            #expect(layer.coreAnimationProperties(contentsAreFlipped: true).contentsGravity == name)
            #expect(layer.coreAnimationProperties(contentsAreFlipped: false).contentsGravity == g.rawValue)
        }
    }

    @Test func nonFiniteGeometryIsHiddenNotPassedOn() {
        let layer = Layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.position = CGPoint(x: CGFloat.nan, y: 3)
        let p = layer.coreAnimationProperties()
        #expect(p.isHidden && p.position == .zero && p.bounds == .zero)
        layer.position = .zero
        layer.transform = Transform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0)
        #expect(layer.coreAnimationProperties().isHidden)
    }

    @Test func opacitiesAreClampedFloats() {
        let layer = Layer()
        layer.opacity = 1.7
        layer.shadowOpacity = -2
        #expect(layer.coreAnimationProperties().opacity == 1)
        #expect(layer.coreAnimationProperties().shadowOpacity == 0)
        layer.opacity = .nan
        #expect(layer.coreAnimationProperties().opacity == 0)
    }

    @Test func shapeLayersMapRulesCapsJoinsAndDashes() {
        let s = ShapeLayer()
        s.path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        s.fillRule = .evenOdd
        s.lineCap = .round
        s.lineJoin = .bevel
        s.lineDashPattern = [4, 2]
        s.strokeStart = -1
        s.strokeEnd = .nan
        let p = s.coreAnimationProperties()
        #expect(p.kind == .shape)
        let shape = try! #require(p.shape)
        #expect(shape.path == s.path)
        #expect(shape.fillRule == "even-odd" && shape.lineCap == "round" && shape.lineJoin == "bevel")
        #expect(shape.lineDashPattern == [4, 2])
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1)
        s.fillRule = .winding
        s.lineDashPattern = [0, 0]
        #expect(s.coreAnimationProperties().shape?.fillRule == "non-zero")
        #expect(s.coreAnimationProperties().shape?.lineDashPattern == nil)
        s.lineDashPattern = [3, -1]
        #expect(s.coreAnimationProperties().shape?.lineDashPattern == nil)
    }

    @Test func gradientsGetNormalisedStopsAndAtLeastTwoColours() {
        let g = GradientLayer()
        g.colors = [.red, .green, .blue]
        g.locations = [0.5, 0.2, 2]
        var p = g.coreAnimationProperties().gradient!
        #expect(p.type == "axial")
        #expect(p.colors == [.red, .green, .blue])
        #expect(p.locations == [0.5, 0.5, 1])
        g.colors = [.red]
        p = g.coreAnimationProperties().gradient!
        #expect(p.colors == [.red, .red] && p.locations == [0, 1])
        g.colors = [.red, .blue]
        g.locations = nil
        g.type = .radial
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 0.5, y: 1)      // zero radius along x: the renderer paints the last colour
        p = g.coreAnimationProperties().gradient!
        #expect(p.type == "radial" && p.colors == [.blue, .blue])
        g.colors = []
        #expect(g.coreAnimationProperties().gradient!.colors.isEmpty)
    }

    @Test func blendModesMapToCoreImageFilterNames() {
        let layer = Layer()
        #expect(layer.coreAnimationProperties().compositingFilter == nil)
        layer.blendMode = .colorDodge
        #expect(layer.coreAnimationProperties().compositingFilter == "colorDodgeBlendMode")
        #expect(layer.coreAnimationProperties().unsupported.isEmpty)
        layer.blendMode = .destinationOut
        #expect(layer.coreAnimationProperties().compositingFilter == nil)
        #expect(layer.coreAnimationProperties().unsupported == [.blendMode])
    }

    @Test func whatCoreAnimationCannotDrawIsListed() {
        let g = GradientLayer()
        g.blurSigma = 2
        g.spreadMethod = .reflect
        #expect(g.coreAnimationProperties().unsupported == [.blur, .gradientSpread])
        let masked = Layer()
        let mask = Layer()
        mask.isLuminanceMask = true
        masked.mask = mask
        #expect(masked.coreAnimationProperties().unsupported == [.luminanceMask])
        let filtered = Layer()
        filtered.filters = [Filter(primitives: [FilterPrimitive(.offset(.previous, dx: 1, dy: 1))])]
        #expect(filtered.coreAnimationProperties().unsupported == [.filters])
    }
}
