import SheetEngine
import SheetScripting
import SheetServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sheetlab`: dispatches to a subcommand and returns the exit code.
///
/// - Parameters:
///   - arguments: the words after the program name.
///   - out: where to write.
public func sheetLabMain(_ arguments: [String], out: Output = Output()) -> ExitCode {
    let code = dispatch(arguments, out)
    out.flush()
    // Output that could not be written is an I/O error (4), over what the
    // command found (0, 1, 5); a usage or script error stays what it is.
    guard let failure = out.outputFailure, [.ok, .failed, .incomplete].contains(code) else { return code }
    out.error("sheetlab: cannot write standard output: \(String(cString: strerror(failure)))")
    return .ioError
}

/// Runs the subcommand `arguments` name.
private func dispatch(_ arguments: [String], _ out: Output) -> ExitCode {
    guard let first = arguments.first else {
        out.error(topLevelHelp)
        return .usage
    }
    switch first {
    case "-h", "--help", "help":
        if first == "help", arguments.count > 1,
            let spec = subcommands.first(where: { $0.spec.name == arguments[1] })?.spec
        {
            out.line(spec.help)
        } else {
            out.line(topLevelHelp)
        }
        return .ok
    case "--version", "version":
        out.line("sheetlab \(sheetLabVersion)")
        return .ok
    default:
        break
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
        out.error(
            "sheetlab: unknown command '\(TerminalText.escape(first))'; expected one of \(subcommands.map(\.spec.name).joined(separator: ", "))"
                + NameSuggestion.hint(for: first, in: subcommands.map(\.spec.name))
        )
        out.error("Run 'sheetlab --help' for usage.")
        return .usage
    }
    do {
        var parsed = try parseArguments(Array(arguments.dropFirst()), for: command.spec)
        if parsed.wantsHelp {
            out.line(command.spec.help)
            return .ok
        }
        if command.usesProject { parsed.project = try ProjectOptions.locate(parsed, command: command.spec.name) }
        out.use(try ProjectOptions.colorMode(parsed, command: command.spec.name))
        let code = command.run(parsed, out)
        out.flush()
        return code
    } catch {
        out.error("sheetlab \(command.spec.name): \(TerminalText.escape(error.message))")
        out.error("Run 'sheetlab \(command.spec.name) --help' for usage.")
        return .usage
    }
}

/// A subcommand: its spec and what it does.
struct Subcommand: Sendable {
    var spec: CommandSpec
    var run: @Sendable (ParsedArguments, Output) -> ExitCode
    /// Whether it works in a project (`.sheetlab.lua`): its settings are read before it runs.
    var usesProject: Bool

    /// A subcommand; every one takes `--color`.
    init(spec: CommandSpec, usesProject: Bool = true, run: @escaping @Sendable (ParsedArguments, Output) -> ExitCode) {
        var spec = spec
        spec.options.append(ProjectOptions.color)
        self.spec = spec
        self.run = run
        self.usesProject = usesProject
    }
}

let subcommands: [Subcommand] = [
    Subcommand(spec: RunCommand.spec, run: RunCommand.run),
    Subcommand(spec: TestCommand.spec, run: TestCommand.run),
    Subcommand(spec: DemoCommand.spec, usesProject: false, run: DemoCommand.run),
    Subcommand(spec: CheckCommand.spec, run: CheckCommand.run),
    Subcommand(spec: ReplCommand.spec, run: ReplCommand.run),
    Subcommand(spec: ProfilesCommand.spec, usesProject: false, run: ProfilesCommand.run),
    Subcommand(spec: BugsCommand.spec, usesProject: false, run: BugsCommand.run),
    Subcommand(spec: ServeCommand.spec, run: ServeCommand.run),
    Subcommand(spec: MCPCommand.spec, run: MCPCommand.run),
    Subcommand(spec: DebugCommand.spec, run: DebugCommand.run),
    Subcommand(spec: ConfigCommand.spec, run: ConfigCommand.run),
    Subcommand(spec: InitCommand.spec, usesProject: false, run: InitCommand.run),
    Subcommand(spec: CompletionsCommand.spec, usesProject: false, run: CompletionsCommand.run),
    Subcommand(spec: ManualCommand.spec, usesProject: false, run: ManualCommand.run),
]

/// `sheetlab --help`.
var topLevelHelp: String {
    let width = subcommands.map(\.spec.name.count).max() ?? 0
    let list = subcommands.map {
        "  \($0.spec.name)" + String(repeating: " ", count: width - $0.spec.name.count + 2) + $0.spec.summary
    }
    return
        ([
            "sheetlab \(sheetLabVersion): design and check how SwiftUI sheets behave, on a virtual clock.",
            "",
            "Usage: sheetlab COMMAND [OPTIONS]",
            "",
            "Commands:",
        ] + list + [
            "",
            "Run 'sheetlab COMMAND --help' for a command's options; 'sheetlab --version' for the version.",
            "Exit codes: 0 ok, 1 a failed expectation or check, 2 a usage error, 3 a script error,",
            "4 a file that cannot be read or written; check also: 5 its time limit reached, 130 Ctrl-C.",
        ]).joined(separator: "\n")
}
