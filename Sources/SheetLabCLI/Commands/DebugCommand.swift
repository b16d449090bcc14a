import SheetDebug
import SheetScripting
import SheetServer

/// `sheetlab debug`: a Debug Adapter Protocol server over standard input
/// and output, for editors (VS Code, nvim-dap, Helix, Zed); docs/debug.md.
enum DebugCommand {
    static let spec = CommandSpec(
        name: "debug", summary: "Debug a scenario and its policies from an editor (Debug Adapter Protocol over stdio).",
        options: ScriptOptions.specs,
        discussion: """
            Speaks the Debug Adapter Protocol (Content-Length framing) on standard input and output; an editor
            starts it. launch takes "program" (the scenario), or "trace" (a check counterexample's ITF trace, with
            "setup" when check had --scenario), "policies", "profile", "cwd" and "stopOnEntry"; they win over
            these options, which win over the project file of the scenario's folder. Line breakpoints (with
            conditions and hit counts) in scenarios and policies; event breakpoints as exception filters
            (requestLost, alreadyPresenting, warning, error, failedExpectation) and function breakpoints (a rule such as B03, an
            event kind, a virtual time such as @750ms); stepBack and reverseContinue re-run the scenario from its
            start (os.clock, os.time and math.random are reproducible), gotoEvent {event: N | time: MS} goes to an
            event. Configurations for VS Code and nvim-dap, and a walk through seed 000: docs/debug.md.
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        // Check the options now: a bad one is a usage error before any client connects.
        do throws(UsageError) {
            _ = try ScriptOptions.configuration(args, command: "debug")
        } catch {
            return RunCommand.usage(error, out)
        }
        out.flush()
        guard let streams = ProtocolStreams.claim() else {
            out.error("sheetlab debug: cannot set up standard input and output")
            return .usage
        }
        if streams.inputIsTerminal {
            out.error("sheetlab debug: a Debug Adapter Protocol server; an editor starts it (docs/debug.md)")
        }
        let adapter = DebugAdapter(output: DAPOutput(fd: streams.output)) {
            program, policies, profile throws(DAPFailure) in
            try configuration(args, program: program, policies: policies, profile: profile)
        }
        adapter.serve(input: streams.input)
        return .ok
    }

    /// The session a launch asks for: its `policies` and `profile` over the
    /// command's options, over the project of the scenario's folder.
    static func configuration(_ args: ParsedArguments, program: String, policies: [String]?, profile: String?)
        throws(DAPFailure) -> SessionConfiguration
    {
        var launch = args
        launch.positionals = [program]
        if let policies { launch.options["--policy"] = policies }
        if let profile { launch.options["--profile"] = [profile] }
        do throws(UsageError) {
            launch.project = try ProjectOptions.locate(launch, command: "debug")
            return try ScriptOptions.configuration(launch, command: "debug")
        } catch {
            throw DAPFailure("launch: " + error.message)
        }
    }
}
