import SheetJSON

/// One parameter a method of `sheetlab serve` (or an argument an mcp tool) takes: its name, the JSON
/// types it accepts, and whether it must be given. `RPCParams(_:_:checkedAgainst:naming:)` checks every
/// request against these before the method runs; `initialize` lists them;
/// docs/serve.openrpc.json describes the same (a test compares them).
struct RPCParam: Sendable, Hashable {
    var name: String
    /// JSON Schema type names (`string`, `integer`, `number`, `boolean`,
    /// `object`, `array`); empty for any value.
    var types: [String]
    /// Whether it must be given (not absent, not `null`).
    var required: Bool

    /// A parameter that must be given.
    static func required(_ name: String, _ types: String...) -> RPCParam {
        RPCParam(name: name, types: types, required: true)
    }

    /// A parameter that may be left out (or `null`).
    static func optional(_ name: String, _ types: String...) -> RPCParam {
        RPCParam(name: name, types: types, required: false)
    }

    /// Whether `value` has one of the types (an integer is a number too; a
    /// float with an integral value is an integer, as `RPCParams.optionalInt` reads it).
    func accepts(_ value: JSON) -> Bool {
        if types.isEmpty { return true }
        return types.contains { type in
            switch (type, value) {
            case ("string", .string), ("boolean", .bool), ("object", .object), ("array", .array): true
            case ("number", .int), ("number", .double), ("integer", .int): true
            case ("integer", .double(let d)): d == d.rounded() && abs(d) < 1e15
            default: false
            }
        }
    }

    /// The types for a message: "a string", "an integer or a string", "a value".
    var typeDescription: String {
        guard !types.isEmpty else { return "a value" }
        return types.map { ["integer", "object", "array"].contains($0) ? "an \($0)" : "a \($0)" }
            .joined(separator: " or ")
    }

    /// `{"name", "types", "required"}`, as `initialize` lists it.
    var json: JSON {
        ["name": .string(name), "types": .array(types.map { .string($0) }), "required": .bool(required)]
    }
}
