import LuaRuntime
import SheetEngine

/// Writes engine values straight onto the Lua stack, without building
/// `LuaValue`s first: the hot path of hook contexts and content contexts.
extension LuaTableWriter {
    /// Sets a field to an engine value; `.none` sets nothing.
    mutating func set(_ key: StaticString, value: Value) throws(LuaError) {
        switch value {
        case .none: return
        case .bool(let b): set(key, b)
        case .int(let i): set(key, i)
        case .double(let d): set(key, d)
        case .string(let s): set(key, s)
        case .detent(let d): set(key, d.description)
        case .list(let items):
            try setTable(key, arrayCapacity: items.count) { (t: inout LuaTableWriter) throws(LuaError) in
                for v in items { try t.append(value: v) }
            }
        case .record(let fields):
            try setTable(key, fieldCapacity: fields.count) { (t: inout LuaTableWriter) throws(LuaError) in
                for (k, v) in fields { try t.setField(k, ValueBridge.lua(v)) }
            }
        }
    }

    /// Sets an optional string field; nil sets nothing.
    mutating func set(_ key: StaticString, _ text: String?) {
        if let text { set(key, text) }
    }

    /// Appends an engine value (nil is an error, as in `append(_:)`).
    mutating func append(value: Value) throws(LuaError) {
        try append(ValueBridge.lua(value))
    }
}
