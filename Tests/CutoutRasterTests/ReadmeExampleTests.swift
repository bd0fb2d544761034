import CutoutGeometry
import CutoutRaster
import Foundation
import Testing

/// The README's first example, kept compiling and checked: a card with a round hole.
@Suite struct ReadmeExampleTests {
    @Test func cardWithAHoleWritesAPNG() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-readme-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }

        var path = Path()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 200, height: 120), cornerWidth: 24, cornerHeight: 24)
        path.addEllipse(in: CGRect(x: 70, y: 30, width: 60, height: 60))       // the hole
        var context = try DrawingContext(width: 200, height: 120)
        context.setFillColor(Color(red: 0.1, green: 0.4, blue: 0.9))
        context.fill(path, using: .evenOdd)
        try context.pixmap.pngData().write(to: file)

        let back = try Pixmap(pngData: Data(contentsOf: file))
        #expect(back[100, 60].a == 0)                 // inside the hole
        #expect(back[20, 60] == Color(red: 0.1, green: 0.4, blue: 0.9).premultiplied)
        #expect(back[1, 1].a == 0)                    // outside the rounded corner
    }
}
