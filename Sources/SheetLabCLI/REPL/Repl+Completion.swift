import LuaRuntime

/// Tab completion: globals, fields of what an expression gives, method names.
extension Repl {
    /// Lua's keywords, offered with the globals.
    static let keywords = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The standard globals scripts see in the sandbox (those missing are left out at run time).
    static let standardGlobals = [
        "assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "load", "math", "next",
        "os", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
        "string", "table", "tonumber", "tostring", "type", "utf8", "warn", "xpcall", "_VERSION",
    ]

    /// Completes the text before the cursor.
    /// - Parameter text: the current line up to the cursor.
    /// - Returns: what to insert at the cursor, and the candidates to list
    ///   when there are several and nothing to insert.
    func complete(_ text: String) -> (insert: String, list: [String]) {
        CompletionQuery.resolve(partial: CompletionQuery.parse(text)?.partial ?? "", candidates: candidates(for: text))
    }

    /// Every name that could complete the text before the cursor (functions end with "(").
    func candidates(for text: String) -> [String] {
        guard let query = CompletionQuery.parse(text) else { return [] }
        guard let base = query.base else {
            let names = session.registeredGlobals + ["show"] + Repl.standardGlobals
            return (lua.globalNames(names) + Repl.keywords).filter { $0.hasPrefix(query.partial) }
        }
        guard CompletionQuery.isSafe(base),
            let chunk = try? session.runtime.load(
                source: "return " + base, chunkName: "=completion", in: session.environment)
        else { return [] }
        return lua.fieldNames(of: chunk, methods: query.separator == ":").filter { $0.hasPrefix(query.partial) }
    }
}
