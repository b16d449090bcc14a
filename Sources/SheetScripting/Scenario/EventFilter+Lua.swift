import LuaRuntime
import SheetEngine

extension EventFilter {
    /// A filter from the Lua table a scenario function was given:
    /// `timeline{ kind = "set", since = 4 }`.
    /// - Parameters:
    ///   - value: the argument.
    ///   - argument: its position, for the error.
    ///   - function: the function's name, for the error.
    /// - Throws: `bad argument #1 to 'timeline' (unknown field 'knd'; expected one of ...)`.
    init(lua value: LuaValue, argument: Int, function: String) throws(LuaError) {
        func bad(_ problem: String) -> LuaError { LuaError.badArgument(argument, to: function, problem) }
        guard case .table(let table) = value else { throw bad("table expected, got \(value.typeName)") }
        guard table.array.isEmpty else {
            throw bad("a filter names event fields, e.g. { kind = \"set\" }; got a list entry \(table.array[0])")
        }
        var pairs: [(name: String, value: Value)] = []
        // Sorted, so that of several mistakes the same one is reported every time.
        for (key, lua) in table.fields.sorted(by: { $0.key.description < $1.key.description }) {
            let name = key.string ?? key.description
            let converted: Value
            switch lua {
            case .boolean(let b): converted = .bool(b)
            case .integer(let i): converted = .int(i)
            case .number(let d): converted = .double(d)
            case .string(let s): converted = .string(s.string ?? s.description)
            default:
                // Not a value any field takes: report an unknown name first, then the type.
                guard let field = Field(rawValue: name) else { throw bad(Error(.unknownField(name)).description) }
                throw bad(Error(.wrongType(field, got: lua.typeName)).description)
            }
            pairs.append((name, converted))
        }
        do { self = try EventFilter(pairs) } catch { throw bad(error.description) }
    }
}
