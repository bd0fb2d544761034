import CutoutGeometry
import Foundation

extension GallerySection {
    /// SPEC §3's shapes as vector files.
    static func shapesSection(scale: Double) throws -> GallerySection {
        let cell = CGRect(x: 0, y: 0, width: 300, height: 300)
        let black = "#000000", red = "#ff0000"
        let suits: [(String, String, Path, String)] = [
            ("spade", "Spade", Shapes.spade(in: cell), black),
            ("heart", "Heart", Shapes.heart(in: cell), red),
            ("diamond", "Diamond", Shapes.diamond(in: cell), red),
            ("club", "Club", Shapes.club(in: cell), black),
        ]
        var items = suits.map { id, title, path, colour in
            GalleryItem(id: "shape-\(id)", title: title,
                        caption: "SPEC §3 recipe in a 300 pt square, inset 20; filled non-zero.",
                        files: [GalleryFile(name: "shape-\(id).svg", data: Data(svg(path, fill: colour, size: cell.size).utf8))])
        }
        let border = Shapes.chamferedBorder(in: CGRect(x: 20, y: 20, width: 300, height: 200), inset: 40)
        items.append(GalleryItem(id: "shape-chamfered-border", title: "Chamfered border",
                                 caption: "Two corners cut by 40 pt, two rounded with radius 40.",
                                 files: [GalleryFile(name: "shape-chamfered-border.svg",
                                                     data: Data(svg(border, fill: "#ffffff", size: CGSize(width: 340, height: 240), stroke: "#333").utf8))]))
        return GallerySection(title: "Shapes", summary: "Outlines from SPEC §3, each a function of its rect.", items: items)
    }

    private static func svg(_ path: Path, fill: String, size: CGSize, stroke: String? = nil) -> String {
        let strokeAttr = stroke.map { " stroke=\"\($0)\" stroke-width=\"2\"" } ?? ""
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(size.width))" height="\(Int(size.height))" viewBox="0 0 \(Int(size.width)) \(Int(size.height))">
        <path d="\(path.svgPathData)" fill="\(fill)"\(strokeAttr)/>
        </svg>

        """
    }
}
