import CLua

/// Where a conversion from Lua is: the tables being read (to find cycles),
/// the path to the current value (for messages), and how many estimated
/// bytes the copy may still take (`LuaCopyLimit`: counted per visit, so a
/// shared table counts each time it appears).
struct ConversionContext {
    var tablesBeingRead: [UnsafeRawPointer] = []
    var path: [String] = []
    /// The limit given, or nil for the runtime's memory cap (made only for
    /// the message: copying `LuaLimits` on every conversion would cost the
    /// hot path its strings' reference counting).
    let limit: LuaCopyLimit?
    var remainingBytes: Int
    // Valid while the conversion runs: no reference counting.
    unowned(unsafe) let runtime: LuaRuntime

    init(limit: LuaCopyLimit?, runtime: LuaRuntime) {
        self.limit = limit
        self.remainingBytes = limit?.bytes ?? runtime.limits.memory
        self.runtime = runtime
    }

    /// Counts `bytes` more of the copy; throws once it passes the limit.
    mutating func charge(_ bytes: Int) throws(LuaError) {
        remainingBytes -= bytes
        if remainingBytes < 0 { throw LuaError.valueTooLarge(limit ?? .memory(of: runtime.limits)) }
    }

    func failure(_ problem: String) -> LuaError {
        guard !path.isEmpty else { return LuaError(.badValue, problem) }
        var location = ""
        for component in path {
            location += component.hasPrefix("[") || location.isEmpty ? component : "." + component
        }
        return LuaError(.badValue, "\(problem) (at \(location))")
    }
}

extension LuaRuntime {
    // MARK: Swift to Lua

    /// stack: -> value
    ///
    /// `capped`: the value is the script's (a host function's result), so
    /// pushing it stops with `.memory` when it would take the state past its
    /// cap (after a collection): the allocator is in host mode and never
    /// refuses, and one large result must not grow the state without bound.
    /// Checked before each string and table, and every
    /// `cappedCheckInterval` elements.
    func push(
        _ value: LuaValue, on state: LuaState, readOnly: Bool = false, depth: Int = 0, capped: Bool = false
    ) throws(LuaError) {
        switch value {
        case .nil: state.pushNil()
        case .boolean(let value): state.push(value)
        case .integer(let value): state.push(value)
        case .number(let value): state.push(value)
        case .string(let value):
            if capped { try checkScriptMemory(adding: value.byteCount, on: state) }
            value.withBytes { state.push(bytes: $0) }
        case .table(let table): try push(table, on: state, readOnly: readOnly, depth: depth, capped: capped)
        case .function(let function):
            try checkOwner(of: function)
            state.pushReference(function.reference)
        }
    }

    static let cappedCheckInterval = 256

    /// How many values a conversion (either way) handles between two looks
    /// at whether the running call was stopped.
    static let stopCheckInterval: UInt = 1024

    /// Counts one value converted; every `stopCheckInterval` values, throws
    /// the running call's budget or interrupt error if it was stopped, so a
    /// long conversion ends with the call it works for (its level stays
    /// open while the host reads its results).
    @inline(__always)
    func countConverted() throws(LuaError) {
        convertedValues &+= 1
        if convertedValues % LuaRuntime.stopCheckInterval == 0 { try checkStopped() }
    }

    /// Throws the running call's budget or interrupt error if it was stopped.
    func checkStopped() throws(LuaError) {
        guard let stop = handle.stop else { return }
        throw LuaError.stopped(limits, kind: stop.kind, nanoseconds: stop.budgetNanoseconds)
    }

    /// Lua 5.4's sizes on 64-bit machines: an array slot and a hash node.
    static let arraySlotBytes = 16
    static let hashNodeBytes = 32

    /// For a host function about to build a large result: throws what
    /// pushing it would, before it is built, if `bytes` (a lower bound of
    /// what the result takes as Lua values) would take the state past its
    /// cap even after a collection (`.memory`, raised in the script as Lua's
    /// memory error), or if the running call was stopped.
    public func checkRoom(forResultBytes bytes: Int) throws(LuaError) {
        try checkStopped()
        try checkScriptMemory(adding: bytes, on: active)
    }

    /// Throws `.memory` if `bytes` more would take the state past its cap,
    /// even after a collection.
    func checkScriptMemory(adding bytes: Int, on state: LuaState) throws(LuaError) {
        guard handle.memoryInUse + bytes > limits.memory else { return }
        state.collectGarbage()
        guard handle.memoryInUse + bytes > limits.memory else { return }
        throw LuaError(.memory, "not enough memory")
    }

    /// stack: -> table (or its read-only proxy)
    func push(_ table: LuaTable, on state: LuaState, readOnly: Bool, depth: Int, capped: Bool) throws(LuaError) {
        guard depth < LuaTable.maximumDepth else {
            throw LuaError(.badValue, "table nested deeper than \(LuaTable.maximumDepth) levels")
        }
        // The table, a key and a value; making a view takes five slots above the table.
        guard state.reserve(6) else { throw LuaError(.badValue, "Lua stack overflow") }
        let readOnly = readOnly || table.isReadOnly
        let fieldCapacity = table.fields.count
        if capped {
            try checkScriptMemory(
                adding: table.array.count * LuaRuntime.arraySlotBytes + fieldCapacity * LuaRuntime.hashNodeBytes,
                on: state)
        }
        var pushed = 0
        func checkCap() throws(LuaError) {
            pushed += 1
            try countConverted()
            if capped, pushed % LuaRuntime.cappedCheckInterval == 0 { try checkScriptMemory(adding: 0, on: state) }
        }
        state.newTable(arrayCapacity: table.array.count, fieldCapacity: fieldCapacity)
        for (offset, element) in table.array.enumerated() {
            guard !element.isNil else { throw LuaError(.badValue, "array element \(offset + 1) is nil") }
            try checkCap()
            try push(element, on: state, readOnly: readOnly, depth: depth + 1, capped: capped)
            state.rawSet(table: -2, index: offset + 1)  // stack: t, v -> t
        }
        for (key, value) in table.fields where !value.isNil {
            if readOnly, key.hasMetamethodPrefix {
                throw LuaError(.badValue, "a read-only table cannot have the field '\(key)'")
            }
            try checkCap()
            key.withBytes { state.push(bytes: $0) }  // stack: t -> t, k
            try push(value, on: state, readOnly: readOnly, depth: depth + 1, capped: capped)
            state.rawSet(table: -3)  // stack: t, k, v -> t
        }
        if readOnly { state.makeReadOnly() }  // stack: t -> proxy
    }

