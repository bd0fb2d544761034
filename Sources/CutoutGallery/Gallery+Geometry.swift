import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

extension GallerySectionPlan {
    /// Issue 4's geometry made visible: stroke outlines, dashes, boolean operations, and the
    /// self-crossing thick curve that breaks even-odd cutting but not `subtracting`.
    static var geometry: GallerySectionPlan {
        GallerySectionPlan(title: "Stroking, dashing and boolean operations",
                           summary: "Outlines from copy(strokingWithWidth:…) and copy(dashingWithPhase:lengths:) filled as shapes, and the iOS 16 set operations.",
                           scenes: [joinsScene(), dashesScene(), booleanScene(), islandScene()])
    }

    private static let ink = Color(red: 0.16, green: 0.38, blue: 0.86)
    private static let paper = Color(red: 0.96, green: 0.96, blue: 0.98)

    private static func canvas(_ size: CGSize) -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = paper
        return root
    }

    private static func shape(_ path: Path, fill: Color?, rule: FillRule = .winding, stroke: Color? = nil, width: CGFloat = 1, in root: Layer) {
        let layer = ShapeLayer()
        layer.frame = root.bounds
        layer.path = path
        layer.fillColor = fill
        layer.fillRule = rule
        layer.strokeColor = stroke
        layer.lineWidth = width
        root.addSublayer(layer)
    }

    private static func joinsScene() -> GalleryScene {
        let size = CGSize(width: 360, height: 300)
        let root = canvas(size)
        for (row, join) in LineJoin.allCases.enumerated() {
            var zigzag = Path()
            let y = 30 + CGFloat(row) * 90
            zigzag.addLines(between: [CGPoint(x: 20, y: y + 50), CGPoint(x: 60, y: y), CGPoint(x: 100, y: y + 50), CGPoint(x: 140, y: y + 10)])
            shape(zigzag.copy(strokingWithWidth: 18, lineCap: .butt, lineJoin: join, miterLimit: 10), fill: ink, in: root)
            shape(zigzag, fill: nil, stroke: .white, width: 1, in: root)
        }
        for (row, cap) in LineCap.allCases.enumerated() {
            var line = Path()
            let y = 55 + CGFloat(row) * 90
            line.move(to: CGPoint(x: 200, y: y))
            line.addLine(to: CGPoint(x: 320, y: y))
            shape(line.copy(strokingWithWidth: 24, lineCap: cap, lineJoin: .miter, miterLimit: 10), fill: ink, in: root)
            shape(line, fill: nil, stroke: .white, width: 1, in: root)
        }
        return GalleryScene(id: "geometry-stroke-joins-caps", title: "Joins and caps",
                            caption: "Path.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:) filled as a shape. Left: miter, round and bevel joins. Right: butt, round and square caps. White: the centre line.",
                            size: size, frames: [root], frameDuration: 0)
    }

    private static func dashesScene() -> GalleryScene {
        let size = CGSize(width: 360, height: 240)
        let root = canvas(size)
        let circle = Path(ellipseIn: CGRect(x: 30, y: 40, width: 140, height: 140))
        shape(circle.copy(dashingWithPhase: 0, lengths: [18, 8]).copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .miter, miterLimit: 10),
              fill: ink, in: root)
        var wave = Path()
        wave.move(to: CGPoint(x: 200, y: 60))
        wave.addCurve(to: CGPoint(x: 330, y: 60), control1: CGPoint(x: 240, y: 0), control2: CGPoint(x: 290, y: 120))
        wave.move(to: CGPoint(x: 200, y: 160))
        wave.addCurve(to: CGPoint(x: 330, y: 160), control1: CGPoint(x: 240, y: 100), control2: CGPoint(x: 290, y: 220))
        shape(wave.copy(dashingWithPhase: 4, lengths: [1, 12]).copy(strokingWithWidth: 8, lineCap: .round, lineJoin: .round, miterLimit: 10),
              fill: Color(red: 0.9, green: 0.3, blue: 0.2), in: root)
        return GalleryScene(id: "geometry-dashes", title: "Dashes",
                            caption: "Path.copy(dashingWithPhase:lengths:), then stroked: a circle dashed [18, 8] with butt caps; curves dashed [1, 12] with round caps, which turns dashes into dots.",
                            size: size, frames: [root], frameDuration: 0)
    }

    private static func booleanScene() -> GalleryScene {
        let size = CGSize(width: 480, height: 150)
        let root = canvas(size)
        let ops: [(Path, Path) -> Path] = [
            { $0.union($1) }, { $0.intersection($1) }, { $0.subtracting($1) }, { $0.symmetricDifference($1) },
        ]
        for (i, op) in ops.enumerated() {
            let ox = CGFloat(i) * 120
            let a = Path(ellipseIn: CGRect(x: ox + 15, y: 25, width: 70, height: 70))
            let b = Path(roundedRect: CGRect(x: ox + 45, y: 55, width: 60, height: 60), cornerWidth: 12, cornerHeight: 12)
            shape(op(a, b), fill: ink, rule: .evenOdd, in: root)
            shape(a, fill: nil, stroke: Color(white: 0.2, alpha: 0.5), width: 1, in: root)
            shape(b, fill: nil, stroke: Color(white: 0.2, alpha: 0.5), width: 1, in: root)
        }
        return GalleryScene(id: "geometry-booleans", title: "Boolean operations",
                            caption: "Path.union, intersection, subtracting and symmetricDifference of a circle and a rounded rect (results filled even-odd).",
                            size: size, frames: [root], frameDuration: 0)
    }

    private static func islandScene() -> GalleryScene {
        let size = CGSize(width: 440, height: 240)
        let root = canvas(size)
        for (i, useBoolean) in [false, true].enumerated() {
            let ox = 20 + CGFloat(i) * 210
            let card = Path(roundedRect: CGRect(x: ox, y: 20, width: 190, height: 200), cornerWidth: 20, cornerHeight: 20)
            var curve = Path()
            let t = Transform(scaleX: 1.5, y: 1.5).concatenating(Transform(translationX: ox + 20, y: 60))
            curve.move(to: CGPoint(x: 20, y: 80), transform: t)
            curve.addCurve(to: CGPoint(x: 80, y: 80), control1: CGPoint(x: 120, y: 0), control2: CGPoint(x: -20, y: 0), transform: t)
            let outline = curve.copy(strokingWithWidth: 16, lineCap: .round, lineJoin: .round, miterLimit: 10)
            if useBoolean {
                shape(card.subtracting(outline), fill: .white, in: root)
            } else {
                var combined = card
                combined.addPath(outline)
                shape(combined, fill: .white, rule: .evenOdd, in: root)
            }
            root.sublayers.last?.shadowOpacity = 0.35
            root.sublayers.last?.shadowRadius = 10
            root.sublayers.last?.shadowOffset = CGSize(width: 0, height: 4)
        }
        return GalleryScene(id: "geometry-self-crossing-curve", title: "A thick curve that crosses itself",
                            caption: "Left: card + stroke outline filled even-odd leaves a filled island where the curve crosses. Right: card.subtracting(outline) cuts it cleanly.",
                            size: size, frames: [root], frameDuration: 0)
    }
}
