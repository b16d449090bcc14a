import CLua

/// The results of a call, read in place on the Lua stack. Valid only inside
/// the `results` closure of `LuaRuntime.call(_:budgetMilliseconds:arguments:results:)`.
/// Indices are 0-based, like an array of the results.
public struct LuaResults {
    // Valid only while the call (or host function) runs: no reference counting.
    @usableFromInline unowned(unsafe) let runtime: LuaRuntime
    @usableFromInline let state: LuaState
    @usableFromInline let base: Int32
    /// How many values the function returned.
    public let count: Int

    @usableFromInline
    init(runtime: LuaRuntime, state: LuaState, base: Int32, count: Int32) {
        self.runtime = runtime
        self.state = state
        self.base = base
        self.count = Int(count)
    }

    private func stackIndex(_ index: Int) -> Int32? {
        index >= 0 && index < count ? base + 1 + Int32(index) : nil
    }

    /// Result `index` converted to a Swift value (`.nil` past the end).
    ///
    /// - Parameter limit: how large the copy may be, counting shared tables
    ///   each time they appear (`LuaCopyLimit`); the state's memory cap when nil.
    /// - Throws: `.badValue` if it cannot be converted; `.memory` (with
    ///   `LuaError.Limit.valueSize`) if it is too large; `.budget` or
    ///   `.interrupted` if the call was stopped while it was converted (the
    ///   call's budget covers reading its results).
    public func value(at index: Int, limit: LuaCopyLimit? = nil) throws(LuaError) -> LuaValue {
        guard let slot = stackIndex(index) else { return .nil }
        return try runtime.value(at: slot, on: state, limit: limit)
    }

    /// All results converted, within one `limit` for all of them.
    public func values(limit: LuaCopyLimit? = nil) throws(LuaError) -> [LuaValue] {
        var values: [LuaValue] = []
        values.reserveCapacity(count)
        var context = ConversionContext(limit: limit, runtime: runtime)
        for index in 0..<count {
            values.append(try runtime.value(at: base + 1 + Int32(index), on: state, context: &context))
        }
        return values
    }

    /// Result `index` if it is a string (numbers are not converted). Short
    /// strings are built without allocating; invalid UTF-8 is replaced.
    public func string(at index: Int) -> String? {
        guard index >= 0, index < count else { return nil }
        let slot = base &+ 1 &+ Int32(truncatingIfNeeded: index)
        guard let bytes = state.bytes(at: slot) else { return nil }
        if bytes.count <= RecentStrings.maximumLength {
            return runtime.recentStrings.string(bytes, at: slot, on: state)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Result `index` if it is a string, with its exact bytes.
    public func luaString(at index: Int) -> LuaString? {
        guard let slot = stackIndex(index), let bytes = state.bytes(at: slot) else { return nil }
        return LuaString(bytes)
    }

    /// Result `index` if it is a number with an exact integer value.
    public func integer(at index: Int) -> Int? {
        guard let slot = stackIndex(index), state.type(at: slot) == LUA_TNUMBER else { return nil }
        return state.integer(at: slot)
    }

    /// Result `index` if it is a number.
    public func number(at index: Int) -> Double? {
        guard let slot = stackIndex(index), state.type(at: slot) == LUA_TNUMBER else { return nil }
        return state.number(at: slot)
    }

    /// Whether result `index` is true in Lua's sense (not nil, not false).
    public func isTruthy(at index: Int) -> Bool {
        guard let slot = stackIndex(index) else { return false }
        return state.boolean(at: slot)
    }

    /// Whether result `index` is nil or missing.
    public func isNil(at index: Int) -> Bool {
        guard let slot = stackIndex(index) else { return true }
        return state.type(at: slot) == LUA_TNIL
    }

    /// Lua's type name of result `index` ("no value" past the end).
    public func typeName(at index: Int) -> String {
        guard let slot = stackIndex(index) else { return "no value" }
        return state.typeName(at: slot)
    }
}
