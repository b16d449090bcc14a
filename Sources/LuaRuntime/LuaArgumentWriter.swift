/// Pushes the arguments of a call in place. Valid only inside the
/// `arguments` closure of `LuaRuntime.call(_:budgetMilliseconds:arguments:results:)`.
public struct LuaArgumentWriter {
    /// Stack slots reserved before the closure runs; more are reserved as needed.
    @usableFromInline static let reservedSlots: Int32 = 16

    // Valid only during the call that made it: no reference counting.
    @usableFromInline unowned(unsafe) let runtime: LuaRuntime
    @usableFromInline let state: LuaState
    /// The stack top before the call's function was pushed.
    @usableFromInline let base: Int32
    @usableFromInline var available = LuaArgumentWriter.reservedSlots
    /// Set when the stack cannot grow; the call then fails.
    @usableFromInline var failed = false

    @usableFromInline
    init(runtime: LuaRuntime, state: LuaState, base: Int32) {
        self.runtime = runtime
        self.state = state
        self.base = base
    }

    private mutating func slot() -> Bool {
        if available == 0 {
            guard !failed, state.reserve(LuaArgumentWriter.reservedSlots) else {
                failed = true
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
    @inlinable
    public mutating func pushTable(
        readOnly: Bool = false, arrayCapacity: Int = 0, fieldCapacity: Int = 0,
        _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard var table = beginTable(readOnly: readOnly, arrayCapacity: arrayCapacity, fieldCapacity: fieldCapacity)
        else { return }
        try build(&table)  // stack: t -> t
        try table.finish()  // stack: t -> t | proxy
    }

    /// stack: -> t (nil, and nothing pushed, if the stack cannot grow)
    @inlinable
    mutating func beginTable(readOnly: Bool, arrayCapacity: Int, fieldCapacity: Int) -> LuaTableWriter? {
        // The table, a key and a value; making a view takes five slots above the table.
        let needed: Int32 = readOnly ? 6 : 3
        if available < needed, !growStack() { return nil }
        available -= 1
        state.newTable(arrayCapacity: arrayCapacity, fieldCapacity: fieldCapacity)
        return LuaTableWriter(runtime: runtime, state: state, readOnly: readOnly, depth: 0)
    }

    /// Reserves more stack slots; false (and `failed` set) if the stack cannot grow.
    @usableFromInline
    mutating func growStack() -> Bool {
        guard !failed, state.reserve(LuaArgumentWriter.reservedSlots) else {
            failed = true
            return false
        }
        available = LuaArgumentWriter.reservedSlots
        return true
    }
}

/// Fills a table being pushed. Keys are usually literals (`StaticString`,
/// set through Lua's string cache without hashing).
public struct LuaTableWriter {
    @usableFromInline unowned(unsafe) let runtime: LuaRuntime
    @usableFromInline let state: LuaState
    @usableFromInline let readOnly: Bool
    @usableFromInline let depth: Int
    @usableFromInline var nextIndex = 1
    /// Set when a key is refused; the error waits in `runtime.writerFailure`
    /// (so the writer stays plain data, cheap to make and drop).
    @usableFromInline var failed = false

    static func push(
        runtime: LuaRuntime, state: LuaState, readOnly: Bool, depth: Int,
        arrayCapacity: Int, fieldCapacity: Int, _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard depth < LuaTable.maximumDepth else {
            throw LuaError(.badValue, "table nested deeper than \(LuaTable.maximumDepth) levels")
        }
        // The table, a key and a value; making a view takes five slots above the table.
        guard state.reserve(6) else { throw LuaError(.badValue, "Lua stack overflow") }
        state.newTable(arrayCapacity: arrayCapacity, fieldCapacity: fieldCapacity)
        var writer = LuaTableWriter(runtime: runtime, state: state, readOnly: readOnly, depth: depth)
        try build(&writer)  // stack: t -> t
        try writer.finish()  // stack: t -> t | proxy
    }

    @usableFromInline
    init(runtime: LuaRuntime, state: LuaState, readOnly: Bool, depth: Int) {
        self.runtime = runtime
        self.state = state
        self.readOnly = readOnly
        self.depth = depth
    }

    /// Reports a refused key; makes the table a view if it is read-only.
    /// stack: t -> t | proxy
    @inlinable
    func finish() throws(LuaError) {
        if failed { try throwFailure() }
        if readOnly { state.makeReadOnly() }
    }

    /// Throws the refused key's error (`finish`), out of line.
    @usableFromInline @inline(never)
    func throwFailure() throws(LuaError) {
        if let failure = runtime.writerFailure {
            runtime.writerFailure = nil
            throw failure
        }
    }

    /// Whether `key` may be set (a read-only table refuses metamethod names).
    @inlinable @inline(__always)
    mutating func accepts(_ key: StaticString) -> Bool {
        // Decided here for the usual literal key: a call out cost about 27
        // instructions a field of every read-only context (issue 28).
        if key.hasPointerRepresentation
            && (!readOnly || key.utf8CodeUnitCount < 2 || key.utf8Start[0] != UInt8(ascii: "_")
                || key.utf8Start[1] != UInt8(ascii: "_"))
        {
            return true
        }
        return checkKey(key)
    }

    @usableFromInline
    mutating func checkKey(_ key: StaticString) -> Bool {
        var problem: String?
        if !key.hasPointerRepresentation {
            problem = "a field name must be a string literal"
        } else if readOnly, key.utf8CodeUnitCount >= 2, key.utf8Start[0] == UInt8(ascii: "_"),
            key.utf8Start[1] == UInt8(ascii: "_")
        {
            problem = "a read-only table cannot have the field '\(key)'"
        }
        guard let problem else { return true }
        if !failed {
            failed = true
            runtime.writerFailure = LuaError(.badValue, problem)
        }
        return false
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: String) {
        guard accepts(key) else { return }
        state.push(value)  // stack: t -> t, v
        state.setFieldOfNewTable(-2, key)  // stack: t, v -> t
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: Int) {
        guard accepts(key) else { return }
        state.push(value)
        state.setFieldOfNewTable(-2, key)
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: Double) {
        guard accepts(key) else { return }
        state.push(value)
        state.setFieldOfNewTable(-2, key)
    }

    @inlinable
    public mutating func set(_ key: StaticString, _ value: Bool) {
        guard accepts(key) else { return }
        state.push(value)
        state.setFieldOfNewTable(-2, key)
    }

    /// Sets a field to any value (nil sets nothing).
    public mutating func set(_ key: StaticString, _ value: LuaValue) throws(LuaError) {
        guard !value.isNil, accepts(key) else { return }
        try runtime.push(value, on: state, readOnly: readOnly, depth: depth + 1)
        state.setFieldOfNewTable(-2, key)
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
        guard accepts(key) else { return }
        try LuaTableWriter.push(
            runtime: runtime, state: state, readOnly: readOnly, depth: depth + 1, arrayCapacity: arrayCapacity,
            fieldCapacity: fieldCapacity, build)  // stack: t -> t, child
        state.setFieldOfNewTable(-2, key)
    }

    /// Appends an element at the next array index (1, 2, ...).
    public mutating func append(_ value: LuaValue) throws(LuaError) {
        guard !value.isNil else { throw LuaError(.badValue, "array element \(nextIndex) is nil") }
        try runtime.push(value, on: state, readOnly: readOnly, depth: depth + 1)
        state.rawSet(table: -2, index: nextIndex)  // stack: t, v -> t
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
