import LuaRuntime
import SheetEngine
import SheetScripting

/// The Model Context Protocol server behind `sheetlab mcp`, apart from its
/// streams: it turns one input message into at most one output message
/// (docs/mcp.md).
///
/// It speaks the handshake revisions of MCP (`initialize`, then
/// `notifications/initialized`), negotiating the version the client asks
/// for when it knows it and offering the newest otherwise; `tools/list`,
/// `tools/call`, `resources/list`, `resources/read`,
/// `resources/templates/list` and `ping`. Requests are handled one at a
/// time, in order; `notifications/cancelled` stops the running one (its
/// Lua is interrupted, a `check` stops exploring), which then gets no
/// response, as the protocol asks.
///
/// A tool that fails (a script error, bad arguments) answers a result with
/// `isError: true`, for the model to read; protocol mistakes (an unknown
/// method or tool, a malformed request) are JSON-RPC errors.
///
/// Confinement: not `Sendable`; one thread handles every message. Only
/// `control` is shared with the reader thread.
final class MCPServer {
    /// The protocol revisions this server speaks, newest first: the
    /// handshake revisions the official Python SDK (`mcp` on PyPI) offers.
    static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// The requests this server answers.
    static let methods: Set<String> = [
        "initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/templates/list",
        "resources/read",
    ]

    /// MCP's code for a resource that does not exist.
    static let resourceNotFoundCode = -32002

    /// What tools use when a call leaves something out, and the server's limits.
    struct Options: Sendable {
        /// The profile, policies and Lua limits of a scenario run or a check.
        var defaults = ServeServer.Defaults()
        /// The repository root the resources (examples, docs, the API stub) are read from.
        var root = "."
        /// The server's own limits: CPU of one request, the longest response and message.
        var limits = ServeLimits()
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
    /// Cancellation, shared with the reader thread.
    let control = RequestControl()
    private(set) var phase = Phase.waiting
    /// What the client said about itself in `initialize`.
    private(set) var clientInfo: JSON?
    /// Thread CPU time when the message being handled started, in ns.
    private var messageStart: Int64 = 0

    init(options: Options = Options()) {
        self.options = options
        resources = MCPResources(root: options.root)
    }

    /// The version `initialize` settled on, nil before it.
    var protocolVersion: String? {
        if case .initialized(let version) = phase { return version }
        return nil
    }

    // MARK: Messages

    /// Handles one input line (without its newline), as if it had just been read.
    func handle(line: [UInt8]) -> String? {
        handle(.text(line), message: control.messageRead())
    }

    /// Handles one message the reader read.
    /// - Returns: the response line, or nil (a notification, a response from
    ///   the client, a cancelled request, a blank line).
    func handle(_ frame: Frame, message: Int) -> String? {
        messageStart = threadCPUNanoseconds()
        switch frame {
        case .text(let bytes):
            switch JSONParser.message(bytes) {
            case nil: return nil
            case .failure(let error)?: return response(id: .null, error: error)
            case .success(let json)?: return handle(json, message: message)
            }
        case .tooLong(let length):
            let limit = options.limits.maximumMessageBytes
            return response(
                id: .null,
                error: RPCError.invalidRequest("message longer than \(limit) bytes (\(length) bytes); it was skipped")
            )
        case .malformed(let problem):
            return response(id: .null, error: RPCError.parse(problem))
        }
    }

