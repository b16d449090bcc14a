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
                "--max-line", value: "BYTES",
                help:
                    "Longest request line in bytes (default \(ServeServer.defaultMaximumLineLength)); longer lines get an error."
            )
        ],
        discussion: """
            Reads one JSON-RPC request (or batch) per line and writes one response per line; notifications
            ('event' when subscribed, 'print' for Lua's print) come before the response of the request that
            caused them. --profile, --policy and the limits are the defaults of the 'create' method.
            Nothing but protocol lines is written to standard output: anything else goes to standard error.
            The server stops at the end of its input. Methods, errors and examples: docs/serve.md.

            Example: echo '{"jsonrpc":"2.0","id":1,"method":"create","params":{}}' | sheetlab serve
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let defaults: ServeServer.Defaults
        let maxLine: Int
        do throws(UsageError) {
            let (profile, policies, limits) = try ScriptOptions.parse(args, command: "serve")
            defaults = ServeServer.Defaults(profile: profile, policies: policies, limits: limits)
            maxLine =
                try args.integer("--max-line", in: 1024...(64 << 20), command: "serve")
                ?? ServeServer.defaultMaximumLineLength
        } catch {
            return RunCommand.usage(error, out)
        }
        out.flush()
        // The protocol gets a private copy of standard output, and descriptor 1
        // becomes standard error: a stray print cannot corrupt the stream.
        let protocolFD = dup(1)
        guard protocolFD >= 0, dup2(2, 1) >= 0 else {
            out.error("sheetlab serve: cannot set up standard output")
            return .usage
        }
        signal(SIGPIPE, SIG_IGN)
        if isatty(0) == 1 {
            out.error("sheetlab serve: reading JSON-RPC 2.0 requests, one per line (docs/serve.md); Ctrl-D ends")
        }
        let writer = LineWriter(fd: protocolFD)
        let server = ServeServer(defaults: defaults, send: writer.write)
        let reader = LineReader(fd: 0, limit: maxLine)
        while !writer.failed, let line = reader.next() {
            switch line {
            case .text(let bytes):
                if let answer = server.handle(line: bytes) { writer.write(answer) }
            case .tooLong(let length):
                writer.write(server.lineTooLong(length: length, limit: maxLine))
            }
        }
        return .ok
    }
}
