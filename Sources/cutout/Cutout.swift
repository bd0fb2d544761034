import Foundation

/// One of the tool's commands: made from its parsed command line, then run.
protocol CutoutCommand {
    static var spec: CommandSpec { get }

    /// - Throws: ``UsageError`` when a value is out of the command's range.
    init(_ arguments: ParsedArguments) throws

    /// - Throws: ``CommandError`` (or ``UsageError``) when the work cannot be done.
    func run() throws
}

/// The `cutout` command-line tool.
@main
enum Cutout {
    static let abstract = "Cutout's command-line tool: render the gallery, render SVG files, benchmark the rasteriser."
    static var commands: [any CutoutCommand.Type] { [GalleryCommand.self, RenderCommand.self, BenchCommand.self] }
    static let usage = "cutout <command> [<options>]"

    /// The text `cutout --help` prints.
    static var helpText: String {
        var text = "OVERVIEW: " + wrap(abstract, indent: 0, first: 10) + "\n\nUSAGE: \(usage)\n\n"
        text += "OPTIONS:\n" + CommandSpec.row("-h, " + CommandSpec.help.synopsis, CommandSpec.help.help) + "\nCOMMANDS:\n"
        for command in commands { text += CommandSpec.row(command.spec.name, command.spec.abstract) }
        return text + "\n  See 'cutout help <command>' for detailed help.\n"
    }

    static func main() {
        do {
            try parseAsRoot(Array(CommandLine.arguments.dropFirst())).run()
        } catch let help as HelpRequest {
            print(help.text, terminator: "")
        } catch {
            FileHandle.standardError.write(Data((message(for: error) + "\n").utf8))
            exit(exitCode(for: error))
        }
    }

    /// The command that `arguments` (the tool's name left out) ask for, ready to run.
    ///
    /// - Throws: ``HelpRequest`` for `cutout`, `cutout --help`, `cutout help [COMMAND]` and
    ///   `cutout COMMAND --help`; ``UsageError`` for a command line that does not fit.
    static func parseAsRoot(_ arguments: [String]) throws -> any CutoutCommand {
        guard let first = arguments.first, first != "-h", first != "--help" else { throw HelpRequest(text: helpText) }
        if first == "help" {
            guard arguments.count > 1 else { throw HelpRequest(text: helpText) }
            throw HelpRequest(text: try command(named: arguments[1]).spec.helpText)
        }
        let command = try command(named: first)
        return try command.init(ParsedArguments(Array(arguments.dropFirst()), spec: command.spec))
    }

    private static func command(named name: String) throws(UsageError) -> any CutoutCommand.Type {
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let what = name.hasPrefix("-") ? "option" : "command"
            throw UsageError("Unknown \(what) '\(name)'", usage: usage, command: nil)
        }
        return command
    }

    /// What `main` prints on standard error for `error`: the message, and for a usage error
    /// the usage and where help is.
    static func message(for error: any Error) -> String {
        switch error {
        case let help as HelpRequest:
            return help.text
        case let usage as UsageError:
            let help = usage.command.map { "cutout \($0) --help" } ?? "cutout --help"
            return "Error: \(usage.description)\nUsage: \(usage.usage)\n  See '\(help)' for more information."
        default:
            return "Error: \(error)"
        }
    }

    /// The status `main` exits with: 0 after help, 64 (`EX_USAGE`) for a usage error, 1 for
    /// any other failure.
    static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case is HelpRequest: 0
        case is UsageError: 64
        default: 1
        }
    }
}
