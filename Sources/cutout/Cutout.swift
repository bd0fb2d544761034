import ArgumentParser

/// The `cutout` command-line tool.
@main
struct Cutout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cutout",
        abstract: "Cutout: Core Graphics techniques re-implemented and testable on Linux.",
        subcommands: [BenchCommand.self, GalleryCommand.self])
}
