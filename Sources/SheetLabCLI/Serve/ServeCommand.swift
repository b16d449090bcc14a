import LuaRuntime
import SheetEngine
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sheetlab serve`: the scenario API as JSON-RPC 2.0 over standard input
/// and output, one JSON object per line (docs/serve.md).
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve", summary: "Serve the scenario API as JSON-RPC 2.0 over standard input and output.",
        options: ScriptOptions.specs + [
            OptionSpec(
                "--framing", value: "line|lsp",
                help: "How messages are delimited: one JSON text per line (default), or LSP's Content-Length headers.")
        ] + ServeLimits.specs,
        discussion: """
            Reads one JSON-RPC request (or batch) per message and writes one response per message; notifications
            ('event' when subscribed, 'print' for Lua's print) come before the response of the request that
            caused them. --profile, --policy and the limits are the defaults of the 'create' method; the --max-*
            flags are the server's own limits ('create' refuses more). 'initialize' lists the methods and limits;
            '$/cancelRequest' stops a running request; 'shutdown' then 'exit' end the server (exit code 0), as
            does the end of its input. Nothing but protocol messages is written to standard output.
            Methods, errors and examples: docs/serve.md (schema: docs/serve.openrpc.json).

            Example: echo '{"jsonrpc":"2.0","id":1,"method":"create","params":{}}' | sheetlab serve
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let defaults: ServeServer.Defaults
        let limits: ServeLimits
        let framing: Framing
        do throws(UsageError) {
            let (profile, policies, scriptLimits) = try ScriptOptions.parse(args, command: "serve")
            defaults = ServeServer.Defaults(profile: profile, policies: policies, limits: scriptLimits)
            limits = try ServeLimits.parse(args)
            let name = args.value("--framing") ?? Framing.line.rawValue
            guard let f = Framing(rawValue: name) else {
                throw UsageError("--framing must be line or lsp, got '\(name)'", command: "serve")
            }
            framing = f
            try check(defaults.limits, within: limits)
        } catch {
            return RunCommand.usage(error, out)
        }
        out.flush()
        guard let streams = ProtocolStreams.claim() else {
            out.error("sheetlab serve: cannot set up standard input and output")
            return .usage
        }
        if streams.inputIsTerminal {
            out.error("sheetlab serve: reading JSON-RPC 2.0 requests, one per line (docs/serve.md); Ctrl-D ends")
        }
        let writer = MessageWriter(fd: streams.output, framing: framing)
        let server = ServeServer(defaults: defaults, limits: limits, framing: framing, send: writer.write)
        let queue = MessageQueue(capacity: max(16 << 20, 2 * limits.maximumMessageBytes))
        ProtocolStreams.startReading(
            framing.reader(fd: streams.input, limit: limits.maximumMessageBytes), into: queue,
            cancel: .serve, server.control)
        while !writer.failed, let item = queue.pop() {
            if let answer = server.handle(item.frame, message: item.number) { writer.write(answer) }
            if case .exited(let code) = server.phase { return code }
        }
        return .ok
    }

    /// The command line's limits for new apps must be within the server's.
    static func check(_ app: LuaLimits, within server: ServeLimits) throws(UsageError) {
        let budget = server.maximumRequestBudgetMilliseconds
        if app.scriptBudgetMilliseconds > budget || app.callBudgetMilliseconds > budget {
            throw UsageError(
                "--script-budget and --budget must be at most --max-request-budget (\(budget) ms)", command: "serve")
        }
        if app.memory > server.maximumAppMemory {
            throw UsageError(
                "--memory must be at most --max-app-memory (\(server.maximumAppMemory >> 20) MiB)", command: "serve")
        }
    }
}
