import Foundation
import Testing
@testable import CutoutRaster

@Suite struct ColorComponentsTests {
    @Test func greyAndRGBComponentListsBecomeColours() {
        #expect(Color(components: [0.5]) == Color(white: 0.5))
        #expect(Color(components: [0.25, 0.5]) == Color(white: 0.25, alpha: 0.5))
        #expect(Color(components: [1, 0.5, 0]) == Color(red: 1, green: 0.5, blue: 0))
        #expect(Color(components: [0.1, 0.2, 0.3, 0.4]) == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
    }

    @Test func otherCountsAreRefusedAndExtendedValuesClamped() {
        #expect(Color(components: []) == nil)
        #expect(Color(components: [0, 0, 0, 0, 1]) == nil)     // CMYK plus alpha
        #expect(Color(components: [1.2, -0.1, .nan, 2]) == Color(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func componentsRoundTrip() {
        let c = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(c.components == [0.2, 0.4, 0.6, 0.8])
        #expect(Color(components: c.components) == c)
    }
}
