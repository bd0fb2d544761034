import Foundation
import Testing

/// What the compiler would report on an Apple platform and Linux cannot: a SwiftUI file that
/// also imports a core and names `Path`, `Color`… bare gets "ambiguous for type lookup". Each
/// CutoutSwiftUI file is scanned for bare uses of the names that SwiftUI and the cores it imports
/// both declare at top level; and CutoutSwiftUI itself must not add such a name (an app file
/// imports SwiftUI and CutoutSwiftUI together).
@Suite struct SwiftUINameClashTests {
    /// Top-level types SwiftUI declares (iOS 15 to 18) that a Core Graphics–style library is
    /// likely to name too.
    static let swiftUINames: Set<String> = [
        "Path", "Color", "Gradient", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient",
        "Shape", "Edge", "EdgeInsets", "LayoutDirection", "BlendMode", "Shader", "Image", "Text", "Font", "Angle",
        "Anchor", "Alignment", "Axis", "Animation", "Transaction", "Rectangle", "Circle", "Capsule", "Ellipse",
        "Layout", "Canvas", "Material", "Spacer", "Divider", "Group", "Label", "Link", "Menu", "Section", "Toggle",
        "Slider", "Stepper", "Picker", "Gauge", "ProgressView", "ScrollView", "List", "Table", "Grid", "Form",
        "Button", "ForEach", "GeometryProxy", "Environment", "State", "Binding", "Namespace", "UnitPoint",
        "ContentMode", "ColorScheme", "Visibility", "Transition", "Gesture", "Window", "Scene", "App",
    ]

    static let root = AppleAdapterSourceTests.root

    /// Public top-level type names of one module's sources.
    static func topLevelNames(_ module: String) -> Set<String> {
        let dir = root.appendingPathComponent("Sources").appendingPathComponent(module)
        let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var names = Set<String>()
        let pattern = try! NSRegularExpression(pattern: #"(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for m in pattern.matches(in: text, range: range) {
                if let r = Range(m.range(at: 1), in: text) { names.insert(String(text[r])) }
            }
        }
        return names
    }

    /// The code of a file without its comments (line and block).
    static func code(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                rest = rest.dropFirst(2)
                if let end = rest.range(of: "*/") { rest = rest[end.upperBound...] } else { rest = "" }
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out
    }

    @Test func noSwiftUIFileNamesAnAmbiguousTypeBare() throws {
        let cores = ["CutoutGeometry", "CutoutRaster", "CutoutLayers", "CutoutSVG", "CutoutHoles", "CutoutSpotlight", "CutoutCollection"]
        let declared = Dictionary(uniqueKeysWithValues: cores.map { ($0, Self.topLevelNames($0)) })
        #expect(declared["CutoutGeometry"]?.contains("Path") == true)     // the scan sees the cores
        var checkedFiles = 0
        for file in AppleAdapterSourceTests.sources("CutoutSwiftUI") {
            let code = Self.code(try String(contentsOf: file, encoding: .utf8))
            let imports = Set(code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) })
            guard imports.contains("SwiftUI") else { continue }
            let clashing = imports.compactMap { declared[$0] }.reduce(Set<String>()) { $0.union($1) }.intersection(Self.swiftUINames)
            for name in clashing.sorted() {
                let bare = try NSRegularExpression(pattern: #"(?<![.\w])"# + name + #"\b"#)
                let uses = bare.numberOfMatches(in: code, range: NSRange(code.startIndex..., in: code))
                #expect(uses == 0, "\(file.lastPathComponent) names `\(name)` bare \(uses) time(s); qualify it (SwiftUI.\(name) or the core's)")
            }
            checkedFiles += 1
        }
        #expect(checkedFiles >= 4)
    }

    @Test func cutoutSwiftUIDeclaresNoNameSwiftUIHas() {
        let own = Self.topLevelNames("CutoutSwiftUI")
        #expect(own.contains("HoleShape"))
        #expect(own.intersection(Self.swiftUINames).isEmpty, "\(own.intersection(Self.swiftUINames))")
    }
}
