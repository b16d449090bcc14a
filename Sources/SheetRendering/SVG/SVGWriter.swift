import SheetEngine

/// Builds SVG markup with every attribute value and text escaped.
struct SVGWriter {
    private(set) var output = ""
    private var depth = 0

    /// Opens an element; `attributes` keep their order, values are escaped.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        line("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    /// An element with optional text content and an optional `<title>` tooltip.
    mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil, title: String? = nil) {
        let attrs = Self.attributes(attributes)
        let tip = title.map { "<title>\(XMLText.escape($0))</title>" } ?? ""
        if text == nil, title == nil {
            line("<\(name)\(attrs)/>")
        } else {
            line("<\(name)\(attrs)>\(tip)\(text.map(XMLText.escape) ?? "")</\(name)>")
        }
    }

    /// Markup written as is: only for constant text from this module.
    mutating func raw(_ markup: String) {
        line(markup)
    }

    private mutating func line(_ s: String) {
        output += String(repeating: "  ", count: max(0, depth)) + s + "\n"
    }

    static func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(XMLText.escape($0.1))\"" }.joined()
    }

    /// A coordinate with at most one decimal: `12`, `12.5`.
    static func number(_ v: Double) -> String {
        v.isFinite ? Value.format(points: v) : "0"
    }
}
