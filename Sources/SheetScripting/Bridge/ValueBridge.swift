import LuaRuntime
import SheetEngine

/// Conversions between engine values and Lua values.
///
/// State holds plain data: nil, booleans, numbers, UTF-8 strings, arrays and
/// string-keyed tables of those. Functions, mixed tables and invalid UTF-8
/// are errors, not silently dropped.
enum ValueBridge {
    /// An engine value as Lua sees it. Detents become their text form.
    static func lua(_ value: Value, readOnly: Bool = false) -> LuaValue {
        switch value {
        case .none: return .nil
        case .bool(let b): return .boolean(b)
        case .int(let i): return .integer(i)
        case .double(let d): return .number(d)
        case .string(let s): return .string(LuaString(s))
        case .detent(let d): return .string(LuaString(d.description))
        case .list(let items):
            return .table(LuaTable(array: items.map { lua($0, readOnly: readOnly) }, readOnly: readOnly))
        case .record(let fields):
            var out: [LuaString: LuaValue] = [:]
            for (k, v) in fields { out[LuaString(k)] = lua(v, readOnly: readOnly) }
            return .table(LuaTable(fields: out, readOnly: readOnly))
        }
    }

    /// A Lua value as engine state.
    /// - Parameter depth: how many tables the value is inside (for
    ///   `Value.maximumDepth`).
    /// - Throws: a message naming what cannot be stored.
    static func value(_ lua: LuaValue, depth: Int = 0) throws(BridgeError) -> Value {
        switch lua {
        case .nil: return .none
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        case .string(let s):
            guard let text = s.string else { throw BridgeError("a string in state must be valid UTF-8") }
            return .string(text)
        case .table(let t):
            guard depth < Value.maximumDepth else {
                throw BridgeError("a value in state nests tables more than \(Value.maximumDepth) levels deep")
            }
            if !t.array.isEmpty && !t.fields.isEmpty {
                throw BridgeError("a table in state must be an array or have string keys, not both")
            }
            if t.fields.isEmpty {
                return .list(try t.array.map { v throws(BridgeError) in try value(v, depth: depth + 1) })
            }
            var fields: [String: Value] = [:]
            for (k, v) in t.fields {
                guard let key = k.string else { throw BridgeError("a table key in state must be valid UTF-8") }
                fields[key] = try value(v, depth: depth + 1)
            }
            return .record(fields)
        case .function:
            throw BridgeError("a function cannot be stored in state")
        }
    }

    /// A read-only Lua table from `(key, value)` pairs, skipping nils.
    static func record(_ pairs: KeyValuePairs<String, LuaValue>) -> LuaValue {
        var fields: [LuaString: LuaValue] = [:]
        for (k, v) in pairs where !v.isNil { fields[LuaString(k)] = v }
        return .table(LuaTable(fields: fields, readOnly: true))
    }

    static func string(_ s: String?) -> LuaValue { s.map { .string(LuaString($0)) } ?? .nil }
}

/// A value that cannot cross between Lua and the engine.
struct BridgeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
