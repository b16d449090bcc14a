import LuaRuntime
import SheetEngine
import SheetScripting

/// What a command takes from its project (`.sheetlab.lua`, `Project`) and
/// the flags that win over it: every setting is a flag's value when the
/// flag is given, else the project's, else the default.
enum ProjectOptions {
    /// `--color`, which every command takes.
    static let color = OptionSpec(
        "--color", value: "WHEN",
        help:
            "Colour: auto (the default: on a terminal, off with NO_COLOR or TERM=dumb, on with FORCE_COLOR or CLICOLOR_FORCE), always or never."
    ).choosing(ColorMode.allCases.map(\.rawValue))

    /// The project of the command: the one its first path lies in, else the current folder's.
    /// - Throws: `UsageError` when the project file is wrong (its message names the file).
    static func locate(_ args: ParsedArguments, command: String) throws(UsageError) -> Project? {
        do { return try Project.locate(paths: args.positionals) } catch {
            throw UsageError("project file \(TerminalText.escape(error.description))", command: command)
        }
    }

    /// `--color`, else the project's `color`, else `auto`.
    static func colorMode(_ args: ParsedArguments, command: String) throws(UsageError) -> ColorMode {
        let name = args.value("--color") ?? args.project?.color ?? ColorMode.auto.rawValue
        guard let mode = ColorMode(rawValue: name) else {
            throw UsageError(
                "--color expects auto, always or never, got '\(TerminalText.escape(name))'"
                    + NameSuggestion.hint(for: name, in: ColorMode.allCases.map(\.rawValue)),
                command: command)
        }
        return mode
    }

    /// `--strict` (or the project's `strict`), unless `--no-strict`.
    static func strict(_ args: ParsedArguments) -> Bool {
        if args.flag("--no-strict") { return false }
        return args.flag("--strict") || (args.project?.strict ?? false)
    }

    /// The paths `sheetlab test` runs: those given, else the project's `test`
    /// (its root when it has none), else `examples`.
    static func testPaths(_ args: ParsedArguments) -> [String] {
        if !args.positionals.isEmpty { return args.positionals }
        guard let project = args.project else { return ["examples"] }
        return (project.tests ?? [project.root]).map(shown)
    }

    /// An absolute path as a person in the current folder would write it:
    /// relative when it is the current folder or below, or a few `..` up.
    static func shown(_ path: String) -> String {
        guard let here = ConfinedFile.realPath(of: "."), path.hasPrefix("/") else { return path }
        let target = path.split(separator: "/").map(String.init)
        let base = here.split(separator: "/").map(String.init)
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let ups = base.count - common
        guard common > 0 || base.isEmpty, ups <= 3 else { return path }
        let parts = Array(repeating: "..", count: ups) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
