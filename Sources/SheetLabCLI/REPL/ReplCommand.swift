import LuaRuntime
import SheetEngine
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sheetlab repl`: a Lua prompt over a live app, for experimenting step by step.
enum ReplCommand {
    static let spec = CommandSpec(
        name: "repl", summary: "A Lua prompt over a live app: tap, swipe, let time pass, watch the sheet.",
        options: ScriptOptions.specs + [
            OptionSpec(
                "--load", value: "SCENARIO", help: "Set the app up with a scenario file instead of the starting app."),
            OptionSpec("--show", help: "Draw the screen after every input (:show on does the same)."),
        ],
        discussion: """
            The prompt's globals are the scenario API (docs/api/sheetlab.lua) plus show(). Without --load, the app
            starts with seed 000's ContentView: an item sheet on selectedItem and a sheet on showSettings.
            --script-budget limits each input; --budget each policy hook call; Ctrl-C stops either.
            Type :help at the prompt for the commands and a walk-through; the debugger is there too (:break
            KIND|RULE|FILE:LINE, :back, :goto TIME|EVENT, :step, :where, :live; docs/repl.md). History is kept in
            $XDG_STATE_HOME/sheetlab/history (default ~/.local/state/sheetlab/history).
            When standard input is not a terminal, lines are read as they come, with no prompt:
              echo 'set("selectedItem", { id = 0 })' | sheetlab repl
            and the exit code is 3 if an input failed with an error, 1 if an expectation failed,
            4 if a :save or :timeline file could not be written (before 3 and 1), else 0.

            Example: sheetlab repl --policy examples/policies/queue.lua --show
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        var configuration: SessionConfiguration
        do throws(UsageError) {
            configuration = try ScriptOptions.configuration(args, command: "repl")
            if let load = args.value("--load") { try ScriptOptions.requireFile(load, command: "repl") }
        } catch {
            return RunCommand.usage(error, out)
        }
        let interactive = isatty(0) == 1
        var options = Repl.Options()
        // The REPL loads the --policy files itself, reporting each as it goes.
        options.policies = configuration.policyFiles
        configuration.policies = []
        options.load = args.value("--load")
        options.show = args.flag("--show")
        options.interactive = interactive
        options.columns = interactive ? min(80, terminalColumns()) : 80
        options.configuration = configuration

        let repl: Repl
        do {
            // Threads the session starts (the runtime's watchdog) must not take Ctrl-C from the main thread.
            repl = try InterruptWatcher.withInterruptsBlocked { () throws(LuaError) -> Repl in
                let session = try Session(configuration, startBudgetMilliseconds: nil) { session in
                    session.printHandler = { text in
                        out.line(TerminalText.escape(text))
                        out.flush()
                    }
                }
                return try Repl(session: session, out: out, options: options)
            }
        } catch {
            out.error("error: " + TerminalText.escape("\(error)"))
            return .scriptError
        }
        InterruptWatcher.install(interrupting: repl.session.runtime.makeInterruptHandle())
        if interactive { useUTF8Characters() }
        repl.start()

        let reader: PromptReader
        if interactive, let editor = EditLineReader(program: "sheetlab", historyPath: historyPath()) {
            editor.complete = { [unowned repl] text in repl.complete(text) }
            reader = editor
        } else {
            reader = PlainPromptReader()
        }
        var inputLines: [String] = []  // the lines of the input being typed, for the history
        while !repl.quitRequested {
            out.flush()
            switch reader.readLine(prompt: repl.prompt) {
            case .line(let line):
                inputLines.append(line)
                repl.feed(line)
                if !repl.isContinuing {
                    reader.addHistory(inputLines)
                    inputLines = []
                }
            case .interrupted:
                if !inputLines.isEmpty { reader.addHistory(inputLines) }  // kept, to be recalled and finished
                inputLines = []
                repl.cancelInput()
            case .endOfInput:
                if interactive { out.line() }
                repl.endInput()
                out.flush()
                return repl.exitCode
            }
        }
        out.flush()
        return repl.exitCode
    }

    /// Lets libedit read UTF-8 input: the user's character set, or C.UTF-8
    /// when that is plain ASCII (in the C locale libedit drops every non-ASCII byte).
    static func useUTF8Characters() {
        let name = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if name == "C" || name == "POSIX" { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// The history file, its folder created; nil when there is no home folder.
    static func historyPath() -> String? {
        guard let path = HistoryFile.path(environment: ProcessInfo.processInfo.environment),
            HistoryFile.prepareFolder(of: path)
        else { return nil }
        return path
    }
}
