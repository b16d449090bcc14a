import LuaRuntime

/// What tab completion is asked to complete, read from the text before the
/// cursor: a global name (`ti` -> `timeline(`), a field of what an
/// expression gives (`top().ph` -> `phase`) or a method (`s:up` -> `upper(`).
struct CompletionQuery: Equatable, Sendable {
    /// The expression before the last `.` or `:`, or nil for a global name.
    var base: String?
    /// `.` (fields) or `:` (methods), with a base.
    var separator: Character?
    /// The beginning of the name being typed.
    var partial: String

    /// Reads the query at the end of `text`.
    /// - Parameter text: the line up to the cursor.
    /// - Returns: nil inside a string or a comment, or after a lone `.`.
    static func parse(_ text: String) -> CompletionQuery? {
        let chars = Array(text)
        guard !LuaScan.endsInsideStringOrComment(chars) else { return nil }
        var start = chars.count
        while start > 0, LuaSyntax.isNameCharacter(chars[start - 1]) { start -= 1 }
        let partial = String(chars[start...])
        if let first = partial.first, first.isNumber { return nil }
        guard start > 0, chars[start - 1] == "." || chars[start - 1] == ":" else {
            return CompletionQuery(base: nil, separator: nil, partial: partial)
        }
        let separator = chars[start - 1]
        // `a .. b`: concatenation, not a field.
        if separator == ".", start > 1, chars[start - 2] == "." {
            return CompletionQuery(base: nil, separator: nil, partial: partial)
        }
        guard let baseStart = LuaScan.primaryExpressionStart(chars, end: start - 1) else { return nil }
        let base = String(chars[baseStart..<(start - 1)])
        if let first = base.first, first.isNumber { return nil }  // `1.5`: a number, not a field
        return CompletionQuery(base: base, separator: separator, partial: partial)
    }

    /// What the text before the cursor asks to complete.
    enum Context: Equatable {
        /// A `:` command's name (`:po`).
        case command(String)
        /// A file after `:policy`, `:load`, `:save`, `:timeline FORMAT`, or
        /// in `policy("`; `luaOnly` lists only `.lua` files (and folders).
        case file(String, luaOnly: Bool)
        /// A slot name inside `set("`, `get("` or `binding("`.
        case slot(String)
        /// A name after `:help`.
        case help(String)
        /// A breakpoint after `:break`: an event kind, a rule, a filter.
        case breakpoint(String)
        /// Lua: globals, fields, methods (`parse`).
        case lua
    }

    /// The commands whose argument is a file, and whether it is a Lua file.
    static let fileCommands: [String: Bool] = ["policy": true, "load": true, "save": false]

    /// The functions whose first argument is a slot name.
    static let slotFunctions: Set<String> = ["set", "get", "binding"]

    /// Reads what the text before the cursor asks to complete.
    static func context(of text: String) -> Context {
        if text.hasPrefix(":") {
            let body = text.dropFirst()
            guard let space = body.firstIndex(of: " ") else { return .command(String(body)) }
            let command = String(body[..<space])
            let rest = String(body[body.index(after: space)...].drop { $0 == " " })
            if command == "help" { return .help(rest) }
            if command == "break" { return .breakpoint(rest) }
            if let luaOnly = fileCommands[command] { return .file(rest, luaOnly: luaOnly) }
            if command == "timeline", let format = rest.split(separator: " ").first,
                ["text", "json", "svg"].contains(String(format)), rest.contains(" ")
            {
                return .file(String(rest.dropFirst(format.count).drop { $0 == " " }), luaOnly: false)
            }
            return .lua
        }
        // Inside the first string argument of a call: `set("sel`, `policy("examples/`.
        let chars = Array(text)
        guard LuaScan.endsInsideStringOrComment(chars), let quote = chars.lastIndex(where: { $0 == "\"" || $0 == "'" })
        else { return .lua }
        let partial = String(chars[(quote + 1)...])
        guard !partial.contains(chars[quote]) else { return .lua }
        var i = quote
        while i > 0, chars[i - 1] == " " { i -= 1 }
        guard i > 0, chars[i - 1] == "(" else { return .lua }
        var end = i - 1
        while end > 0, chars[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, LuaSyntax.isNameCharacter(chars[start - 1]) { start -= 1 }
        let function = String(chars[start..<end])
        // Only a call of the global itself, not `t.set(` or `x:get(`.
        if start > 0, chars[start - 1] == "." || chars[start - 1] == ":" { return .lua }
        if slotFunctions.contains(function) { return .slot(partial) }
        if function == "policy" { return .file(partial, luaOnly: true) }
        return .lua
    }

    /// The functions of the scenario API that only read, so that completion
    /// may call them to see the fields of what they return (`top().`).
    static let readOnlyFunctions: Set<String> = [
        "top", "stack", "state", "now", "get", "binding", "timeline", "profile", "os_at_least",
    ]

    /// Whether evaluating `base` for completion cannot change anything: names,
    /// `.field`, `[literal]`, `(literal)` and calls with literal arguments to
    /// the read-only functions of the API (`profile` only without arguments).
    static func isSafe(_ base: String) -> Bool {
        guard let tokens = LuaScan.tokens(base), !tokens.isEmpty else { return false }
        var i = 0
        // The primary: a name or a parenthesised literal.
        var callable: String?
        switch tokens[0] {
        case .name(let n):
            callable = readOnlyFunctions.contains(n) ? n : nil
            i = 1
        case .punct("("):
            guard tokens.count >= 3, tokens[1].isLiteral, tokens[2] == .punct(")") else { return false }
            i = 3
        default:
            return false
        }
        while i < tokens.count {
            switch tokens[i] {
            case .punct("."):
                guard i + 1 < tokens.count, case .name = tokens[i + 1] else { return false }
                i += 2
                callable = nil
            case .punct("["):
                guard i + 2 < tokens.count, tokens[i + 1].isLiteral, tokens[i + 2] == .punct("]") else { return false }
                i += 3
                callable = nil
            case .punct("("):
                guard let function = callable else { return false }
                var j = i + 1
                var arguments = 0
                while j < tokens.count, tokens[j] != .punct(")") {
                    guard tokens[j].isLiteral else { return false }
                    arguments += 1
                    j += 1
                    if j < tokens.count, tokens[j] == .punct(",") { j += 1 }
                }
                guard j < tokens.count else { return false }
                if function == "profile", arguments > 0 { return false }
                i = j + 1
                callable = nil
            default:
                return false
            }
        }
        return true
    }

    /// What to insert and what to list for `candidates` (already matching `partial`).
    /// - Returns: the text to insert after `partial` (the candidates' common
    ///   beginning), and the candidates to show when there is more than one
    ///   and nothing to insert.
    static func resolve(partial: String, candidates: [String]) -> (insert: String, list: [String]) {
        let matching = candidates.filter { $0.hasPrefix(partial) }
        guard let first = matching.first else { return ("", []) }
        var common = first
        for candidate in matching.dropFirst() {
            common = String(zip(common, candidate).prefix { $0 == $1 }.map(\.0))
        }
        let insert = String(common.dropFirst(partial.count))
        if matching.count > 1, insert.isEmpty { return ("", matching) }
        return (insert, [])
    }
}
