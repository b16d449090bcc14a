/// Escaping for XML text and attribute values.
///
/// Event details are arbitrary text (a scenario may put `<script>`, `&`,
/// quotes or Japanese in a view name or an item), so everything written into
/// the SVG goes through here. Characters XML 1.0 cannot hold at all (most
/// control characters) become U+FFFD.
public enum XMLText {
    /// `text` safe inside an element or a double- or single-quoted attribute.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Kept as references so that attribute values keep them (parsers
            // normalise literal tabs and newlines in attributes to spaces).
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0 `Char`: tab, newline, carriage return, and U+0020 upwards
    /// except U+FFFE and U+FFFF (Swift strings hold no lone surrogates).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v >= 0x20 ? v != 0xFFFE && v != 0xFFFF : v == 0x9 || v == 0xA || v == 0xD
    }
}
