import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting
import SheetServer

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
        options: ScriptOptions.serverSpecs + [
            OptionSpec(
                "--framing", value: "line|lsp",
                help: "How messages are delimited: one JSON text per line (default), or LSP's Content-Length headers.")
        ] + ServerLimits.specs,
        discussion: """
            Reads one JSON-RPC request (or batch) per message and writes one response per message; notifications
            ('event' when subscribed, 'print' for Lua's print) come before the response of the request that
            caused them. --profile, --policy and the limits are the defaults of the 'create' method; the --max-*
            flags are the server's own limits ('create' refuses more). 'initialize' lists the methods and limits;
            '$/cancelRequest' stops a running request; 'shutdown' then 'exit' end the server (exit code 0), as
            does the end of its input. Nothing but protocol messages is written to standard output.
            Methods, errors and examples: docs/serve.md (schema: docs/serve.openrpc.json).

            Example: echo '{"jsonrpc":"2.0","id":1,"method":"create","params":{}}' | sheetlab serve
            """, withheld: ScriptOptions.serverWithheld(cappedBy: "--memory, or create's memory_mib"))

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let defaults: SessionConfiguration
        let limits: ServerLimits
        let framing: Framing
        do throws(UsageError) {
            defaults = try ScriptOptions.configuration(args, command: "serve")
            limits = try ServerLimits.parse(args)
            let name = args.value("--framing") ?? Framing.line.rawValue
            guard let f = Framing(rawValue: name) else {
                throw UsageError("--framing must be line or lsp, got '\(name)'", command: "serve")
            }
            framing = f
            try limits.admit(defaults.limits, flags: ServerLimits.all, command: "serve")
        } catch {
            return RunCommand.usage(error, out)
        }
        let hint = "reading JSON-RPC 2.0 requests, one per line (docs/serve.md); Ctrl-D ends"
        let served = StdioServer.run("serve", hint: hint, framing: framing, out) { writer in
            ServeServer(defaults: defaults, limits: limits, framing: framing, send: writer.write)
        }
        guard let server = served else { return .usage }
        if case .exited(let code) = server.phase { return code }
        return .ok
    }
}
