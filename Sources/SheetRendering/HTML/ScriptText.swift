/// Text made safe to stand inside an HTML `<script>` element.
///
/// A `<script>` element ends at the first `</script` in it whatever the
/// quotes say, and `<!--` inside it changes how the end is found; U+2028
/// and U+2029 end a line in older JavaScript. JSON written by SheetJSON
/// can hold any of these inside its strings (a view named `</script>`), so
/// the page's data goes through `embed`: every `<`, `>` and `&`, and
/// U+2028 and U+2029, become `\u` escapes, which JSON reads back as the
/// same characters. Outside strings JSON holds none of them, so the result
/// is the same JSON value.
enum ScriptText {
    /// JSON text, escaped to be embedded in a `<script>` element.
    static func embed(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