    // MARK: Lua to Swift

    /// Converts the value at `index` (raw: metamethods are not called; a
    /// read-only view reads as the table it shows), within `limit` (the
    /// state's memory cap when nil) and the running call's budget.
    func value(at index: Int32, on state: LuaState, limit: LuaCopyLimit? = nil) throws(LuaError) -> LuaValue {
        var context = ConversionContext(limit: limit, runtime: self)
        return try value(at: state.absolute(index), on: state, context: &context)
    }

    func value(at index: Int32, on state: LuaState, context: inout ConversionContext) throws(LuaError) -> LuaValue {
        try context.charge(LuaCopyLimit.valueBytes)
        try countConverted()
        switch state.type(at: index) {
        case LUA_TNIL, LUA_TNONE:
            return .nil
        case LUA_TBOOLEAN:
            return .boolean(state.boolean(at: index))
        case LUA_TNUMBER:
            if state.isInteger(at: index), let integer = state.integer(at: index) { return .integer(integer) }
            return .number(state.number(at: index) ?? .nan)
        case LUA_TSTRING:
            let bytes = state.bytes(at: index) ?? UnsafeRawBufferPointer(start: nil, count: 0)
            try context.charge(LuaCopyLimit.stringBytes(bytes.count))
            return .string(LuaString(bytes))
        case LUA_TTABLE:
            return .table(try table(at: index, on: state, context: &context))
        case LUA_TFUNCTION:
            guard state.reserve(1) else { throw context.failure("Lua stack overflow") }
            state.pushCopy(of: index)  // stack: -> f
            return .function(LuaFunction(reference: state.makeReference(), runtime: self))  // stack: f ->
        default:
            throw context.failure("cannot convert a \(state.typeName(at: index)) to a Swift value")
        }
    }

    func table(at index: Int32, on state: LuaState, context: inout ConversionContext) throws(LuaError) -> LuaTable {
        guard let identity = state.identity(at: index) else { throw context.failure("not a table") }
        if context.tablesBeingRead.contains(identity) { throw context.failure("table contains a cycle") }
        if context.tablesBeingRead.count >= LuaTable.maximumDepth {
            throw context.failure("table nested deeper than \(LuaTable.maximumDepth) levels")
        }
        guard state.reserve(4) else { throw context.failure("Lua stack overflow") }
        try context.charge(LuaCopyLimit.tableBytes)
        context.tablesBeingRead.append(identity)
        defer { context.tablesBeingRead.removeLast() }

        let base = state.top
        defer { state.setTop(base) }
        var data = index
        if state.pushViewTarget(of: index) {  // stack: -> target
            data = state.top
        }
        let isView = data != index
        let count = state.rawLength(at: data)
        var array: [LuaValue] = []
        // Not more than the limit lets the copy hold: the slots are charged as they are read.
        array.reserveCapacity(min(count, context.remainingBytes / LuaCopyLimit.valueBytes + 1))
        if count > 0 {
            for position in 1...count {
                state.rawGet(table: data, index: position)  // stack: -> element
                if state.type(at: -1) == LUA_TNIL {
                    throw context.failure("array has a hole at index \(position)")
                }
                context.path.append("[\(position)]")
                array.append(try value(at: state.top, on: state, context: &context))
                context.path.removeLast()
                state.pop(1)  // stack: element ->
            }
        }
        var fields: [LuaString: LuaValue] = [:]
        state.pushNil()  // stack: -> nil (first key)
        while state.next(table: data) {  // stack: key -> key, value
            switch state.type(at: -2) {
            case LUA_TSTRING:
                let key = LuaString(state.bytes(at: -2) ?? UnsafeRawBufferPointer(start: nil, count: 0))
                if isView, let name = key.string, LuaState.isViewField(name) {
                    break
                }
                try context.charge(LuaCopyLimit.fieldBytes + LuaCopyLimit.stringBytes(key.byteCount))
                context.path.append(key.description)
                fields[key] = try value(at: state.top, on: state, context: &context)
                context.path.removeLast()
            case LUA_TNUMBER:
                if state.isInteger(at: -2), let position = state.integer(at: -2), position >= 1, position <= count {
                    break  // read above
                }
                let key =
                    state.isInteger(at: -2) ? String(state.integer(at: -2) ?? 0) : String(state.number(at: -2) ?? .nan)
                throw context.failure("table has the key \(key), neither a string nor an index 1...\(count)")
            default:
                throw context.failure("table has a \(state.typeName(at: -2)) key")
            }
            state.pop(1)  // stack: key, value -> key
        }
        return LuaTable(array: array, fields: fields)
    }
}
