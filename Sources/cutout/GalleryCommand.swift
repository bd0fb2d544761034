import CutoutGallery
import Foundation

/// `cutout gallery`: renders every component's scenes into a folder with an `index.html`.
struct GalleryCommand: CutoutCommand {
    /// What the command does without `--output` and `--scale` (also shown in its help).
    static let defaultOutput = "gallery"
    static let defaultScale = 2.0

    static let spec = CommandSpec(
        name: "gallery",
        abstract: "Render every component's scenes (PNG, SVG, APNG) into a folder with an index.html.",
        options: [
            .init(long: "output", short: "o", valueName: "output", help: "Output folder.", defaultValue: defaultOutput),
            .init(long: "scale", valueName: "scale", help: "Pixels per point for PNG renders (1...4).", defaultValue: "\(defaultScale)"),
        ]
    )

    var output: String
    var scale: Double

    init(_ arguments: ParsedArguments) throws {
        output = arguments.string("output") ?? Self.defaultOutput
        scale = try arguments.double("scale") ?? Self.defaultScale
        guard scale.isFinite, scale >= 1, scale <= 4 else {
            throw UsageError("--scale must be between 1 and 4, got \(scale)", for: Self.spec)
        }
    }

    /// The line printed when a section is done (sections are rendered together, so `seconds`
    /// counts from the start of the gallery), so a slow machine shows the work moving.
    static func progressLine(_ section: GallerySection, seconds: Double) -> String {
        let count = section.items.count
        return "gallery: \(section.title): \(count) scene\(count == 1 ? "" : "s") in \(String(format: "%.1f", seconds)) s"
    }

    func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CommandError.file("create the folder", output, error)
        }
        let start = Date()
        let sections = GalleryRenderer.render(GallerySectionPlan.all, scale: scale) { _, section in
            print(Self.progressLine(section, seconds: Date().timeIntervalSince(start)))
            fflush(nil)
        }
        var written = 0
        for section in sections {
            for item in section.items {
                for file in item.files {
                    try CommandError.write(file.data, to: folder.appendingPathComponent(file.name))
                    written += 1
                }
            }
        }
        let html = GalleryIndex.html(sections: sections)
        try CommandError.write(Data(html.utf8), to: folder.appendingPathComponent("index.html"))
        print("gallery: wrote \(written) files in \(sections.count) sections to \(folder.path)/index.html")
        if let failed = Self.failureMessage(sections) { throw CommandError(failed) }
    }

    /// The scenes that could not be rendered, one per line with the reason, or `nil` when
    /// every scene was; the command then ends with it (status 1), after writing the others.
    static func failureMessage(_ sections: [GallerySection]) -> String? {
        let failed = sections.flatMap(\.items).compactMap { item in item.failure.map { "\(item.id): \($0)" } }
        guard !failed.isEmpty else { return nil }
        return "\(failed.count) scene\(failed.count == 1 ? "" : "s") not rendered (the others were written):\n" + failed.joined(separator: "\n")
    }
}
