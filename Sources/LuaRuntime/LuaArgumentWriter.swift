/// Pushes the arguments of a call in place. Valid only inside the
/// `arguments` closure of `LuaRuntime.call(_:budgetMilliseconds:arguments:results:)`.
public struct LuaArgumentWriter {
    /// Stack slots reserved before the closure runs; more are reserved as needed.
    static let reservedSlots: Int32 = 16

    let runtime: LuaRuntime
    let state: LuaState
    private var available = LuaArgumentWriter.reservedSlots
    /// Set when the stack cannot grow; the call then fails with it.
    private(set) var failure: LuaError?

    init(runtime: LuaRuntime, state: LuaState) {
        self.runtime = runtime
        self.state = state
    }

    private mutating func slot() -> Bool {
        if available == 0 {
            guard failure == nil, state.reserve(LuaArgumentWriter.reservedSlots) else {
                failure = failure ?? LuaError(.badValue, "too many arguments for the Lua stack")
                return false
            }
            available = LuaArgumentWriter.reservedSlots
        }
        available -= 1
        return true
    }

    /// Pushes a value (tables are copied; see `LuaTable.isReadOnly`).
    public mutating func push(_ value: LuaValue) throws(LuaError) {
        guard slot() else { return }
        try runtime.push(value, on: state)
    }

    public mutating func push(_ value: String) {
        if slot() { state.push(value) }
    }

    public mutating func push(_ value: StaticString) {
        if slot() { state.push(value) }
    }

    public mutating func push(_ value: Int) {
        if slot() { state.push(value) }
    }

    public mutating func push(_ value: Double) {
        if slot() { state.push(value) }
    }

    public mutating func push(_ value: Bool) {
        if slot() { state.push(value) }
    }

    public mutating func pushNil() {
        if slot() { state.pushNil() }
    }

    /// Pushes a table built in place, without an intermediate `LuaTable`.
    ///
    /// - Parameters:
    ///   - readOnly: push a read-only snapshot (see `LuaTable.isReadOnly`).
    ///   - arrayCapacity: how many elements `build` appends (a hint).
    ///   - fieldCapacity: how many fields `build` sets (a hint).
    ///   - build: sets the fields and elements.
    public mutating func pushTable(
        readOnly: Bool = false, arrayCapacity: Int = 0, fieldCapacity: Int = 0,
        _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard slot() else { return }
        try LuaTableWriter.push(
            runtime: runtime, state: state, readOnly: readOnly, depth: 0, arrayCapacity: arrayCapacity,
            fieldCapacity: fieldCapacity, build)
    }
}

/// Fills a table being pushed. Keys are usually literals (`StaticString`,
/// pushed without conversion).
public struct LuaTableWriter {
    /// Fields a read-only view adds to its data table.
    static let viewFields = 5

    let runtime: LuaRuntime
    let state: LuaState
    let readOnly: Bool
    let depth: Int
    private var nextIndex = 1
    private var failure: LuaError?

    static func push(
        runtime: LuaRuntime, state: LuaState, readOnly: Bool, depth: Int, arrayCapacity: Int, fieldCapacity: Int,
        _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard depth < LuaTable.maximumDepth else {
            throw LuaError(.badValue, "table nested deeper than \(LuaTable.maximumDepth) levels")
        }
        guard state.reserve(4) else { throw LuaError(.badValue, "Lua stack overflow") }
        state.newTable(arrayCapacity: arrayCapacity, fieldCapacity: fieldCapacity + (readOnly ? viewFields : 0))
        var writer = LuaTableWriter(runtime: runtime, state: state, readOnly: readOnly, depth: depth)
        try build(&writer)                                   // stack: t -> t
        if let failure = writer.failure { throw failure }
        if readOnly { state.makeReadOnly() }                 // stack: t -> proxy
    }

    private init(runtime: LuaRuntime, state: LuaState, readOnly: Bool, depth: Int) {
        self.runtime = runtime
        self.state = state
        self.readOnly = readOnly
        self.depth = depth
    }

    /// stack: t -> t, key (false if the key is refused)
    private mutating func pushKey(_ key: StaticString) -> Bool {
        if readOnly, key.utf8CodeUnitCount >= 2, key.hasPointerRepresentation,
            key.utf8Start[0] == UInt8(ascii: "_"), key.utf8Start[1] == UInt8(ascii: "_")
        {
            failure = failure ?? LuaError(.badValue, "a read-only table cannot have the field '\(key)'")
            return false
        }
        state.push(key)
        return true
    }

    public mutating func set(_ key: StaticString, _ value: String) {
        guard pushKey(key) else { return }
        state.push(value)
        state.rawSet(table: -3)                              // stack: t, k, v -> t
    }

    public mutating func set(_ key: StaticString, _ value: Int) {
        guard pushKey(key) else { return }
        state.push(value)
        state.rawSet(table: -3)
    }

    public mutating func set(_ key: StaticString, _ value: Double) {
        guard pushKey(key) else { return }
        state.push(value)
        state.rawSet(table: -3)
    }

    public mutating func set(_ key: StaticString, _ value: Bool) {
        guard pushKey(key) else { return }
        state.push(value)
        state.rawSet(table: -3)
    }

    /// Sets a field to any value (nil sets nothing).
    public mutating func set(_ key: StaticString, _ value: LuaValue) throws(LuaError) {
        guard !value.isNil, pushKey(key) else { return }
        try runtime.push(value, on: state, readOnly: readOnly, depth: depth + 1)
        state.rawSet(table: -3)
    }

    /// Sets a field whose name is only known at run time (nil sets nothing).
    public mutating func setField(_ key: String, _ value: LuaValue) throws(LuaError) {
        guard !value.isNil else { return }
        if readOnly, key.hasPrefix("__") {
            throw LuaError(.badValue, "a read-only table cannot have the field '\(key)'")
        }
        state.push(key)
        try runtime.push(value, on: state, readOnly: readOnly, depth: depth + 1)
        state.rawSet(table: -3)
    }

    /// Sets a field to a table built in place.
    public mutating func setTable(
        _ key: StaticString, arrayCapacity: Int = 0, fieldCapacity: Int = 0,
        _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard pushKey(key) else { return }
        try LuaTableWriter.push(
            runtime: runtime, state: state, readOnly: readOnly, depth: depth + 1, arrayCapacity: arrayCapacity,
            fieldCapacity: fieldCapacity, build)
        state.rawSet(table: -3)
    }

    /// Appends an element at the next array index (1, 2, ...).
    public mutating func append(_ value: LuaValue) throws(LuaError) {
        guard !value.isNil else { throw LuaError(.badValue, "array element \(nextIndex) is nil") }
        try runtime.push(value, on: state, readOnly: readOnly, depth: depth + 1)
        state.rawSet(table: -2, index: nextIndex)            // stack: t, v -> t
        nextIndex += 1
    }

    /// Appends a table built in place.
    public mutating func appendTable(
        arrayCapacity: Int = 0, fieldCapacity: Int = 0, _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        try LuaTableWriter.push(
            runtime: runtime, state: state, readOnly: readOnly, depth: depth + 1, arrayCapacity: arrayCapacity,
            fieldCapacity: fieldCapacity, build)
        state.rawSet(table: -2, index: nextIndex)
        nextIndex += 1
    }
}
