/// How many terminal columns text takes, so that pictures meant for an
/// 80-column terminal stay inside it.
///
/// East Asian wide and full-width characters (`表示中`) and emoji take two
/// columns; combining marks and control characters take none; everything
/// else takes one. This is the rule `wcwidth` implements, reduced to the
/// ranges that matter for view names, items and sheet text.
enum TerminalWidth {
    /// The columns one grapheme cluster takes: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            let w = of(scalar)
            if w == 2 { return 2 }
            width = max(width, w)
        }
        return width
    }

    /// The columns a string takes.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one scalar takes on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B { return 0 }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The text cut to at most `columns` columns, ending with `…` when cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = of(c)
            if used + w > columns - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// The text broken into lines of at most `columns` columns, at spaces
    /// where possible; lines after the first start with `indent` spaces. With
    /// more than `maxLines` lines, the last one kept ends with `…`.
    static func wrap(_ text: String, columns: Int, indent: Int = 0, maxLines: Int = .max) -> [String] {
        let indent = min(max(0, indent), columns / 2)
        var lines: [String] = []
        var rest = Substring(text)
        var prefix = ""
        while !rest.isEmpty {
            let room = columns - prefix.count
            if of(rest) <= room {
                lines.append(prefix + rest)
                break
            }
            // The longest head that fits, then back to its last space if that
            // keeps at least half the line.
            var end = rest.startIndex
            var used = 0
            var lastSpace: Substring.Index?
            while end < rest.endIndex, used + of(rest[end]) <= room {
                if rest[end] == " " { lastSpace = end }
                used += of(rest[end])
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }  // a character wider than the line
            let atSpace = end < rest.endIndex && rest[end] == " "
            if !atSpace, let space = lastSpace, of(rest[..<space]) >= room / 2 { end = space }
            lines.append(prefix + rest[..<end])
            rest = rest[end...].drop { $0 == " " }
            prefix = String(repeating: " ", count: indent)
        }
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = truncate(kept[maxLines - 1] + " …", to: columns)
        return kept
    }

    /// The text with control characters (tabs, newlines, escapes) replaced by
    /// spaces, so that one label stays on one line and cannot drive a terminal.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            out.append(s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) ? " " : s)
        }
        return String(out)
    }
}
