import SheetEngine

/// Lua source for engine values and strings: what counterexamples and saved
/// REPL sessions write, so that `sheetlab run` reads back exactly the value.
public enum LuaLiteral {
    /// A value as a Lua expression: `nil`, `true`, `3`, `"text"`, `{id = 0, title = "A"}`.
    public static func render(_ value: Value) -> String {
        switch value {
        case .none: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : (d.isNaN ? "0/0" : (d > 0 ? "math.huge" : "-math.huge"))
        case .string(let s): return quote(s)
        case .detent(let d): return quote(d.description)
        case .list(let items): return "{" + items.map(render).joined(separator: ", ") + "}"
        case .record(let fields):
            let keys = fields.keys.sorted { a, b in a == "id" ? b != "id" : (b == "id" ? false : a < b) }
            return "{" + keys.map { "\(key($0)) = \(render(fields[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    /// A table key: bare when it is a Lua name, `["..."]` otherwise.
    public static func key(_ k: String) -> String {
        isName(k) ? k : "[\(quote(k))]"
    }

    /// Whether `text` can be written as a bare Lua name (ASCII letters,
    /// digits and `_`, not starting with a digit, not a keyword).
    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !keywords.contains(text) else { return false }
        func ascii(_ u: Unicode.Scalar, digits: Bool) -> Bool {
            (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || u == "_" || (digits && u >= "0" && u <= "9")
        }
        return ascii(first, digits: false) && text.unicodeScalars.allSatisfy { ascii($0, digits: true) }
    }

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
        "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// A Lua string literal. Control characters are written as three-digit
    /// decimal escapes, so a digit after one cannot change it.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: appendEscapingControls(scalar, to: &out)
            }
        }
        return out + "\""
    }

    /// Text as Lua comment lines, `prefix` before each of its lines, with
    /// control characters escaped as `quote` writes them: nothing in the
    /// text (a newline, a lone carriage return, which also ends a Lua
    /// comment) can end the comment and become code in a generated file.
    /// - Parameters:
    ///   - text: text a script may have chosen (an invariant's message).
    ///   - prefix: what starts each line, `"--   "` by default.
    /// - Returns: one comment line per line of `text`.
    public static func comment(_ text: String, prefix: String = "--   ") -> [String] {
        text.split(separator: "\n").map { prefix + escapingControls(String($0)) }
    }

    /// The text on one line, control characters (newlines too) escaped as
    /// `quote` writes them, without the quotes: a value or a name a script
    /// chose, inside a line of a trace or a comment.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { appendEscapingControls(scalar, to: &out) }
        return out
    }

    /// A scalar as a Lua string literal holds it: `\n`, `\r`, `\t`, `\027`, or itself.
    private static func appendEscapingControls(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let digits = String(scalar.value)
                out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
}
