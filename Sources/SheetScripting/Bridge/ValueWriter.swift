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
                try t.fill(list: items)
            }
        case .record(let fields):
            try setTable(key, fieldCapacity: fields.count) { (t: inout LuaTableWriter) throws(LuaError) in
                try t.fill(record: fields)
            }
        }
    }

    /// Sets a field to a list or record kept in `snapshots` at `slot`
    /// (`ItemSnapshots`); false when it was not kept: another value (nothing
    /// set), or a plain table being written (the field set, not kept).
    mutating func setSnapshot(_ key: StaticString, value: Value, keepingIn snapshots: LuaSnapshots, at slot: Int)
        throws(LuaError) -> Bool
    {
        switch value {
        case .list(let items):
            return try setSnapshot(key, keepingIn: snapshots, at: slot, arrayCapacity: items.count) {
                (t: inout LuaTableWriter) throws(LuaError) in try t.fill(list: items)
            }
        case .record(let fields):
            return try setSnapshot(key, keepingIn: snapshots, at: slot, fieldCapacity: fields.count) {
                (t: inout LuaTableWriter) throws(LuaError) in try t.fill(record: fields)
            }
        default:
            return false
        }
    }

    private mutating func fill(list items: [Value]) throws(LuaError) {
        for v in items { try append(value: v) }
    }

    private mutating func fill(record fields: [String: Value]) throws(LuaError) {
        for (k, v) in fields { try setField(k, ValueBridge.lua(v)) }
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
