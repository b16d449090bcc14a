import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

/// The Model Context Protocol server behind `sheetlab mcp`, apart from its
/// streams: the handler of its methods on the shared `RPCEndpoint`, which
/// turns one input message into at most one output message (docs/mcp.md).
///
/// It speaks the handshake revisions of MCP (`initialize`, then
/// `notifications/initialized`), negotiating the version the client asks
/// for when it knows it and offering the newest otherwise; `tools/list`,
/// `tools/call`, `resources/list`, `resources/read`,
/// `resources/templates/list` and `ping`. What MCP adds to the endpoint:
/// the `initialize` gate (nothing but `initialize` and `ping` before it), no
/// batches, ids that are never null, responses from the client dropped, and
/// a cancelled request (`notifications/cancelled` stops the running one:
/// its Lua is interrupted, a `check` stops exploring) answered with nothing,
/// as the protocol asks.
///
/// A tool that fails (a script error, bad arguments) answers a result with
/// `isError: true`, for the model to read; protocol mistakes (an unknown
/// method or tool, a malformed request) are JSON-RPC errors.
///
/// Confinement: not `Sendable`; one thread handles every message. Only
/// `control` is shared with the reader thread.
package final class MCPServer: RPCHandler {
    /// The protocol revisions this server speaks, newest first: the
    /// handshake revisions the official Python SDK (`mcp` on PyPI) offers.
    package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// The requests this server answers.
    static let methods: Set<String> = [
        "initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/templates/list",
        "resources/read",
    ]

    /// MCP's code for a resource that does not exist.
    static let resourceNotFoundCode = -32002

    /// What tools use when a call leaves something out, and the server's limits.
    package struct Options: Sendable {
        /// The profile, policies and Lua limits of a scenario run or a check
        /// (the engine's are the server's rule, as `create`'s in serve).
        package var defaults = SessionConfiguration()
        /// The repository root the resources (examples, docs, the API stub) are read from.
        package var root = "."
        /// The server's own limits: CPU of one request, the longest response and message.
        package var limits = ServerLimits()

        package init(
            defaults: SessionConfiguration = SessionConfiguration(), root: String = ".",
            limits: ServerLimits = ServerLimits()
        ) {
            self.defaults = defaults
            self.root = root
            self.limits = limits
        }
    }

    /// Where the life cycle stands.
    enum Phase: Equatable {
        /// Before `initialize`: only `initialize` and `ping` are answered.
        case waiting
        /// `initialize` answered with `version`; the client's `notifications/initialized` may come.
        case initialized(version: String)
    }

    let options: Options
    let resources: MCPResources
    /// Where the files a tool call names may be: the server's folder, its
    /// allowed paths and the examples under `--root` (`ServerRoots`).
    let roots: ServerRoots
    package let endpoint: RPCEndpoint
    private(set) var phase = Phase.waiting
    /// What the client said about itself in `initialize`.
    private(set) var clientInfo: JSON?

    package init(options: Options = Options()) {
        self.options = options
        resources = MCPResources(root: options.root)
        roots = ServerRoots(options.defaults, more: [options.root + "/examples"])
        endpoint = RPCEndpoint(limits: options.limits, framing: .line)
    }

    /// Cancellation, shared with the reader thread.
    var control: RequestControl { endpoint.control }

    /// The version `initialize` settled on, nil before it.
    var protocolVersion: String? {
        if case .initialized(let version) = phase { return version }
        return nil
    }

    // MARK: The handler

    package var cancelNotification: CancelNotification { .mcp }

    /// A cancelled request gets no response (MCP: the receiver SHOULD NOT respond).
    package var answersCancelledRequests: Bool { false }

    /// This server sends no requests, so nothing waits for a response from the client.
    package var dropsResponses: Bool { true }

    package var responseTooLargeAdvice: String { "ask for less, e.g. timeline \"none\"" }

    package func handle(batch: [JSON], message: Int) -> String? {
        endpoint.errorText(
            id: .null, RPCError.invalidRequest("MCP has no batches (since 2025-06-18); send one message per line"))
    }

    /// An MCP request id is a string or an integer, never null.
    package func refusal(of request: RPCRequest) -> RPCError? {
        guard request.id == .null else { return nil }
        return RPCError.invalidRequest("an MCP request id must be a string or an integer")
    }

    /// A notification from the client: `notifications/initialized`,
    /// `notifications/cancelled` (taken early by the reader; one that waited
    /// its turn is for a request already done), and any other, ignored.
    package func notification(_ request: RPCRequest) {
        if request.method == CancelNotification.mcp.method, let id = request.params["requestId"] {
            control.cancel(id)
        }
    }

    /// Runs a request's method.
    /// - Throws: `RPCError` for an unknown method, bad params, or a request before `initialize`.
    package func dispatch(_ request: RPCRequest) throws(RPCError) -> JSON {
        let params = RPCParams(method: request.method, values: request.params)
        switch request.method {
        case "initialize":
            return try initialize(params)
        case "ping":
            return [:]
        default:
            break
        }
        guard MCPServer.methods.contains(request.method) else {
            throw RPCError.methodNotFound(request.method, known: MCPServer.methods.sorted(), docs: "docs/mcp.md")
        }
        guard protocolVersion != nil else {
            throw RPCError.invalidRequest("the server is not initialized; send 'initialize' first")
        }
        switch request.method {
        case "tools/list":
            return ["tools": .array(MCPTools.list.map { $0.json(limits: options.limits) })]
        case "tools/call":
            return try callTool(params)
        case "resources/list":
            return ["resources": .array(resources.list().map(\.json))]
        case "resources/templates/list":
            return ["resourceTemplates": []]
        case "resources/read":
            return try resources.read(try params.string("uri"))
        default:
            throw RPCError.methodNotFound(request.method, known: MCPServer.methods.sorted(), docs: "docs/mcp.md")
        }
    }

    // MARK: Life cycle

    /// `initialize`: the version the client asks for when this server knows
    /// it, the newest otherwise (the client then decides whether to go on);
    /// the server's capabilities and identity.
    func initialize(_ p: RPCParams) throws(RPCError) -> JSON {
        guard protocolVersion == nil else { throw RPCError.invalidRequest("'initialize' was already received") }
        let asked = try p.string("protocolVersion")
        _ = try p.optionalObject("capabilities")
        clientInfo = p["clientInfo"]
        let version = MCPServer.protocolVersions.contains(asked) ? asked : MCPServer.protocolVersions[0]
        phase = .initialized(version: version)
        return [
            "protocolVersion": .string(version),
            "capabilities": [
                "tools": ["listChanged": false],
                "resources": ["listChanged": false, "subscribe": false],
            ],
            "serverInfo": ["name": "sheetlab", "title": "SheetLab", "version": .string(sheetLabVersion)],
            "instructions": .string(MCPServer.instructions),
        ]
    }

    /// What `initialize` tells the model about the server.
    static let instructions = """
        SheetLab models SwiftUI's sheets on a virtual clock; policies that change their behaviour are Lua scripts. \
        Read sheetlab://docs/scenarios.md and sheetlab://docs/policies.md to write them, sheetlab://api/sheetlab.lua \
        for the Lua API. run_scenario runs a scenario (a path, a sheetlab://examples/... URI, or source) and returns \
        its expectations and timeline; check_policy explores user actions to find sequences that break invariants; \
        explain_event says which rule and which decider produced an event.
        """

    // MARK: Tools

    /// `tools/call`: runs a tool. An unknown tool is a protocol error; what
    /// goes wrong inside one is a result with `isError: true`.
    func callTool(_ p: RPCParams) throws(RPCError) -> JSON {
        let name = try p.string("name")
        guard let tool = MCPTools.all[name] else {
            throw RPCError.invalidParams(
                "unknown tool '\(name)'; expected one of \(MCPTools.list.map(\.name).joined(separator: ", "))")
        }
        let given = try p.optionalObject("arguments") ?? [:]
        let result: MCPToolResult
        do {
            let arguments = try tool.check(given, limits: options.limits)
            result = try tool.run(MCPCall(server: self, arguments: arguments))
        } catch {
            result = MCPToolResult(error: error)
        }
        return result.json(limit: options.limits.maximumResponseBytes)
    }
}
