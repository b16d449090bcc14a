/// An option a subcommand accepts: `--profile NAME`, `--policy P` (repeatable), `--quiet`.
public struct OptionSpec: Sendable {
    /// The long name, with its dashes: `--profile`.
    /// The subcommand: `run`.
    public var name: String
    /// The placeholder shown in help, or nil for a flag that takes no value.
    public var valueName: String?
    /// One line for `--help`.
    public var help: String
    /// Whether it may be given more than once.
    public var repeatable: Bool
    /// A short alias, `-p`, if any.
    public var short: String?
    /// For an option whose value may be left out (`--record [MODE]`): the
    /// words it takes from the next argument, and the value when none follows.
    public var optionalValue: (choices: [String], default: String)?
    /// The values it takes, when they are a few words (`--format`'s), for
    /// shell completion and the manual; empty for anything else.
    public var valueChoices: [String] = []

    /// An option; give `value` a placeholder (`NAME`) when it takes one.
    public init(_ name: String, value: String? = nil, repeatable: Bool = false, short: String? = nil, help: String) {
        self.name = name
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
        self.short = short
    }

    /// An option whose value may be left out: `--record` is `--record missing`;
    /// the next argument is its value only when it is one of `choices`
    /// (`--record all examples`), and `--record=all` always is.
    public init(_ name: String, value: String, choices: [String], default: String, help: String) {
        self.init(name, value: value, help: help)
        optionalValue = (choices, `default`)
    }

    var takesValue: Bool { valueName != nil }

    /// The option, taking one of `words`.
    func choosing(_ words: [String]) -> OptionSpec {
        var copy = self
        copy.valueChoices = words
        return copy
    }
}

/// A subcommand's arguments: its options and positional arguments, and the
/// words `--help` prints.
public struct CommandSpec: Sendable {
    public var name: String
    /// One line: what it does.
    public var summary: String
    /// The positional arguments as written in the usage line: `FILE`, `[PATH]...`.
    public var positionalUsage: String
    /// How many positional arguments it takes (nil: no upper bound).
    public var minPositionals: Int
    public var maxPositionals: Int?
    public var options: [OptionSpec]
    /// More text after the options: details, examples.
    public var discussion: String
    /// Options of other commands this one does not take on purpose, and
    /// why: given, they are a usage error that says so (`mcp --engine-memory`).
    public var withheld: [String: String] = [:]

    public init(
        name: String, summary: String, positionalUsage: String = "", minPositionals: Int = 0,
        maxPositionals: Int? = 0, options: [OptionSpec] = [], discussion: String = "",
        withheld: [String: String] = [:]
    ) {
        self.withheld = withheld
        self.name = name
        self.summary = summary
        self.positionalUsage = positionalUsage
        self.minPositionals = minPositionals
        self.maxPositionals = maxPositionals
        self.options = options
        self.discussion = discussion
    }

    /// `sheetlab run FILE [--policy P]... [--profile NAME]`.
    public var usage: String {
        var parts = ["sheetlab", name]
        if !positionalUsage.isEmpty { parts.append(positionalUsage) }
        for o in options {
            let value = o.valueName.map { o.optionalValue == nil ? " \($0)" : " [\($0)]" } ?? ""
            parts.append("[\(o.name)\(value)]" + (o.repeatable ? "..." : ""))
        }
        return parts.joined(separator: " ")
    }

    /// The full `--help` text.
    public var help: String {
        var lines = ["\(summary)", "", "Usage: \(usage)"]
        if !options.isEmpty {
            lines.append("")
            lines.append("Options:")
            let rows =
                options.map { o -> (String, String) in
                    let short = o.short.map { "\($0), " } ?? ""
                    let value = o.valueName.map { o.optionalValue == nil ? " \($0)" : " [\($0)]" } ?? ""
                    return ("  \(short)\(o.name)\(value)", o.help)
                } + [("  -h, --help", "Show this help.")]
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                lines.append(left + String(repeating: " ", count: width - left.count + 2) + right)
            }
        }
        if !discussion.isEmpty {
            lines.append("")
            lines.append(discussion)
        }
        return lines.joined(separator: "\n")
    }
}
