import CLua
import CLuaSupport

extension LuaRuntime {
    /// Calls a Lua function with converted arguments and returns its results.
    ///
    /// - Parameters:
    ///   - function: the function (from `load`, or a value a script returned).
    ///   - arguments: the arguments.
    ///   - budgetMilliseconds: the CPU budget; `limits.callBudgetMilliseconds`
    ///     if nil. A call nested in another (a host function calling back into
    ///     Lua) is also stopped by the outer call's budget.
    /// - Returns: all results.
    /// - Throws: `.runtime` (message, file, line, traceback), `.memory`,
    ///   `.budget`, `.interrupted`, or `.badValue` when a value cannot cross.
    public func call(_ function: LuaFunction, _ arguments: [LuaValue] = [], budgetMilliseconds: Int? = nil)
        throws(LuaError) -> [LuaValue]
    {
        try call(
            function, budgetMilliseconds: budgetMilliseconds,
            arguments: { (writer: inout LuaArgumentWriter) throws(LuaError) in
                for argument in arguments { try writer.push(argument) }
            },
            results: { (results: LuaResults) throws(LuaError) in try results.values() })
    }

    /// Calls a Lua function, pushing the arguments and reading the results in
    /// place: the fast path for hooks, which need no `[LuaValue]` and no
    /// copies of tables.
    ///
    /// ```swift
    /// let decision = try lua.call(hook,
    ///     arguments: { args in
    ///         args.pushTable(readOnly: true, fieldCapacity: 3) { ctx in
    ///             ctx.set("presenter", "root")
    ///             ctx.set("queue_length", 2)
    ///             ctx.set("interactive", true)
    ///         }
    ///     },
    ///     results: { $0.string(at: 0) })
    /// ```
    ///
    /// - Parameters:
    ///   - function: the function to call.
    ///   - budgetMilliseconds: the CPU budget; `limits.callBudgetMilliseconds` if nil.
    ///   - arguments: pushes the arguments.
    ///   - results: reads the results; they are valid only inside it.
    /// - Returns: what `results` returns.
    /// - Throws: the errors of `call(_:_:budgetMilliseconds:)`, and those
    ///   the closures throw.
    public func call<Result>(
        _ function: LuaFunction,
        budgetMilliseconds: Int? = nil,
        arguments: (inout LuaArgumentWriter) throws(LuaError) -> Void,
        results: (LuaResults) throws(LuaError) -> Result
    ) throws(LuaError) -> Result {
        try checkOwner(of: function)
        if !pendingReleases.isEmpty { releasePending() }
        let state = active
        let base = state.top
        defer { state.setTop(base) }
        guard state.reserve(LuaArgumentWriter.reservedSlots + 2) else {
            throw LuaError(.memory, "Lua stack overflow")
        }
        state.pushReference(function.reference)             // stack: -> fn
        var writer = LuaArgumentWriter(runtime: self, state: state)
        try arguments(&writer)                               // stack: fn -> fn, args
        if let failure = writer.failure { throw failure }
        let budget = budgetMilliseconds.map { LuaRuntime.nanoseconds(milliseconds: $0) } ?? callBudgetNanoseconds
        var stop: Int32 = 0
        let status = state.guardedCall(handle, argumentCount: state.top - base - 1, budgetNanoseconds: budget, stop: &stop)
        // stack: fn, args -> results | message
        guard status == LUA_OK else {
            throw callError(status: status, stop: stop, state: state)
        }
        return try results(LuaResults(runtime: self, state: state, base: base))
    }

    func callError(status: Int32, stop: Int32, state: LuaState) -> LuaError {
        let message = state.string(at: -1) ?? "(error object is not a string)"
        let tracebackText = String(cString: sl_runtime_last_traceback(handle))
        let traceback = tracebackText.isEmpty ? nil : tracebackText
        let fallback = String(cString: sl_runtime_last_where(handle))
        switch Int(stop) {
        case SL_STOP_BUDGET:
            var error = LuaError(.budget, luaMessage: message, traceback: traceback, fallback: fallback)
            error.message = "budget exceeded"
            return error
        case SL_STOP_INTERRUPT:
            var error = LuaError(.interrupted, luaMessage: message, traceback: traceback, fallback: fallback)
            error.message = "interrupted"
            return error
        default:
            if status == LUA_ERRMEM {
                state.collectGarbage()
                return LuaError(.memory, "not enough memory")
            }
            return LuaError(.runtime, luaMessage: message, traceback: traceback, fallback: fallback)
        }
    }
}