    /// One JSON message: a request, a notification, or a response to the client's own request.
    func handle(_ json: JSON, message: Int) -> String? {
        if case .array = json {
            return response(
                id: .null,
                error: RPCError.invalidRequest("MCP has no batches (since 2025-06-18); send one message per line"))
        }
        // A response from the client: this server sends no requests, so nothing waits for it.
        if case .object(let o) = json, o["method"] == nil, o["result"] != nil || o["error"] != nil { return nil }
        let request: RPCRequest
        switch RPCRequest.decode(json) {
        case .failure(let failure):
            return failure.id.map { response(id: $0, error: failure.error) }
        case .success(let decoded):
            request = decoded
        }
        guard let id = request.id else {
            notification(request)
            return nil
        }
        guard id != .null else {
            return response(
                id: .null, error: RPCError.invalidRequest("an MCP request id must be a string or an integer"))
        }
        guard control.begin(id, message: message) else { return nil }
        let outcome = Result { () throws(RPCError) -> JSON in try dispatch(request) }
        let cancelled = control.end()
        // A cancelled request gets no response (MCP: the receiver SHOULD NOT respond).
        if cancelled { return nil }
        switch outcome {
        case .success(let result): return response(id: id, result: result)
        case .failure(let error): return response(id: id, error: error)
        }
    }

    /// A notification from the client: `notifications/initialized`,
    /// `notifications/cancelled` (taken early by the reader; one that waited
    /// its turn is for a request already done), and any other, ignored.
    func notification(_ request: RPCRequest) {
        if request.method == CancelNotification.mcp.method, let id = request.params["requestId"] {
            control.cancel(id)
        }
    }

    /// Runs a request's method.
    /// - Throws: `RPCError` for an unknown method, bad params, or a request before `initialize`.
    func dispatch(_ request: RPCRequest) throws(RPCError) -> JSON {
        let params = ServeParams(method: request.method, values: request.params)
        switch request.method {
        case "initialize":
            return try initialize(params)
        case "ping":
            return [:]
        default:
            break
        }
        guard MCPServer.methods.contains(request.method) else {
            throw RPCError.methodNotFound(request.method, docs: "docs/mcp.md")
        }
        guard protocolVersion != nil else {
            throw RPCError.invalidRequest("the server is not initialized; send 'initialize' first")
        }
        switch request.method {
        case "tools/list":
            return ["tools": .array(MCPTools.list.map(\.json))]
        case "tools/call":
            return try callTool(params)
        case "resources/list":
            return ["resources": .array(resources.list().map(\.json))]
        case "resources/templates/list":
            return ["resourceTemplates": []]
        case "resources/read":
            return try resources.read(try params.string("uri"))
        default:
            throw RPCError.methodNotFound(request.method, docs: "docs/mcp.md")
        }
    }

    // MARK: Life cycle

    /// `initialize`: the version the client asks for when this server knows
    /// it, the newest otherwise (the client then decides whether to go on);
    /// the server's capabilities and identity.
    func initialize(_ p: ServeParams) throws(RPCError) -> JSON {
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
    func callTool(_ p: ServeParams) throws(RPCError) -> JSON {
        let name = try p.string("name")
        guard let tool = MCPTools.all[name] else {
            throw RPCError.invalidParams(
                "unknown tool '\(name)'; expected one of \(MCPTools.list.map(\.name).joined(separator: ", "))")
        }
        let given = try p.optionalObject("arguments") ?? [:]
        let result: MCPToolResult
        do {
            let arguments = try tool.check(given)
            result = try tool.run(MCPCall(server: self, arguments: arguments))
        } catch {
            result = MCPToolResult(error: error.message)
        }
        return result.json(limit: options.limits.maximumResponseBytes)
    }

    /// CPU left to the request being handled, in ms.
    var remainingBudgetMilliseconds: Int {
        let spent = (threadCPUNanoseconds() - messageStart) / 1_000_000
        return options.limits.maximumRequestBudgetMilliseconds - Int(spent)
    }

    // MARK: Output

    /// A response line; one over `--max-response` is replaced by an error.
    func response(id: JSON, result: JSON) -> String {
        let message: JSON = ["jsonrpc": "2.0", "id": id, "result": result]
        if let text = message.text(limit: options.limits.maximumResponseBytes) { return text }
        return response(
            id: id,
            error: RPCError(
                RPCError.internalErrorCode,
                "the response is longer than \(options.limits.maximumResponseBytes) bytes (--max-response)"))
    }

    func response(id: JSON, error: RPCError) -> String {
        JSON.object(["jsonrpc": "2.0", "id": id, "error": error.json]).text
    }
}
