import LuaRuntime
import SheetEngine

/// A JSON-RPC error object: what `sheetlab serve` answers when a request
/// fails. `docs/serve.md` lists the codes.
struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON-RPC error code: standard (-32700 ... -32603) or SheetLab's (-32001 ...).
    var code: Int
    /// One sentence.
    var message: String
    /// Structured details: for script errors `{kind, message, file, line, traceback}`.
    var data: JSON?

    /// Creates an error object.
    init(_ code: Int, _ message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The line was not JSON.
    static let parseErrorCode = -32700
    /// JSON, but not a request object (or a line over the length limit).
    static let invalidRequestCode = -32600
    /// No method with that name.
    static let methodNotFoundCode = -32601
    /// Missing, unknown or mistyped parameters, or an unknown app id.
    static let invalidParamsCode = -32602
    /// A bug in the server.
    static let internalErrorCode = -32603
    /// Lua failed: syntax, runtime error, a bad value, an unreadable file; data has file and line.
    static let scriptErrorCode = -32001
    /// The engine refused a call: unknown view, slot or profile, a duplicate view, nothing to swipe.
    static let engineErrorCode = -32002
    /// A script ran past a limit (its CPU budget, the memory cap), or a
    /// request passed one of the server's (`ServeLimits`); `data.kind` says which.
    static let limitErrorCode = -32003
    /// The client cancelled the request (`$/cancelRequest`), as LSP's RequestCancelled.
    static let requestCancelledCode = -32800

    /// `-32800`: the request was cancelled before it ended.
    static let requestCancelled = RPCError(
        requestCancelledCode, "Request cancelled", data: ["kind": "cancelled"])

    /// `-32700 Parse error`.
    static func parse(_ detail: String) -> RPCError { RPCError(parseErrorCode, "Parse error: \(detail)") }
    /// `-32600 Invalid Request`.
    static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(invalidRequestCode, "Invalid Request: \(detail)")
    }
    /// `-32601 Method not found`.
    static func methodNotFound(_ name: String) -> RPCError {
        RPCError(methodNotFoundCode, "Method not found: '\(name)'; see docs/serve.md for the methods")
    }
    /// `-32602 Invalid params`.
    static func invalidParams(_ detail: String) -> RPCError { RPCError(invalidParamsCode, "Invalid params: \(detail)") }

    /// A Lua error: -32003 for a limit (budget, memory, interrupted), else -32001.
    init(_ error: LuaError) {
        let isLimit = [LuaError.Kind.budget, .memory, .interrupted].contains(error.kind)
        var data: [String: JSON] = ["kind": .string(RPCError.name(of: error.kind)), "message": .string(error.message)]
        if let file = error.file { data["file"] = .string(file) }
        if let line = error.line { data["line"] = .int(line) }
        if let traceback = error.traceback, !traceback.isEmpty { data["traceback"] = .string(traceback) }
        self.init(isLimit ? RPCError.limitErrorCode : RPCError.scriptErrorCode, error.description, data: .object(data))
    }

    /// An engine error: -32002 with the reason's name; -32003 when a limit stopped the app.
    init(_ error: EngineError) {
        let code: Int
        if case .limitReached = error.reason { code = RPCError.limitErrorCode } else { code = RPCError.engineErrorCode }
        self.init(code, error.description, data: ["reason": .string(RPCError.name(of: error.reason))])
    }

    /// The `reason` of an engine error: one name per kind of mistake
    /// (docs/serve.md lists them with when each occurs).
    static func name(of reason: EngineError.Reason) -> String {
        switch reason {
        case .unknownProfile: "unknownProfile"
        case .unknownView: "unknownView"
        case .duplicateView: "duplicateView"
        case .unknownSlot: "unknownSlot"
        case .ambiguousSlot: "ambiguousSlot"
        case .invalidDetent: "invalidDetent"
        case .invalidItem: "invalidItem"
        case .noPresentation: "noPresentation"
        case .invalidOrientation: "invalidOrientation"
        case .profileAfterViews: "profileAfterViews"
        case .timeOutOfRange: "timeOutOfRange"
        case .invalidArgument: "invalidArgument"
        case .limitReached: "limitReached"
        case .unknownPolicy: "unknownPolicy"
        case .ambiguousPolicy: "ambiguousPolicy"
        case .resetDuringStep: "resetDuringStep"
        case .unknownFlag: "unknownFlag"
        }
    }

    /// The `kind` of a Lua error: `syntax`, `runtime`, `badValue`, `io`, `budget`, `memory`, `interrupted`.
    static func name(of kind: LuaError.Kind) -> String {
        switch kind {
        case .syntax: "syntax"
        case .runtime: "runtime"
        case .badValue: "badValue"
        case .io: "io"
        case .budget: "budget"
        case .memory: "memory"
        case .interrupted: "interrupted"
        }
    }

    /// The error object as JSON: `{code, message, data}`.
    var json: JSON {
        var members: [String: JSON] = ["code": .int(code), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }

    /// `code message`.
    var description: String { "\(code) \(message)" }
}
