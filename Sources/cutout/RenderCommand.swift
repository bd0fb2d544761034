import ArgumentParser
import Foundation
import CutoutLayers
import CutoutRaster
import CutoutGeometry

/// `cutout render INPUT.svg -o OUTPUT.png [--width W] [--height H] [--scale S]`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an SVG file to PNG through Cutout's layer tree.",
        discussion: "With only --width or only --height the other side keeps the document's aspect ratio. Unsupported SVG content is skipped with a warning on standard error.")

    @Argument(help: "The SVG file to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(help: "Width of the output in points.")
    var width: Double?

    @Option(help: "Height of the output in points.")
    var height: Double?

    @Option(help: "Pixels per point (1, 2, 3…).")
    var scale: Double = 1

    func validate() throws {
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError("the output must be a .png file (got '\(output)')")
        }
        for (name, v) in [("--width", width), ("--height", height), ("--scale", Optional(scale))] {
            if let v, !(v.isFinite && v > 0) { throw ValidationError("\(name) must be a positive number") }
        }
    }

    func run() throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: input)) } catch {
            throw ValidationError("cannot read '\(input)': \(error.localizedDescription)")
        }
        let image: SVGImage
        do { image = try SVGImporter.importSVG(data) } catch {
            throw ValidationError("'\(input)' is not a usable SVG document: \(error)")
        }
        for w in image.warnings { FileHandle.standardError.write(Data("warning: \(input): \(w)\n".utf8)) }
        let natural = image.size
        guard natural.width > 0, natural.height > 0 else { throw ValidationError("'\(input)' has an empty size") }
        var size = natural
        switch (width, height) {
        case let (w?, h?): size = CGSize(width: w, height: h)
        case let (w?, nil): size = CGSize(width: w, height: w * natural.height / natural.width)
        case let (nil, h?): size = CGSize(width: h * natural.width / natural.height, height: h)
        case (nil, nil): break
        }
        let root = Layer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.sublayerTransform = Transform(scaleX: size.width / natural.width, y: size.height / natural.height)
        image.layer.anchorPoint = .zero
        image.layer.position = .zero
        root.addSublayer(image.layer)
        let pixels: Pixmap
        do { pixels = try LayerRenderer.render(root, size: size, scale: CGFloat(scale)) } catch {
            throw ValidationError("\(error)")
        }
        do { try pixels.pngData().write(to: URL(fileURLWithPath: output)) } catch {
            throw ValidationError("cannot write '\(output)': \(error)")
        }
    }
}
