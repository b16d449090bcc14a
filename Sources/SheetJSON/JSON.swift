/// A JSON value, as `sheetlab serve` and `sheetlab mcp` read and write it,
/// and as the JSON reports are built.
///
/// Numbers keep Lua's distinction: `3` is an integer, `3.0` and `3e0` are
/// floats. Objects are unordered; `text` writes their keys in a fixed
/// order, so the same value always gives the same line.
package enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// The member `key` of an object, nil when absent or not an object.
    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The items of an array, nil when not an array.
    package var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// What kind of JSON value this is, for messages: "null", "boolean",
    /// "integer", "number", "string", "array", "object".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value written as one line of JSON, keys sorted (`jsonrpc`, `id`
    /// and `method` first); a number JSON cannot hold is written as the
    /// JSON timeline writes it (`"nan"`, `"inf"`, `"-inf"`: `JSON.nonFiniteText`).
    package var text: String {
        var out = ""
        _ = write(into: &out, limit: .max)
        return out
    }

    /// The value as one line of JSON, or nil when that would take more than
    /// `limit` bytes; writing stops soon after the limit is passed, so a huge
    /// value is never written out whole.
    package func text(limit: Int) -> String? {
        var out = ""
        return write(into: &out, limit: limit) ? out : nil
    }

    /// Appends the value; false (with `out` cut short) once `out` holds more than `limit` bytes.
    package func write(into out: inout String, limit: Int) -> Bool {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if let name = JSON.nonFiniteText(d) { JSON.writeString(name, into: &out) } else { out += "\(d)" }
        case .string(let s):
            // Escapes only lengthen a string: one too long is never copied.
            guard out.utf8.count + s.utf8.count <= limit else { return false }
            JSON.writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                guard item.write(into: &out, limit: limit) else { return false }
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in JSON.ordered(members.keys).enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, into: &out)
                out += ":"
                guard members[key]!.write(into: &out, limit: limit) else { return false }
            }
            out += "}"
        }
        return out.utf8.count <= limit
    }

    /// Keys written first, in this order, so that messages read
    /// `{"jsonrpc":"2.0","id":1,"result":...}`.
    package static let leadingKeys = ["jsonrpc", "id", "method"]

    /// Object keys in writing order: `leadingKeys`, then the rest sorted.
    package static func ordered(_ keys: Dictionary<String, JSON>.Keys) -> [String] {
        leadingKeys.filter(keys.contains) + keys.filter { !leadingKeys.contains($0) }.sorted()
    }

    /// The string a number JSON cannot hold is written as: `"nan"`, `"inf"`
    /// or `"-inf"`; nil for a finite number. Every JSON this package writes
    /// (serve, mcp, the timeline's `JSONEncoder`) follows this one rule.
    /// - Parameter number: any number.
    /// - Returns: the string, or nil when the number is finite.
    package static func nonFiniteText(_ number: Double) -> String? {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return nil
    }

    /// Writes a string literal: quotes, backslashes and control characters escaped.
    package static func writeString(_ s: String, into out: inout String) {
        out += JSONText.quote(s)
    }
}

// Not ExpressibleByNilLiteral: `nil` must stay Optional's, never turn into `null`.
extension JSON: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A boolean.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    package init(integerLiteral value: Int) { self = .int(value) }
    /// A float.
    package init(floatLiteral value: Double) { self = .double(value) }
    /// A string.
    package init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
