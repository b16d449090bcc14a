import LuaRuntime
import SheetEngine
import SheetJSON

/// A JSON-RPC error object: what `sheetlab serve` (and, for the standard
/// codes, `sheetlab mcp`) answers when a request fails. `docs/serve.md` and
/// `docs/mcp.md` list the codes.
package struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON-RPC error code: standard (-32700 ... -32603) or SheetLab's (-32001 ...).
    package var code: Int
    /// One sentence.
    package var message: String
    /// Structured details: for script errors `{kind, message, file, line, traceback}`.
    package var data: JSON?

    /// Creates an error object.
    package init(_ code: Int, _ message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The line was not JSON.
    package static let parseErrorCode = -32700
    /// JSON, but not a request object (or a line over the length limit).
    package static let invalidRequestCode = -32600
    /// No method with that name.
    package static let methodNotFoundCode = -32601
    /// Missing, unknown or mistyped parameters, or an unknown app id.
    package static let invalidParamsCode = -32602
    /// A bug in the server.
    package static let internalErrorCode = -32603
    /// Lua failed: syntax, runtime error, a bad value, an unreadable file; data has file and line.
    package static let scriptErrorCode = -32001
    /// The engine refused a call: unknown view, slot or profile, a duplicate view, nothing to swipe.
    package static let engineErrorCode = -32002
    /// A script ran past a limit (its CPU budget, the memory cap), or a
    /// request passed one of the server's (`ServerLimits`); `data.kind` says which.
    package static let limitErrorCode = -32003
    /// The client cancelled the request (`$/cancelRequest`), as LSP's RequestCancelled.
    package static let requestCancelledCode = -32800

    /// `-32800`: the request was cancelled before it ended.
    package static let requestCancelled = RPCError(
        requestCancelledCode, "Request cancelled", data: ["kind": "cancelled"])

    /// `-32700 Parse error`.
    package static func parse(_ detail: String) -> RPCError { RPCError(parseErrorCode, "Parse error: \(detail)") }
    /// `-32600 Invalid Request`.
    package static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(invalidRequestCode, "Invalid Request: \(detail)")
    }
    /// `-32601 Method not found`, with the closest of `known` when one is close.
    package static func methodNotFound(_ name: String, known: [String], docs: String = "docs/serve.md") -> RPCError {
        RPCError(
            methodNotFoundCode,
            "Method not found: '\(name)'\(NameSuggestion.hint(for: name, in: known)); see \(docs) for the methods")
    }
    /// `-32602 Invalid params`.
    package static func invalidParams(_ detail: String) -> RPCError {
        RPCError(invalidParamsCode, "Invalid params: \(detail)")
    }

    /// A Lua error: -32003 for a limit (budget, memory, interrupted), else -32001.
    package init(_ error: LuaError) {
        let isLimit = [LuaError.Kind.budget, .memory, .interrupted].contains(error.kind)
        var data: [String: JSON] = ["kind": .string(error.kind.rawValue), "message": .string(error.message)]
        if let file = error.file { data["file"] = .string(file) }
        if let line = error.line { data["line"] = .int(line) }
        if let traceback = error.traceback, !traceback.isEmpty { data["traceback"] = .string(traceback) }
        self.init(isLimit ? RPCError.limitErrorCode : RPCError.scriptErrorCode, error.description, data: .object(data))
    }

    /// An engine error: -32002 with the reason's name; -32003 when a limit stopped the app.
    package init(_ error: EngineError) {
        let code: Int
        if case .limitReached = error.reason { code = RPCError.limitErrorCode } else { code = RPCError.engineErrorCode }
        self.init(code, error.description, data: ["reason": .string(RPCError.name(of: error.reason))])
    }

    /// The `reason` of an engine error: one name per kind of mistake
    /// (docs/serve.md lists them with when each occurs).
    package static func name(of reason: EngineError.Reason) -> String { ReasonName(reason).rawValue }

    /// Every `reason` serve can send: docs/serve.openrpc.json's enum is
    /// checked against these (OpenRPCDocumentTests).
    package enum ReasonName: String, CaseIterable, Sendable {
        case unknownProfile, unknownView, duplicateView, unknownSlot, ambiguousSlot, invalidDetent, invalidItem
        case noPresentation, invalidOrientation, profileAfterViews, timeOutOfRange, invalidArgument, limitReached
        case unknownPolicy, ambiguousPolicy, resetDuringStep, unknownFlag

        /// The name of `reason`'s case.
        package init(_ reason: EngineError.Reason) {
            switch reason {
            case .unknownProfile: self = .unknownProfile
            case .unknownView: self = .unknownView
            case .duplicateView: self = .duplicateView
            case .unknownSlot: self = .unknownSlot
            case .ambiguousSlot: self = .ambiguousSlot
            case .invalidDetent: self = .invalidDetent
            case .invalidItem: self = .invalidItem
            case .noPresentation: self = .noPresentation
            case .invalidOrientation: self = .invalidOrientation
            case .profileAfterViews: self = .profileAfterViews
            case .timeOutOfRange: self = .timeOutOfRange
            case .invalidArgument: self = .invalidArgument
            case .limitReached: self = .limitReached
            case .unknownPolicy: self = .unknownPolicy
            case .ambiguousPolicy: self = .ambiguousPolicy
            case .resetDuringStep: self = .resetDuringStep
            case .unknownFlag: self = .unknownFlag
            }
        }
    }

    /// The error object as JSON: `{code, message, data}`.
    package var json: JSON {
        var members: [String: JSON] = ["code": .int(code), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }

    /// `code message`.
    package var description: String { "\(code) \(message)" }
}
