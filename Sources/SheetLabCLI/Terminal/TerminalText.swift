/// Text a script controls (error messages, printed values, view and slot
/// names, expectation messages, event details), made safe to show on a
/// terminal: every human-readable output of the command line passes such
/// text through `escape`, so a script cannot erase lines, move the cursor
/// or draw a fake `PASS` line with escape sequences.
///
/// Control characters become Lua escapes (ESC is `\27`, CR `\13`, C1
/// controls and bidirectional overrides `\u{9B}`, `\u{202E}`), as Lua's
/// `%q` writes them; a tab stays a tab and a newline stays a newline,
/// followed by an indent so that a multi-line message stays under its
/// first line. (The text timeline and the screen picture, which must keep
/// one event to a line, turn control characters into spaces instead.)
enum TerminalText {
    /// The text with control characters escaped.
    /// - Parameters:
    ///   - text: text a script may have chosen.
    ///   - indent: what follows each newline (`"    "` under a report line).
    /// - Returns: text with no control character but newlines and tabs.
    static func escape(_ text: String, indent: String = "") -> String {
        guard text.unicodeScalars.contains(where: needsEscape) || (!indent.isEmpty && text.contains("\n")) else {
            return text
        }
        return escaped(text) { $0 += "\n" + indent }
    }

    /// The text on one line: control characters escaped as `escape` does,
    /// and a newline written `\n`, so that a name or a path a script chose
    /// (a file named `b\nPASS fake.lua`) cannot start a line of its own.
    /// - Parameter text: a name, a path or a value shown within a line.
    /// - Returns: text with no control character but tabs.
    static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) || $0 == "\n" }) else { return text }
        return escaped(text) { $0 += "\\n" }
    }

    /// The one escaping loop. Linear in the text: it appends to a `String`
    /// (`String.UnicodeScalarView.append(contentsOf:)` copies the whole
    /// view on each call, which made 400,000 escapes take 30 s).
    private static func escaped(_ text: String, newline: (inout String) -> Void) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let s = next {
            next = scalars.next()
            if s == "\r", next == "\n" { continue }  // a CRLF is a newline
            if s == "\n" {
                newline(&out)
            } else if needsEscape(s) {
                out += luaEscape(s, beforeDigit: next.map { ("0"..."9").contains($0) } ?? false)
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// Whether a scalar could drive a terminal: C0 controls but tab and
    /// newline, DEL, C1 controls, line and paragraph separators, and
    /// bidirectional embeddings, overrides and isolates.
    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A: return false
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\27` (`\027` before a digit, so that it reads back the same), or
    /// `\u{9B}` above ASCII.
    private static func luaEscape(_ s: Unicode.Scalar, beforeDigit: Bool) -> String {
        guard s.value < 0x80 else { return "\\u{\(String(s.value, radix: 16, uppercase: true))}" }
        let digits = String(s.value)
        return "\\" + (beforeDigit ? String(repeating: "0", count: 3 - digits.count) : "") + digits
    }
}
