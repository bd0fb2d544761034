/// What a command accepts, and the help text made from it.
///
/// The tool's three commands take a handful of options each, so they are parsed here rather
/// than by a parsing library, whose debug build cost more than any of Cutout's modules (the
/// README's section on the command-line tool gives the figures).
struct CommandSpec {
    /// An option: `--long value` (or `--long=value`, `-s value`), or a flag `--long` when
    /// `valueName` is nil. Given twice, a single-valued option keeps the last value.
    struct Option {
        var long: String
        var short: Character? = nil
        var valueName: String? = nil
        var repeatable = false
        /// An option the command cannot run without (`render --output`).
        var required = false
        var help: String
        var defaultValue: String? = nil

        var isFlag: Bool { valueName == nil }

        /// `--width <width>`, as usage lines and errors name the option.
        var synopsis: String { valueName.map { "--\(long) <\($0)>" } ?? "--\(long)" }
    }

    /// A positional argument; `variadic` takes every remaining one.
    struct Argument {
        var name: String
        var help: String
        var required: Bool
        var variadic = false

        var synopsis: String { "<\(name)>" + (variadic ? " ..." : "") }
    }

    var name: String
    var abstract: String
    var discussion: String? = nil
    var arguments: [Argument] = []
    var options: [Option] = []
    /// Options every command accepts (`--help`); listed last in the help text.
    static let help = Option(long: "help", short: "h", help: "Show help information.")

    /// The option called `name` (long, without dashes) or `-name` when it is one character.
    func option(named name: Substring, short: Bool) -> Option? {
        (options + [Self.help]).first { short ? $0.short.map(String.init) == String(name) : $0.long == name }
    }

    /// `cutout render <input> --output <output> [--width <width>] ...`
    var usage: String {
        var parts = ["cutout", name]
        for argument in arguments {
            parts.append(argument.required ? argument.synopsis : "[\(argument.synopsis)]")
        }
        for option in options {
            let synopsis = option.synopsis + (option.repeatable ? " ..." : "")
            parts.append(option.required ? synopsis : "[\(synopsis)]")
        }
        return parts.joined(separator: " ")
    }

    /// The text `cutout NAME --help` prints.
    var helpText: String {
        var text = "OVERVIEW: " + wrap(abstract, indent: 0, first: 10) + "\n\n"
        if let discussion { text += wrap(discussion, indent: 0, first: 0) + "\n\n" }
        text += "USAGE: " + wrap(usage, indent: 7, first: 7) + "\n\n"
        if !arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for argument in arguments { text += Self.row("<\(argument.name)>", argument.help) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in options + [Self.help] {
            var left = option.short.map { "-\($0), " } ?? ""
            left += option.synopsis
            let help = option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
            text += Self.row(left, help)
        }
        return text
    }

    /// Two columns: the name at 2, its help at 26 (on the next line when the name is longer).
    static func row(_ left: String, _ help: String) -> String {
        let column = 26
        let head = "  " + left
        let gap = head.count < column - 1 ? String(repeating: " ", count: column - head.count)
            : "\n" + String(repeating: " ", count: column)
        return head + gap + wrap(help, indent: column, first: column) + "\n"
    }
}

/// `text` broken at spaces into lines of at most 80 columns; the first line starts at column
/// `first`, the others are indented to `indent`. A word longer than a line stays whole.
func wrap(_ text: String, indent: Int, first: Int) -> String {
    let width = 80
    var lines: [String] = []
    var line = ""
    var column = first
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if !line.isEmpty && column + 1 + word.count > width {
            lines.append(line)
            line = ""
            column = indent
        }
        if !line.isEmpty {
            line += " "
            column += 1
        }
        line += word
        column += word.count
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
}
