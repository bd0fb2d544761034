import Foundation
import Testing
import CutoutGeometry
@testable import CutoutLayers

@Suite struct LayerTests {
    @Test func frameDerivesFromPositionAnchorAndBounds() {
        let layer = Layer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.position == CGPoint(x: 60, y: 45))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 60, y: 45, width: 100, height: 50))
    }

    @Test func frameWithTransformIsBoundingBoxAboutAnchor() {
        let layer = Layer(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        layer.transform = Transform(rotationAngle: .pi / 2)
        let f = layer.frame
        #expect(abs(f.minX - 25) < 1e-9 && abs(f.minY + 25) < 1e-9)
        #expect(abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9)
    }

    @Test func sublayerBookkeeping() {
        let root = Layer(), a = Layer(), b = Layer(), c = Layer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        #expect(root.sublayers.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        #expect(a.superlayer === root)
        a.addSublayer(b)
        #expect(root.sublayers.count == 2 && b.superlayer === a)
        b.addSublayer(root)
        #expect(root.superlayer == nil)
        a.removeFromSuperlayer()
        #expect(a.superlayer == nil && root.sublayers.count == 1)
    }

    @Test func drawingOrderIsZPositionThenInsertion() {
        let root = Layer(), a = Layer(), b = Layer(), c = Layer()
        [a, b, c].forEach(root.addSublayer)
        a.zPosition = 1
        let order = root.sublayersInDrawingOrder.map { ObjectIdentifier($0) }
        #expect(order == [b, c, a].map { ObjectIdentifier($0) })
    }

    @Test func sublayerTransformAppliesAboutAnchor() {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.sublayerTransform = Transform(scaleX: 2, y: 2)
        let child = Layer(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
        root.addSublayer(child)
        // The child's origin (50, 50) is root's centre, which the scale about the centre keeps.
        let p = CGPoint.zero.applying(child.transformToSuperlayer)
        #expect(abs(p.x - 50) < 1e-9 && abs(p.y - 50) < 1e-9)
    }

    @Test func shadowSigmaIsHalfRadius() {
        #expect(Layer.shadowSigma(forRadius: 20) == 10)
        #expect(Layer.shadowSigma(forRadius: -.infinity) == 0)
    }

    @Test func gradientStopsAreEvenWithoutLocations() {
        let g = GradientLayer()
        g.colors = [.red, .green, .blue]
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        g.locations = [0.5, 0.2, 1]
        #expect(g.stops.map(\.location) == [0.5, 0.5, 1])
    }

    /// A chain of 100 000 layers (and of masks) is released without a stack frame per level:
    /// the recursive release overflowed the stack at 50 000.
    @Test func deepTreesAreReleasedWithoutRecursion() {
        weak var deepest: Layer?
        do {
            var top = Layer()
            deepest = top
            for i in 0..<100_000 {
                let parent = Layer()
                if i % 2 == 0 { parent.addSublayer(top) } else { parent.mask = top }
                top = parent
            }
            #expect(deepest != nil)
        }
        #expect(deepest == nil)
    }

    /// Adding a layer's own ancestor (or itself) is refused whether or not the added layer
    /// has sublayers: the leaf shortcut of the cycle check must not let `self` through.
    @Test func cyclesAreRefusedForLeavesAndSubtrees() {
        let leaf = Layer()
        leaf.addSublayer(leaf)
        #expect(leaf.sublayers.isEmpty && leaf.superlayer == nil)
        let root = Layer(), middle = Layer(), bottom = Layer()
        root.addSublayer(middle)
        middle.addSublayer(bottom)
        bottom.addSublayer(root)
        bottom.addSublayer(middle)
        middle.insertSublayer(middle, at: 0)
        #expect(root.superlayer == nil && middle.superlayer === root && bottom.sublayers.isEmpty)
        #expect(middle.sublayers.count == 1 && middle.sublayers[0] === bottom)
        // A leaf that is not an ancestor is moved as usual.
        let other = Layer()
        bottom.addSublayer(other)
        #expect(other.superlayer === bottom)
    }

    /// A chain of 100 000 layers built top-down (each new layer a leaf added to the deepest)
    /// and one built bottom-up both come out whole: the cycle check stops at once for a leaf,
    /// where it used to walk every ancestor (5·10⁹ steps for this chain).
    @Test(arguments: [true, false]) func deepChainsBuildEitherWay(topDown: Bool) {
        let n = 100_000
        let first = Layer()
        var last = first
        for _ in 0..<n {
            let next = Layer()
            if topDown { last.addSublayer(next) } else { next.addSublayer(last) }
            last = next
        }
        let (top, bottom) = topDown ? (first, last) : (last, first)
        var depth = 0, node = bottom
        while let parent = node.superlayer { depth += 1; node = parent }
        #expect(depth == n && node === top)
    }

    /// Taking a tree apart does not take apart a subtree still held elsewhere.
    @Test func releasingATreeKeepsSubtreesHeldElsewhere() {
        let kept = Layer()
        let leaf = Layer()
        kept.addSublayer(leaf)
        do {
            let root = Layer()
            root.addSublayer(kept)
            root.mask = Layer()
        }
        #expect(kept.sublayers.count == 1 && kept.sublayers[0] === leaf && leaf.superlayer === kept)
    }
}
