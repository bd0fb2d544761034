import ArgumentParser

/// The `cutout` command-line tool.
@main
struct Cutout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cutout",
        abstract: "Cutout's command-line tool: render the gallery, render SVG files, benchmark the rasteriser.",
        subcommands: [GalleryCommand.self, RenderCommand.self, BenchCommand.self]
    )
}
