/// Lua's lexical rules that the host needs outside a Lua state, in one
/// place (Lua's own are in `llex.c`): the reserved words, what a name is,
/// how a string literal is written, and whether a line assigns a field.
///
/// ```swift
/// LuaSyntax.isName("selectedItem")  // true
/// LuaSyntax.isName("end")           // false: a keyword
/// LuaSyntax.quote("a\"b")           // "\"a\\\"b\""
/// ```
public enum LuaSyntax {
    /// The reserved words, in alphabetical order; none of them is a name.
    public static let keywords = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    private static let keywordSet = Set(keywords)

    /// Whether `word` is a reserved word.
    public static func isKeyword(_ word: some StringProtocol) -> Bool { keywordSet.contains(String(word)) }

    /// Whether a byte may be part of a name: an ASCII letter, `_`, or (not
    /// first) a digit.
    public static func isNameByte(_ b: UInt8, first: Bool = false) -> Bool {
        b == UInt8(ascii: "_") || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (!first && b >= 0x30 && b <= 0x39)
    }

    /// Whether a character may be part of a name (not first: digits count).
    public static func isNameCharacter(_ c: Character) -> Bool {
        c.asciiValue.map { isNameByte($0) } ?? false
    }

    /// Whether `text` can be written as a bare name: ASCII letters, digits
    /// and `_`, not starting with a digit, not a keyword.
    public static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isNameByte(first, first: true), !isKeyword(text) else { return false }
        return text.utf8.allSatisfy { isNameByte($0) }
    }

    /// A string literal that reads back as `text`. Control characters are
    /// written as three-digit decimal escapes, so a digit after one cannot
    /// change it.
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

    /// Text as comment lines, `prefix` before each of its lines, with
    /// control characters escaped as `quote` writes them: nothing in the
    /// text (a newline, or a lone carriage return, which also ends a
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

    /// A scalar as a string literal holds it: `\n`, `\r`, `\t`, `\027`, or itself.
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

    /// Whether a line of code (comments cut off) has `name =` (not `==`)
    /// with `name` not part of a longer name (`t.name =` counts), or
    /// `["name"] =` / `['name'] =`.
    public static func assigns(_ name: String, in code: Substring) -> Bool {
        let bytes = Array(code.utf8)
        func followedByAssignment(_ end: Int) -> Bool {
            var i = end
            while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            return i < bytes.count && bytes[i] == UInt8(ascii: "=")
                && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "="))
        }
        let forms = [Array(name.utf8), Array("[\"\(name)\"]".utf8), Array("['\(name)']".utf8)]
        for (formIndex, form) in forms.enumerated() where !form.isEmpty && form.count <= bytes.count {
            for start in 0...(bytes.count - form.count) where Array(bytes[start..<(start + form.count)]) == form {
                if formIndex == 0 {
                    if start > 0, isNameByte(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ":") { continue }
                    if start + form.count < bytes.count, isNameByte(bytes[start + form.count]) { continue }
                }
                if followedByAssignment(start + form.count) { return true }
            }
        }
        return false
    }
}
