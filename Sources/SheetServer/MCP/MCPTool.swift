import SheetJSON

/// One argument of an MCP tool: its JSON Schema (with a description for the
/// model) and whether it must be given.
struct MCPArgument: Sendable {
    var name: String
    /// The argument's schema: `{"type": "string"}`, `{"type": "array", "items": ...}`.
    var schema: JSON
    var description: String
    var required = false
    /// The server limit that is the argument's maximum, when it is one
    /// (`max_ms`: the server's `--max-request-budget`), in place of the schema's.
    var maximumFromLimits: (@Sendable (ServerLimits) -> Int)? = nil

    /// An argument that may be left out.
    static func optional(_ name: String, _ schema: JSON, _ description: String) -> MCPArgument {
        MCPArgument(name: name, schema: schema, description: description)
    }

    /// An argument that must be given.
    static func required(_ name: String, _ schema: JSON, _ description: String) -> MCPArgument {
        MCPArgument(name: name, schema: schema, description: description, required: true)
    }

    /// The JSON types the schema allows, as `RPCParam` checks them.
    var types: [String] {
        switch schema["type"] {
        case .string(let t)?: [t]
        case .array(let ts)?: ts.compactMap { if case .string(let t) = $0 { t } else { nil } }
        default: []
        }
    }

    /// The argument as a server with `limits` offers it: its maximum is the limit's.
    func limited(by limits: ServerLimits) -> MCPArgument {
        guard let maximumFromLimits, case .object(var members) = schema else { return self }
        members["maximum"] = .int(maximumFromLimits(limits))
        var argument = self
        argument.schema = .object(members)
        return argument
    }

    /// The range the schema's `minimum` and `maximum` give a number, as `RPCParam` checks it.
    var range: ClosedRange<Double>? {
        func bound(_ key: String) -> Double? {
            switch schema[key] {
            case .int(let i)?: Double(i)
            case .double(let d)?: d
            default: nil
            }
        }
        guard let low = bound("minimum"), let high = bound("maximum") else { return nil }
        return low...high
    }

    /// The schema with the description, as `inputSchema.properties` lists it.
    var property: JSON {
        guard case .object(var members) = schema else { return schema }
        members["description"] = .string(description)
        return .object(members)
    }
}

/// One tool `sheetlab mcp` offers: a name, what it does, its arguments,
/// and what runs it.
struct MCPTool: Sendable {
    var name: String
    var title: String
    var description: String
    var arguments: [MCPArgument]
    /// How the arguments go together, as top-level schema keywords
    /// (`dependentRequired`, `if`/`then`/`else`; never `oneOf`, `anyOf` or
    /// `allOf` there, which clients refuse); the tool's own checks say the
    /// same in their messages.
    var constraints: [String: JSON] = [:]
    /// Runs the tool on arguments that `check` accepted.
    var run: @Sendable (MCPCall) throws(RPCError) -> MCPToolResult

    /// `{name, title, description, inputSchema, outputSchema, annotations}`, as `tools/list` lists it
    /// (MCPTools+OutputSchemas.swift holds the last two).
    func json(limits: ServerLimits) -> JSON {
        var members: [String: JSON] = [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": inputSchema(limits: limits), "annotations": MCPTools.readOnlyAnnotations,
        ]
        if let output = MCPTools.outputSchemas[name] { members["outputSchema"] = output }
        return .object(members)
    }

    /// A JSON Schema object: the arguments (with the maximums `limits`
    /// give), which are required, how they go together, and no others.
    func inputSchema(limits: ServerLimits = ServerLimits()) -> JSON {
        var schema: [String: JSON] = [
            "type": "object",
            "properties": .object(
                Dictionary(uniqueKeysWithValues: arguments.map { ($0.name, $0.limited(by: limits).property) })),
            "additionalProperties": false,
        ]
        let required = arguments.filter(\.required).map { JSON.string($0.name) }
        if !required.isEmpty { schema["required"] = .array(required) }
        schema.merge(constraints) { a, _ in a }
        return .object(schema)
    }

    /// Checks the arguments against the schema's names, types, ranges (with
    /// the maximums `limits` give) and required ones.
    /// - Returns: them, as parameters to read.
    /// - Throws: invalid params naming the argument (the call answers it as a tool error).
    func check(_ given: [String: JSON], limits: ServerLimits) throws(RPCError) -> RPCParams {
        let params = arguments.map { $0.limited(by: limits) }.map {
            RPCParam(name: $0.name, types: $0.types, required: $0.required, range: $0.range)
        }
        return try RPCParams(name, given, checkedAgainst: params, naming: "argument")
    }
}

/// A tool call in progress: the server (its options, resources, budget and
/// cancellation) and the checked arguments.
struct MCPCall {
    let server: MCPServer
    let arguments: RPCParams
}

/// What a tool answers: text for the model, structured content for
/// programs, and whether the tool failed.
struct MCPToolResult {
    /// Content blocks: `{"type": "text", "text": ...}`, an embedded resource.
    var content: [JSON]
    /// The result as a JSON object, when there is one.
    var structured: JSON?
    /// Whether the tool failed (the text says why).
    var isError = false

    init(text: String, structured: JSON? = nil, more: [JSON] = []) {
        content = [["type": "text", "text": .string(text)]] + more
        self.structured = structured
    }

    /// A failed call: the message for the model.
    init(error message: String) {
        content = [["type": "text", "text": .string(message)]]
        isError = true
    }

    /// A failed call: the error's message for the model, and the error
    /// itself for programs (`structuredContent.error`: `{code, message,
    /// data}`, as serve answers it: `data.kind`, the limit and its flag).
    init(error: RPCError) {
        self.init(error: error.message)
        structured = ["error": error.json]
    }

    /// `{content, structuredContent, isError}`; a result longer than
    /// `limit` bytes becomes an error telling the model to ask for less.
    func json(limit: Int) -> JSON {
        var members: [String: JSON] = ["content": .array(content), "isError": .bool(isError)]
        if let structured { members["structuredContent"] = structured }
        let result = JSON.object(members)
        // Room for the envelope around the result.
        if result.text(limit: limit - 256) != nil { return result }
        return MCPToolResult(
            error: "the result is longer than \(limit) bytes (--max-response); ask for less, e.g. timeline \"none\""
        ).json(limit: limit)
    }
}
