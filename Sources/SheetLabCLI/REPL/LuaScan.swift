import LuaRuntime

/// A small Lua lexer for completion: enough to tell strings and comments
/// apart, walk back over an expression and list its tokens.
enum LuaScan {
    enum Token: Equatable {
        case name(String)
        case string
        case number
        case punct(Character)

        var isLiteral: Bool {
            switch self {
            case .string, .number, .name("true"), .name("false"), .name("nil"): return true
            default: return false
            }
        }
    }

    /// Whether the text ends inside a quoted string, a long string or a comment.
    static func endsInsideStringOrComment(_ chars: [Character]) -> Bool {
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\"" || c == "'" {
                i += 1
                while i < chars.count, chars[i] != c {
                    if chars[i] == "\\" { i += 1 }
                    i += 1
                }
                if i >= chars.count { return true }
                i += 1
            } else if c == "-", i + 1 < chars.count, chars[i + 1] == "-" {
                if let level = longBracketLevel(chars, at: i + 2) {
                    guard let end = longBracketEnd(chars, from: i + 2, level: level) else { return true }
                    i = end
                } else {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                    if i >= chars.count { return true }
                }
            } else if c == "[", let level = longBracketLevel(chars, at: i) {
                guard let end = longBracketEnd(chars, from: i, level: level) else { return true }
                i = end
            } else {
                i += 1
            }
        }
        return false
    }

    /// The level of a long bracket (`[[` is 0, `[==[` is 2) opening at `i`.
    static func longBracketLevel(_ chars: [Character], at i: Int) -> Int? {
        guard i < chars.count, chars[i] == "[" else { return nil }
        var j = i + 1
        while j < chars.count, chars[j] == "=" { j += 1 }
        guard j < chars.count, chars[j] == "[" else { return nil }
        return j - i - 1
    }

    /// The index after the long bracket's closing `]=*]`, or nil when it is not closed.
    static func longBracketEnd(_ chars: [Character], from i: Int, level: Int) -> Int? {
        let close: [Character] = ["]"] + Array(repeating: "=", count: level) + ["]"]
        var j = i + level + 2
        while j + close.count <= chars.count {
            if Array(chars[j..<(j + close.count)]) == close { return j + close.count }
            j += 1
        }
        return nil
    }

    /// Where the primary expression ending just before `end` starts, walking
    /// back over names, `.`, and balanced `(...)` and `[...]`.
    static func primaryExpressionStart(_ chars: [Character], end: Int) -> Int? {
        var i = end
        while i > 0 {
            let c = chars[i - 1]
            if LuaSyntax.isNameCharacter(c) {
                i -= 1
            } else if c == ")" || c == "]" {
                guard let open = matchingOpen(chars, close: i - 1) else { return nil }
                i = open
            } else if c == ".", i > 1, chars[i - 2] != "." {
                i -= 1
            } else {
                break
            }
        }
        return i < end ? i : nil
    }

    /// The index of the bracket that `chars[close]` closes.
    static func matchingOpen(_ chars: [Character], close: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= 0 {
            switch chars[i] {
            case ")", "]": depth += 1
            case "(", "[":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i -= 1
        }
        return nil
    }

    /// The tokens of a short expression, or nil for anything unusual.
    static func tokens(_ text: String) -> [Token]? {
        let chars = Array(text)
        var tokens: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" {
                i += 1
            } else if LuaSyntax.isNameCharacter(c), !c.isNumber {
                var j = i
                while j < chars.count, LuaSyntax.isNameCharacter(chars[j]) { j += 1 }
                tokens.append(.name(String(chars[i..<j])))
                i = j
            } else if c.isNumber {
                var j = i
                while j < chars.count, chars[j].isNumber || chars[j] == "." { j += 1 }
                tokens.append(.number)
                i = j
            } else if c == "\"" || c == "'" {
                var j = i + 1
                while j < chars.count, chars[j] != c {
                    if chars[j] == "\\" { j += 1 }
                    j += 1
                }
                guard j < chars.count else { return nil }
                tokens.append(.string)
                i = j + 1
            } else if ".[](),".contains(c) {
                tokens.append(.punct(c))
                i += 1
            } else {
                return nil
            }
        }
        return tokens
    }
}
