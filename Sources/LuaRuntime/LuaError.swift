/// An error from loading or running Lua code, or from converting values.
///
/// Errors are data: the message without its position prefix, the position,
/// and the Lua traceback as separate fields. `description` reads like Lua's
/// own messages: `policies/queue.lua:12: attempt to index a nil value`.
public struct LuaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    /// The raw value is the kind's name wherever a tool reads it: serve's
    /// and mcp's `data.kind`, `sheetlab test`'s JSON, JUnit and TAP reports.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The chunk does not parse.
        case syntax
        /// A Lua error while running (including errors raised by host functions).
        case runtime
        /// The memory cap was reached.
        case memory
        /// The call ran past its CPU budget.
        case budget
        /// `interrupt()` stopped the call.
        case interrupted
        /// A value cannot cross between Lua and Swift (a cycle, nesting too
        /// deep, a sparse array, a coroutine, a function of another runtime).
        case badValue
        /// A script file cannot be read.
        case io
    }

    public var kind: Kind
    /// The message, without the "file:line: " prefix.
    public var message: String
    /// The chunk the error points into (the chunk name without "@").
    public var file: String?
    public var line: Int?
    /// Lua's "stack traceback:" text for errors raised while running.
    public var traceback: String?
    /// The limit reached, for `.memory` and `.budget` errors.
    public var limit: Limit?

    /// Creates an error; host functions throw these to raise a Lua error.
    ///
    /// - Parameters:
    ///   - kind: what went wrong; `.runtime` for a host function's own errors.
    ///   - message: the message without a position.
    ///   - file: the chunk the error points into, if any.
    ///   - line: the line in `file`.
    ///   - traceback: a Lua traceback, if any.
    public init(
        _ kind: Kind = .runtime, _ message: String, file: String? = nil, line: Int? = nil,
        traceback: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.traceback = traceback
    }

    /// A runtime error with a message: what a host function throws to raise
    /// a Lua error (it gets the position of the calling Lua code).
    public init(_ message: String) {
        self.init(.runtime, message)
    }

    /// "file:line: message", or the message alone when there is no position.
    public var description: String {
        guard let file else { return message }
        guard let line else { return "\(file): \(message)" }
        return "\(file):\(line): \(message)"
    }

    /// Whether a syntax error only says the input ended too early, so a REPL
    /// can read another line and try again (Lua's own test: `<eof>`).
    public var isIncompleteInput: Bool {
        kind == .syntax && message.hasSuffix("<eof>")
    }

    /// `bad argument #1 to 'present' (table expected, got nil)`.
    ///
    /// - Parameters:
    ///   - position: the 1-based argument number.
    ///   - function: the function's name as scripts call it.
    ///   - problem: what is wrong with the argument.
    /// - Returns: a runtime error; raised from a host function, it gets the
    ///   position of the calling Lua code.
    public static func badArgument(_ position: Int, to function: String, _ problem: String) -> LuaError {
        LuaError(.runtime, "bad argument #\(position) to '\(function)' (\(problem))")
    }
}

/// A position in Lua source.
public struct LuaLocation: Sendable, Equatable, CustomStringConvertible {
    /// The chunk name as Lua shows it (a path for files).
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

extension LuaError {
    /// Splits Lua's "file:line: message" into its parts. Chunk names of
    /// strings look like `[string "..."]` and may contain colons.
    static func splitPosition(_ text: String) -> (file: String, line: Int, message: String)? {
        let bytes = Array(text.utf8)
        var searchStart = 0
        if text.hasPrefix("[string \"") {
            guard let close = text.utf8.firstRange(of: "\"]:".utf8) else { return nil }
            searchStart = text.utf8.distance(from: text.utf8.startIndex, to: close.lowerBound) + 2
        }
        var colon = searchStart
        while colon < bytes.count {
            if bytes[colon] == UInt8(ascii: ":") {
                var end = colon + 1
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    end += 1
                }
                if end > colon + 1, end + 1 < bytes.count, bytes[end] == UInt8(ascii: ":"),
                    bytes[end + 1] == UInt8(ascii: " ")
                {
                    let file = String(decoding: bytes[0..<colon], as: UTF8.self)
                    let line = Int(String(decoding: bytes[(colon + 1)..<end], as: UTF8.self)) ?? 0
                    let message = String(decoding: bytes[(end + 2)...], as: UTF8.self)
                    return (file, line, message)
                }
            }
            colon += 1
        }
        return nil
    }

    /// Messages that come from Lua are cut to this many bytes: a script
    /// could otherwise make each error it raises (each one an event on a
    /// timeline, kept by the host) as large as its memory cap.
    public static let maximumMessageBytes = 4096

    static func clipped(_ message: String) -> String {
        let count = message.utf8.count
        guard count > maximumMessageBytes else { return message }
        return String(decoding: message.utf8.prefix(maximumMessageBytes), as: UTF8.self) + "... (\(count) bytes)"
    }

    /// An error from a Lua message, with its position split off.
    init(_ kind: Kind, luaMessage: String, traceback: String? = nil, fallback: String = "") {
        let luaMessage = LuaError.clipped(luaMessage)
        if let parts = LuaError.splitPosition(luaMessage) {
            self.init(kind, parts.message, file: parts.file, line: parts.line, traceback: traceback)
        } else if let parts = LuaError.splitPosition(fallback + " " + luaMessage) {
            self.init(kind, parts.message, file: parts.file, line: parts.line, traceback: traceback)
        } else {
            self.init(kind, luaMessage, traceback: traceback)
        }
    }
}
