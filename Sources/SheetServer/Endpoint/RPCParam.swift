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
    /// For a number: the least and greatest value it may have
    /// (`RequestRanges`), checked before the method reads it; nil for
    /// what is not a number.
    var range: ClosedRange<Double>? = nil

    /// A parameter that must be given.
    static func required(_ name: String, _ types: String...) -> RPCParam {
        RPCParam(name: name, types: types, required: true)
    }

    /// A parameter that may be left out (or `null`).
    static func optional(_ name: String, _ types: String...) -> RPCParam {
        RPCParam(name: name, types: types, required: false)
    }

    /// The parameter, a number from `range.lowerBound` to `range.upperBound`.
    func within(_ range: ClosedRange<Double>) -> RPCParam {
        var copy = self
        copy.range = range
        return copy
    }

    /// The parameter, an integer in `range`.
    func within(_ range: ClosedRange<Int>) -> RPCParam { within(range.asNumbers) }

    /// Why `value`, a number, is outside `range`: `'height' must be from
    /// -1000000 to 1000000, got 1e+300`; nil when it is inside (or not a number).
    func rangeProblem(_ value: JSON) -> String? {
        guard let range else { return nil }
        let number: Double
        switch value {
        case .int(let i): number = Double(i)
        case .double(let d): number = d
        default: return nil
        }
        guard !range.contains(number) else { return nil }
        return "'\(name)' must be \(RequestRanges.words(range)), got \(value.text)"
    }

    /// Whether `value` has one of the types (an integer is a number too; a
    /// float with an integral value is an integer, as `RPCParams.optionalInt` reads it).
    func accepts(_ value: JSON) -> Bool {
        if types.isEmpty { return true }
        return types.contains { type in
            switch (type, value) {
            case ("string", .string), ("boolean", .bool), ("object", .object), ("array", .array): true
            case ("number", .int), ("number", .double), ("integer", .int): true
            case ("integer", .double(let d)): d == d.rounded()
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

    /// `{"name", "types", "required"}` (and `minimum`, `maximum` for a
    /// number), as `initialize` lists it.
    var json: JSON {
        var members: [String: JSON] = [
            "name": .string(name), "types": .array(types.map { .string($0) }), "required": .bool(required),
        ]
        if let range { members.merge(RequestRanges.schema(range)) { a, _ in a } }
        return .object(members)
    }
}
