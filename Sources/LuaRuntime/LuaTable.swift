/// A Lua table copied to Swift: an array part (Lua indices 1...n) and
/// string-keyed fields.
///
/// Tables that are neither (other key types, sparse arrays, cycles, nesting
/// deeper than `LuaTable.maximumDepth`) do not convert: `.badValue`.
public struct LuaTable: Equatable, CustomStringConvertible {
    /// How deep tables may nest when they cross, either way.
    public static let maximumDepth = 100

    /// Elements 1...n, in order. Pushing a table with a nil element is an error.
    public var array: [LuaValue]
    /// Fields with string keys. A nil value means no field.
    public var fields: [LuaString: LuaValue]
    /// Whether Lua sees it as a read-only snapshot (an empty proxy: reads go
    /// to the data, writes and `rawset` fail, `pairs` and `#` work). Nested
    /// tables are read-only too. Fields may not start with "__".
    public var isReadOnly: Bool

    /// Creates a table.
    ///
    /// - Parameters:
    ///   - array: elements 1...n.
    ///   - fields: string-keyed fields.
    ///   - readOnly: whether Lua sees a read-only snapshot.
    public init(array: [LuaValue] = [], fields: [LuaString: LuaValue] = [:], readOnly: Bool = false) {
        self.array = array
        self.fields = fields
        self.isReadOnly = readOnly
    }

    /// The field `key`, or `.nil`.
    public subscript(key: LuaString) -> LuaValue {
        get { fields[key] ?? .nil }
        set { fields[key] = newValue.isNil ? nil : newValue }
    }

    public var description: String {
        var parts = array.map(\.description)
        parts += fields.sorted { $0.key.description < $1.key.description }.map { "\($0.key) = \($0.value)" }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    public static func == (lhs: LuaTable, rhs: LuaTable) -> Bool {
        lhs.array == rhs.array && lhs.fields == rhs.fields
    }
}
