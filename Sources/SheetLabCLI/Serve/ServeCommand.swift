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
        // The protocol gets private copies of standard input and output;
        // descriptor 1 becomes standard error and descriptor 0 /dev/null, so
        // a stray print cannot corrupt the stream and a script that reads
        // /dev/stdin (a policy path) cannot eat the requests.
        let protocolIn = dup(0)
        let protocolOut = dup(1)
        let null = open("/dev/null", O_RDONLY)
        guard protocolIn >= 0, protocolOut >= 0, null >= 0, dup2(2, 1) >= 0, dup2(null, 0) >= 0 else {
            out.error("sheetlab serve: cannot set up standard input and output")
            return .usage
        }
        close(null)
        signal(SIGPIPE, SIG_IGN)
        if isatty(protocolIn) == 1 {
            out.error("sheetlab serve: reading JSON-RPC 2.0 requests, one per line (docs/serve.md); Ctrl-D ends")
        }
        let writer = MessageWriter(fd: protocolOut, framing: framing)
        let server = ServeServer(defaults: defaults, limits: limits, framing: framing, send: writer.write)
        let queue = MessageQueue(capacity: max(16 << 20, 2 * limits.maximumMessageBytes))
        startReading(framing.reader(fd: protocolIn, limit: limits.maximumMessageBytes), into: queue, server.control)
        while !writer.failed, let item = queue.pop() {
            if let answer = server.handle(item.frame, message: item.number) { writer.write(answer) }
            if case .exited(let code) = server.phase { return code }
        }
        return .ok
    }

    /// Reads messages on a thread of their own: a `$/cancelRequest` takes
    /// effect as soon as it is read, while the request it cancels runs.
    static func startReading(_ reader: any FrameReader, into queue: MessageQueue, _ control: RequestControl) {
        // The reader is used by the new thread only, from here on.
        nonisolated(unsafe) let reader = reader
        startDetachedThread {
            while let frame = reader.next() {
                if case .text(let bytes) = frame, let id = CancelNotification.id(in: bytes) {
                    control.cancel(id)
                    continue
                }
                queue.push(MessageQueue.Item(frame: frame, number: control.messageRead()))
            }
            queue.finish()
        }
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
