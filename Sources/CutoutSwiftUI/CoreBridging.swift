// Apple APIs: SwiftUI (Path and its element enumeration, Color(.sRGB:red:green:blue:opacity:),
// LayoutDirection), CoreGraphics (CGAffineTransform). iOS 15 / macOS 12.
#if canImport(SwiftUI)
import CutoutGeometry
import CutoutSpotlight
import SwiftUI

// Internal conversions between the cores' types and SwiftUI's. `Path`, `Color` and
// `LayoutDirection` exist in both, so every use here is module-qualified; none of the cores'
// types appears in this module's public API.

extension SwiftUI.Path {
    // Shapes build paths outside the main actor (`Shape.path(in:)` is nonisolated).
    nonisolated init(_ path: CutoutGeometry.Path) {
        self.init()
        for element in path.elements {
            switch element {
            case .moveTo(let p): move(to: p)
            case .lineTo(let p): addLine(to: p)
            case .quadCurveTo(let p, let c): addQuadCurve(to: p, control: c)
            case .curveTo(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }
}

extension CutoutGeometry.Path {
    init(_ path: SwiftUI.Path) {
        var elements: [PathElement] = []
        path.forEach { element in
            switch element {
            case .move(let p): elements.append(.moveTo(p))
            case .line(let p): elements.append(.lineTo(p))
            case .quadCurve(let p, let c): elements.append(.quadCurveTo(p, control: c))
            case .curve(let p, let c1, let c2): elements.append(.curveTo(p, control1: c1, control2: c2))
            case .closeSubpath: elements.append(.closeSubpath)
            }
        }
        self.init(elements: elements)
    }
}

extension CGAffineTransform {
    init(_ t: Transform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
}

extension CutoutSpotlight.LayoutDirection {
    init(_ direction: SwiftUI.LayoutDirection) {
        self = direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
#endif
