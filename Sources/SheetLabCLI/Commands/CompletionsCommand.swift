import SheetEngine
import SheetScripting
import SheetServer

/// `sheetlab completions bash|zsh|fish`: a shell completion script on standard output.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions", summary: "Print a shell completion script: bash, zsh or fish.",
        positionalUsage: "SHELL", minPositionals: 1, maxPositionals: 1,
        discussion: """
            Generated from the command table, so it knows every command, option and option value
            (profiles, formats, files). bash: source <(sheetlab completions bash), or save it as
            ~/.local/share/bash-completion/completions/sheetlab. zsh: save it as _sheetlab in a folder
            of $fpath. fish: save it as ~/.config/fish/completions/sheetlab.fish.
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let name = args.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            return RunCommand.usage(
                UsageError(
                    "completions expects bash, zsh or fish, got '\(TerminalText.escape(name))'"
                        + NameSuggestion.hint(for: name, in: CompletionScript.Shell.allCases.map(\.rawValue)),
                    command: "completions"), out)
        }
        out.write(CompletionScript.script(shell, commands: subcommands.map(\.spec)))
        return .ok
    }
}

/// `sheetlab manual`: the `sheetlab(1)` manual page in roff on standard output.
enum ManualCommand {
    static let spec = CommandSpec(
        name: "manual", summary: "Print the sheetlab(1) manual page (roff): sheetlab manual > sheetlab.1",
        discussion: """
            Generated from the command table: every command with its options and help. Read it with
            man -l sheetlab.1, or install it: sheetlab manual > ~/.local/share/man/man1/sheetlab.1
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        out.write(ManualPage.page(commands: subcommands.map(\.spec), version: sheetLabVersion))
        return .ok
    }
}
