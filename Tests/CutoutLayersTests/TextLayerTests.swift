import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import CutoutText
@testable import CutoutLayers

@Suite struct TextLayerTests {
    static func layer(_ s: String, _ frame: CGRect) -> TextLayer {
        let t = TextLayer()
        t.frame = frame
        t.string = s
        t.fontSize = 12
        t.foregroundColor = .black
        return t
    }

    @Test func coreAnimationDefaults() {
        let t = TextLayer()
        #expect(t.fontSize == 36 && t.foregroundColor == .white && !t.isWrapped && t.truncationMode == .none)
        #expect(t.alignmentMode == .natural && t.string == nil && t.textPath.isEmpty)
    }

    @Test func wrappedEndTruncationFillsTheHeight() throws {
        let t = Self.layer(String(repeating: "Pizza from two halves. ", count: 10), CGRect(x: 0, y: 0, width: 100, height: 45))
        t.isWrapped = true
        t.truncationMode = .end
        let layout = t.layout
        let fit = Int(45 / t.textStyle.lineHeight)
        #expect(layout.lines.count == fit && layout.isTruncated && layout.lines.last!.isTruncated)
        t.truncationMode = .none
        #expect(t.layout.lines.count > fit, "without truncation every line is laid out (and clipped when drawn)")
    }

    @Test func unwrappedLinesTruncateEachParagraph() {
        let t = Self.layer("A long first paragraph line\nA long second paragraph line", CGRect(x: 0, y: 0, width: 80, height: 60))
        for mode in [TextLayer.TruncationMode.start, .middle, .end] {
            t.truncationMode = mode
            let layout = t.layout
            #expect(layout.lines.count == 2 && layout.lines.allSatisfy { $0.isTruncated && $0.width <= 80 }, "\(mode)")
        }
    }

    @Test func drawingIsClippedToTheBounds() throws {
        let t = Self.layer("Tall text", CGRect(x: 10, y: 10, width: 60, height: 8))
        t.fontSize = 20
        let px = try LayerRenderer.render(t, size: CGSize(width: 80, height: 40))
        var inkOutside = 0, inkInside = 0
        for y in 0..<40 { for x in 0..<80 where px.data[(y * 80 + x) * 4 + 3] > 0 {
            if y >= 10 && y < 18 && x >= 10 && x < 70 { inkInside += 1 } else { inkOutside += 1 }
        } }
        #expect(inkInside > 20 && inkOutside == 0)
    }

    @Test func hostileValuesDrawNothingOrStayFinite() throws {
        for size in [CGFloat.nan, .infinity, -3, 1e12] {
            let t = Self.layer("Hello", CGRect(x: 0, y: 0, width: 50, height: 20))
            t.fontSize = size
            t.letterSpacing = .nan
            t.isWrapped = true
            t.truncationMode = .end
            _ = try LayerRenderer.render(t, size: CGSize(width: 50, height: 20))
            #expect(t.textPath.elements.allSatisfy { $0.endPoint.map { $0.x.isFinite && $0.y.isFinite } ?? true })
        }
    }
}
