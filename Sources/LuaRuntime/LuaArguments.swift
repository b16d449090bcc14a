import CLua

/// The arguments of a host function call, read in place. Positions are
/// 1-based, as in Lua's messages ("bad argument #1 to 'present'"). Valid
/// only while the host function runs.
public struct LuaArguments {
    // Valid only while the call (or host function) runs: no reference counting.
    unowned(unsafe) let runtime: LuaRuntime
    let state: LuaState
    /// The name scripts call the function by.
    public let functionName: String
    /// How many arguments were passed.
    public let count: Int

    init(runtime: LuaRuntime, state: LuaState, functionName: String, count: Int) {
        self.runtime = runtime
        self.state = state
        self.functionName = functionName
        self.count = count
    }

    private func slot(_ position: Int) -> Int32? {
        position >= 1 && position <= count ? Int32(position) : nil
    }

    /// The position of the Lua code that called the function (for messages
    /// such as a failed `expect`).
    public var callerLocation: LuaLocation? {
        state.location(level: 1)
    }

    /// `bad argument #position to 'name' (problem)`.
    public func badArgument(_ position: Int, _ problem: String) -> LuaError {
        LuaError.badArgument(position, to: functionName, problem)
    }

    private func typeError(_ position: Int, expected: String) -> LuaError {
        badArgument(position, "\(expected) expected, got \(typeName(position))")
    }

    /// Lua's type name of the argument ("no value" if it was not passed).
    public func typeName(_ position: Int) -> String {
        guard let slot = slot(position) else { return "no value" }
        return state.typeName(at: slot)
    }

    /// Whether the argument is nil or was not passed.
    public func isNil(_ position: Int) -> Bool {
        guard let slot = slot(position) else { return true }
        return state.type(at: slot) == LUA_TNIL
    }

    /// The argument converted to a Swift value (`.nil` if not passed).
    ///
    /// - Parameter limit: how large the copy may be, counting shared tables
    ///   each time they appear (`LuaCopyLimit`); the state's memory cap when nil.
    /// - Throws: a bad-argument error if it cannot be converted or is too
    ///   large; `.budget` or `.interrupted` if the running call was stopped
    ///   while it was converted.
    public func value(_ position: Int, limit: LuaCopyLimit? = nil) throws(LuaError) -> LuaValue {
        guard let slot = slot(position) else { return .nil }
        do {
            return try runtime.value(at: slot, on: state, limit: limit)
        } catch {
            if error.kind == .budget || error.kind == .interrupted { throw error }
            throw badArgument(position, error.message)
        }
    }

    /// A string argument (numbers are accepted and converted, as in Lua).
    public func string(_ position: Int) throws(LuaError) -> String {
        try luaString(position).description
    }

    /// A string argument with its exact bytes.
    public func luaString(_ position: Int) throws(LuaError) -> LuaString {
        guard let slot = slot(position) else { throw typeError(position, expected: "string") }
        if state.type(at: slot) == LUA_TNUMBER { state.convertNumberToString(at: slot) }
        guard let bytes = state.bytes(at: slot) else { throw typeError(position, expected: "string") }
        return LuaString(bytes)
    }

    /// An integer argument (a float with an integer value is accepted).
    public func integer(_ position: Int) throws(LuaError) -> Int {
        guard let slot = slot(position) else { throw typeError(position, expected: "number") }
        if let integer = state.integer(at: slot) { return integer }
        if state.number(at: slot) != nil { throw badArgument(position, "number has no integer representation") }
        throw typeError(position, expected: "number")
    }

    /// A number argument.
    public func number(_ position: Int) throws(LuaError) -> Double {
        guard let slot = slot(position), let number = state.number(at: slot) else {
            throw typeError(position, expected: "number")
        }
        return number
    }

    /// The argument's truth value (nil and false are false; never fails).
    public func boolean(_ position: Int) -> Bool {
        guard let slot = slot(position) else { return false }
        return state.boolean(at: slot)
    }

    /// A table argument, copied.
    public func table(_ position: Int) throws(LuaError) -> LuaTable {
        guard let slot = slot(position), state.type(at: slot) == LUA_TTABLE else {
            throw typeError(position, expected: "table")
        }
        guard case .table(let table) = try value(position) else { throw typeError(position, expected: "table") }
        return table
    }

    /// A function argument.
    public func function(_ position: Int) throws(LuaError) -> LuaFunction {
        guard let slot = slot(position), state.type(at: slot) == LUA_TFUNCTION else {
            throw typeError(position, expected: "function")
        }
        guard case .function(let function) = try value(position) else {
            throw typeError(position, expected: "function")
        }
        return function
    }

    /// A string argument, or nil if it is nil or not passed.
    public func optionalString(_ position: Int) throws(LuaError) -> String? {
        isNil(position) ? nil : try string(position)
    }

    /// An integer argument, or nil if it is nil or not passed.
    public func optionalInteger(_ position: Int) throws(LuaError) -> Int? {
        isNil(position) ? nil : try integer(position)
    }

    /// A number argument, or nil if it is nil or not passed.
    public func optionalNumber(_ position: Int) throws(LuaError) -> Double? {
        isNil(position) ? nil : try number(position)
    }

    /// A table argument, or nil if it is nil or not passed.
    public func optionalTable(_ position: Int) throws(LuaError) -> LuaTable? {
        isNil(position) ? nil : try table(position)
    }

    /// A function argument, or nil if it is nil or not passed.
    public func optionalFunction(_ position: Int) throws(LuaError) -> LuaFunction? {
        isNil(position) ? nil : try function(position)
    }
}
