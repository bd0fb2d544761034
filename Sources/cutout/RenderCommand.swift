import Foundation
import CutoutLayers
import CutoutRaster
import CutoutSVG
import CutoutGeometry
import CutoutText

/// `cutout render INPUT.svg -o OUTPUT.png [--width W] [--height H] [--scale S]`, or
/// `-o OUTPUT.svg`: the imported layer tree written back as SVG by ``SVGExporter``.
struct RenderCommand: CutoutCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render an SVG file to PNG, or re-export it as SVG, through Cutout's layer tree.",
        discussion: "The output format follows the extension of -o: .png (pixels) or .svg (vectors, as Cutout's renderer draws them). With only --width or only --height the other side keeps the document's aspect ratio. Sizes and scale must be positive and finite; a document whose own width or height is zero or negative draws nothing (an empty image when --width and --height are given, else an error), and a PNG's pixel size (points × scale, rounded up) at most 32768 per side and 2^28 pixels in all; larger requests are refused before anything is allocated. An SVG's width and height are at most \(Int(SVGImporter.Limits.default.maxCoordinate)) points, the largest number the importer reads back unclamped; larger ones are refused before anything is written. Input files larger than 64 MiB are refused before they are read. Unsupported SVG content is skipped with a warning on standard error; numbers beyond ±\(Int(SVGImporter.Limits.default.maxCoordinate)) user units are clamped to it, with a warning when they are the document's own width, height or viewBox. Text finds its fonts in --font-file and --font-dir first, then the bundled DejaVu Sans, then the system's font folders. <image> may read files in the SVG file's own folder and below it (paths resolve from that folder), and in the folders granted with --allow-dir; never any other file and never a URL.",
        arguments: [.init(name: "input", help: "The SVG file to read.", required: true)],
        options: [
            .init(long: "output", short: "o", valueName: "output", required: true, help: "The PNG or SVG file to write."),
            .init(long: "width", valueName: "width", help: "Width of the output in points."),
            .init(long: "height", valueName: "height", help: "Height of the output in points."),
            .init(long: "scale", valueName: "scale", help: "Pixels per point (1, 2, 3…); PNG output only. Default 1."),
            .init(long: "font-dir", valueName: "font-dir", repeatable: true, help: "A folder of font files searched (recursively) for <text> before the system's; repeatable."),
            .init(long: "font-file", valueName: "font-file", repeatable: true, help: "A font file (.ttf, .otf, .ttc) searched for <text> before the system's; repeatable."),
            .init(long: "allow-dir", valueName: "allow-dir", repeatable: true, help: "A folder whose files (at any depth) <image> may read, besides the SVG file's own folder, e.g. one that '../' paths reach; repeatable."),
        ]
    )

    var input: String
    var output: String
    var width: Double?
    var height: Double?
    var scale: Double?
    var fontDirectories: [String]
    var fontFiles: [String]
    var allowedDirectories: [String]

    var writesSVG: Bool { output.lowercased().hasSuffix(".svg") }

    init(_ arguments: ParsedArguments) throws {
        input = arguments.positionals[0]
        output = arguments.string("output") ?? ""
        width = try arguments.double("width")
        height = try arguments.double("height")
        scale = try arguments.double("scale")
        fontDirectories = arguments.strings("font-dir")
        fontFiles = arguments.strings("font-file")
        allowedDirectories = arguments.strings("allow-dir")
        guard output.lowercased().hasSuffix(".png") || writesSVG else {
            throw UsageError("the output must be a .png or .svg file (got '\(output)')", for: Self.spec)
        }
        if writesSVG, scale != nil { throw UsageError("--scale applies to PNG output only", for: Self.spec) }
        for (name, v) in [("--width", width), ("--height", height), ("--scale", scale)] {
            if let v, !(v.isFinite && v > 0) { throw UsageError("\(name) must be a positive number", for: Self.spec) }
        }
    }

    /// The added files and folders, the bundled font and the system's folders.
    func fontCatalog() throws -> FontCatalog {
        var catalog = FontCatalog(includeSystemFonts: true)
        for dir in fontDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandError("--font-dir '\(dir)' is not a folder")
            }
            catalog.addDirectory(URL(fileURLWithPath: dir))
        }
        for file in fontFiles {
            try CommandError.requireFile(file)
            guard catalog.addFile(URL(fileURLWithPath: file)) > 0 else { throw CommandError("--font-file '\(file)' holds no usable font") }
        }
        return catalog
    }

    /// The SVG file's folder, and the folders of --allow-dir.
    func fileAccess() throws -> SVGImporter.FileAccess {
        var granted: [URL] = []
        for dir in allowedDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandError("--allow-dir '\(dir)' is not a folder")
            }
            granted.append(URL(fileURLWithPath: dir))
        }
        return .document(at: URL(fileURLWithPath: input), alsoReadable: granted)
    }

    func run() throws {
        var file = InputFile(path: input, limit: SVGImporter.Limits.default.maxInputBytes)
        let data = try file.contents()
        let image: SVGImage
        do { image = try SVGImporter.importSVG(data, fonts: try fontCatalog(), files: try fileAccess()) } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("'\(input)' is not a usable SVG document: \(error)")
        }
        for w in image.warnings { FileHandle.standardError.write(Data("warning: \(input): \(w)\n".utf8)) }
        var natural = image.size
        if !(natural.width > 0 && natural.height > 0) {
            // SVG draws nothing for a zero (or negative) width or height; with the output's
            // size given, that is an empty image of that size (resvg refuses the file).
            guard let width, let height else {
                throw CommandError("'\(input)' has an empty size (a zero or negative width or height): give --width and --height for an empty image")
            }
            FileHandle.standardError.write(Data("warning: \(input): the document's size is empty (a zero or negative width or height); nothing is drawn\n".utf8))
            natural = CGSize(width: width, height: height)
            image.layer.isHidden = true
        }
        var size = natural
        switch (width, height) {
        case let (w?, h?): size = CGSize(width: w, height: h)
        case let (w?, nil): size = CGSize(width: w, height: w * natural.height / natural.width)
        case let (nil, h?): size = CGSize(width: h * natural.width / natural.height, height: h)
        case (nil, nil): break
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CommandError("'\(input)': the output size \(size.width)×\(size.height) (from the document's aspect ratio) must be positive and finite")
        }
        // The importer clamps larger numbers, so a bigger SVG would not read back as written.
        let maxSVGSide = SVGImporter.Limits.default.maxCoordinate
        if writesSVG, size.width > maxSVGSide || size.height > maxSVGSide {
            throw CommandError("'\(output)': the output size \(size.width)×\(size.height) exceeds \(Int(maxSVGSide)) points per side, the largest SVG size Cutout reads back unclamped")
        }
        let root = Layer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.sublayerTransform = Transform(scaleX: size.width / natural.width, y: size.height / natural.height)
        image.layer.anchorPoint = .zero
        image.layer.position = .zero
        root.addSublayer(image.layer)
        if writesSVG {
            let svg = SVGExporter.svg(for: root, size: size)
            return try CommandError.write(Data(svg.utf8), to: URL(fileURLWithPath: output))
        }
        let pixels: Pixmap
        do { pixels = try LayerRenderer.render(root, size: size, scale: CGFloat(scale ?? 1)) } catch {
            throw CommandError("'\(input)': \(error)")
        }
        let png: Data
        do { png = try pixels.pngData() } catch { throw CommandError("cannot encode '\(output)': \(error)") }
        try CommandError.write(png, to: URL(fileURLWithPath: output))
    }
}
