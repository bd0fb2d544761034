import ArgumentParser

/// Renders the component galleries (filled in by the gallery work).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery",
                                                    abstract: "Render the component galleries.")

    func run() throws {
        print("gallery: not yet")
    }
}
