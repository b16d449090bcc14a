import LuaRuntime
import SheetEngine
import SheetScripting

/// `sheetlab mcp`: a Model Context Protocol server over standard input and
/// output (newline-delimited JSON-RPC 2.0, MCP's stdio transport), with
/// tools to run scenarios, check policies, list profiles and rules, explain
/// events and draw timelines, and the examples and docs as resources
/// (docs/mcp.md).
enum MCPCommand {
    /// The server's own limits: `serve`'s, with help for one request at a time.
    static let limits: [ServeLimits.Limit] = {
        var budget = ServeLimits.requestBudget
        budget.help = "CPU one tool call may use, in ms (a scenario's script budget and check's time cap are cut to it)"
        var response = ServeLimits.response
        response.help = "Longest response line, in bytes"
        var message = ServeLimits.message
        message.help = "Longest request line in bytes; longer ones are skipped and answered"
        return [budget, response, message]
    }()

    static let spec = CommandSpec(
        name: "mcp", summary: "Serve SheetLab's tools and docs to MCP clients (coding assistants) over stdio.",
        options: ScriptOptions.specs + [
            OptionSpec(
                "--root", value: "DIR",
                help:
                    "Where examples/ and docs/ are read from (default: this checkout, found from the binary)."
            )
        ] + ServeLimits.specs(of: limits),
        discussion: """
            Speaks the Model Context Protocol (revisions \(MCPServer.protocolVersions.joined(separator: ", "))) as
            newline-delimited JSON-RPC 2.0 on standard input and output; nothing else is written to standard output.
            Tools: \(MCPTools.list.map(\.name).joined(separator: ", ")). Resources: the examples
            (sheetlab://examples/...), the docs (sheetlab://docs/NAME.md) and the Lua API stub
            (sheetlab://api/sheetlab.lua). --profile, --policy and the Lua limits are the tools' defaults.
            Configuration for a client, tools and their input schemas: docs/mcp.md.

            Example client entry: {"mcpServers": {"sheetlab": {"command": "/path/to/sheetlab", "args": ["mcp"]}}}
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        var options = MCPServer.Options()
        do throws(UsageError) {
            let (profile, policies, scriptLimits) = try ScriptOptions.parse(args, command: "mcp")
            options.defaults = ServeServer.Defaults(profile: profile, policies: policies, limits: scriptLimits)
            options.limits = try ServeLimits.parse(args, limits, command: "mcp")
            if let root = args.value("--root") {
                guard FileSystem.kind(at: root) == .directory else {
                    throw UsageError("--root must be a folder, got '\(root)'", command: "mcp")
                }
                options.root = root
            } else {
                options.root = MCPResources.defaultRoot(executable: CommandLine.arguments[0])
            }
            let budget = options.limits.maximumRequestBudgetMilliseconds
            if scriptLimits.scriptBudgetMilliseconds > budget || scriptLimits.callBudgetMilliseconds > budget {
                throw UsageError(
                    "--script-budget and --budget must be at most --max-request-budget (\(budget) ms)", command: "mcp")
            }
        } catch {
            return RunCommand.usage(error, out)
        }
        out.flush()
        guard let streams = ProtocolStreams.claim() else {
            out.error("sheetlab mcp: cannot set up standard input and output")
            return .usage
        }
        if streams.inputIsTerminal {
            out.error("sheetlab mcp: a Model Context Protocol server; an MCP client starts it (docs/mcp.md)")
        }
        let writer = MessageWriter(fd: streams.output, framing: .line)
        let server = MCPServer(options: options)
        let queue = MessageQueue(capacity: max(16 << 20, 2 * options.limits.maximumMessageBytes))
        ProtocolStreams.startReading(
            LineReader(fd: streams.input, limit: options.limits.maximumMessageBytes), into: queue, cancel: .mcp,
            server.control)
        while !writer.failed, let item = queue.pop() {
            if let answer = server.handle(item.frame, message: item.number) { writer.write(answer) }
        }
        return .ok
    }
}
