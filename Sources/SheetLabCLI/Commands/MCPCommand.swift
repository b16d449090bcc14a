import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting
import SheetServer

/// `sheetlab mcp`: a Model Context Protocol server over standard input and
/// output (newline-delimited JSON-RPC 2.0, MCP's stdio transport), with
/// tools to run scenarios, check policies, list profiles and rules, explain
/// events and draw timelines, and the examples and docs as resources
/// (docs/mcp.md).
enum MCPCommand {
    /// The server's own limits: `serve`'s, with help for one request at a time.
    static let limits: [ServerLimits.Limit] = {
        var budget = ServerLimits.requestBudget
        budget.help = "CPU one tool call may use, in ms (a scenario's script budget and check's time cap are cut to it)"
        var response = ServerLimits.response
        response.help = "Longest response line, in bytes"
        var message = ServerLimits.message
        message.help = "Longest request line in bytes; longer ones are skipped and answered"
        return [budget, response, message]
    }()

    static let spec = CommandSpec(
        name: "mcp", summary: "Serve SheetLab's tools and docs to MCP clients (coding assistants) over stdio.",
        options: ScriptOptions.serverSpecs + [
            OptionSpec(
                "--root", value: "DIR",
                help:
                    "Where the resources (examples/, docs/, the API stub) are read from; DIR/examples is also "
                    + "one of the roots a tool's paths must lie in, with the working directory, the --policy "
                    + "files, each --allow-path and the project (default: this checkout, found from the binary; "
                    + "away from one, the docs and examples built into the binary)."
            )
        ] + ServerLimits.specs(of: limits),
        discussion: """
            Speaks the Model Context Protocol (revisions \(MCPServer.protocolVersions.joined(separator: ", "))) as
            newline-delimited JSON-RPC 2.0 on standard input and output; nothing else is written to standard output.
            Tools: \(MCPTools.names.joined(separator: ", ")). Resources: the examples
            (sheetlab://examples/...), the docs (sheetlab://docs/NAME.md) and the Lua API stub
            (sheetlab://api/sheetlab.lua). --profile, --policy and the Lua limits are the tools' defaults.
            Every path a call names (path, policies, scenario, base_directory) must lie in the roots: the
            working directory, the --policy files, each --allow-path, the project and --root's examples/.
            Configuration for a client, tools and their input schemas: docs/mcp.md.

            Example client entry: {"mcpServers": {"sheetlab": {"command": "/path/to/sheetlab", "args": ["mcp"]}}}
            """, withheld: ScriptOptions.serverWithheld(cappedBy: "--memory"))

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        var options = MCPServer.Options()
        var builtInRoot: String?
        do throws(UsageError) {
            options.defaults = try ScriptOptions.configuration(args, command: "mcp")
            options.limits = try ServerLimits.parse(args, limits, command: "mcp")
            if let root = args.value("--root") {
                guard FileSystem.kind(at: root) == .directory else {
                    throw UsageError("--root must be a folder, got '\(root)'", command: "mcp")
                }
                options.root = root
            } else {
                options.root = MCPResources.defaultRoot(executable: CommandLine.arguments[0])
            }
            if args.value("--root") == nil, !MCPResources.isCheckout(options.root) {
                // Away from a checkout: the docs and examples built into the binary.
                guard let builtIn = MCPResources.writeBuiltIn() else {
                    throw UsageError(
                        "no SheetLab checkout here and the built-in docs could not be written to the temporary "
                            + "directory; give one with --root DIR", command: "mcp")
                }
                builtInRoot = builtIn
                options.root = builtIn
            }
            try options.limits.admit(options.defaults.limits, flags: limits, command: "mcp")
        } catch {
            return RunCommand.usage(error, out)
        }
        let hint = "a Model Context Protocol server; an MCP client starts it (docs/mcp.md)"
        let served = StdioServer.run("mcp", hint: hint, framing: .line, out) { _ in MCPServer(options: options) }
        if let builtInRoot { MCPResources.removeBuiltIn(builtInRoot) }
        return served == nil ? .usage : .ok
    }
}
