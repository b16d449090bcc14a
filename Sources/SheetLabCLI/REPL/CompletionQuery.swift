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
        while start > 0, LuaScan.isNameCharacter(chars[start - 1]) { start -= 1 }
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
