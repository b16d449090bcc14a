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
    ///     Lua) is also stopped by the outer call's budget. It covers
    ///     converting the results.
    ///   - resultLimit: how large the results may be once copied, counting
    ///     shared tables each time they appear; the memory cap when nil.
    /// - Returns: all results.
    /// - Throws: `.runtime` (message, file, line, traceback), `.memory`
    ///   (the cap, or results past `resultLimit`), `.budget`,
    ///   `.interrupted`, or `.badValue` when a value cannot cross.
    public func call(
        _ function: LuaFunction, _ arguments: [LuaValue] = [], budgetMilliseconds: Int? = nil,
        resultLimit: LuaCopyLimit? = nil
    ) throws(LuaError) -> [LuaValue] {
        try call(
            function, budgetMilliseconds: budgetMilliseconds,
            arguments: { (writer: inout LuaArgumentWriter) throws(LuaError) in
                for argument in arguments { try writer.push(argument) }
            },
            results: { (results: LuaResults) throws(LuaError) in try results.values(limit: resultLimit) })
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
    @inlinable
    public func call<Result>(
        _ function: LuaFunction,
        budgetMilliseconds: Int? = nil,
        arguments: (inout LuaArgumentWriter) throws(LuaError) -> Void,
        results: (LuaResults) throws(LuaError) -> Result
    ) throws(LuaError) -> Result {
        // Inlinable so the closures are specialized into the caller; the work
        // is in the three helpers below.
        var writer = try beginCall(function)  // stack: -> fn
        do {
            try arguments(&writer)  // stack: fn -> fn, args
        } catch {
            abandonCall(writer)
            throw error
        }
        let values = try finishCall(writer, budgetMilliseconds: budgetMilliseconds)  // stack: -> results
        defer { endCall(values) }  // stack: results ->
        return try results(values)
    }

    /// Checks the function, records the stack base and pushes the function.
    /// stack: -> fn
    @inlinable
    func beginCall(_ function: LuaFunction) throws(LuaError) -> LuaArgumentWriter {
        // The hot path stays small: every failure is built out of line.
        if function.runtimeSerial != serial { throw LuaRuntime.foreignFunctionError() }
        if releases.hasPending { releasePending() }
        let state = active
        let base = sl_runtime_begin_call(state.pointer, function.reference, LuaArgumentWriter.reservedSlots + 2)
        if base < 0 { throw LuaRuntime.stackOverflowError() }
        return LuaArgumentWriter(runtime: self, state: state, base: base)
    }

    @usableFromInline @inline(never)
    static func foreignFunctionError() -> LuaError {
        LuaError(.badValue, "function belongs to another Lua runtime")
    }

    @usableFromInline @inline(never)
    static func stackOverflowError() -> LuaError { LuaError(.memory, "Lua stack overflow") }

    /// stack: fn, args -> (as before the call)
    @usableFromInline
    func abandonCall(_ writer: LuaArgumentWriter) {
        writer.state.setTop(writer.base)
    }

    /// Runs the call; on failure restores the stack and throws.
    /// stack: fn, args -> results
    @inlinable
    func finishCall(_ writer: LuaArgumentWriter, budgetMilliseconds: Int?) throws(LuaError) -> LuaResults {
        let state = writer.state
        let base = writer.base
        if writer.failed { throw abandonedArguments(state: state, base: base) }
        var budget = callBudgetNanoseconds
        if let budgetMilliseconds { budget = LuaRuntime.nanoseconds(milliseconds: budgetMilliseconds) }
        var stop: Int32 = 0
        var count: Int32 = 0
        let status = sl_runtime_pcall_at(handle.pointer, state.pointer, base, budget, &stop, &count)
        // stack: fn, args -> results | message
        if status != LUA_OK { throw failedCall(status: status, stop: stop, state: state, base: base) }
        return LuaResults(runtime: self, state: state, base: base, count: count)
    }

    /// stack: fn, args -> (as before the call)
    @usableFromInline @inline(never)
    func abandonedArguments(state: LuaState, base: Int32) -> LuaError {
        state.setTop(base)
        return LuaError(.badValue, "too many arguments for the Lua stack")
    }

    /// stack: message -> (as before the call)
    @usableFromInline @inline(never)
    func failedCall(status: Int32, stop: Int32, state: LuaState, base: Int32) -> LuaError {
        let error = callError(status: status, stop: stop, state: state)
        state.setTop(base)
        return error
    }

    /// Ends the call's level, which stayed open while its results were
    /// read (so that its budget and interrupts stop a long conversion).
    /// stack: results ->
    @inlinable
    func endCall(_ results: LuaResults) {
        sl_runtime_end_call_at(handle.pointer, results.state.pointer, results.base)
    }

    func callError(status: Int32, stop: Int32, state: LuaState) -> LuaError {
        let message = state.string(at: -1) ?? "(error object is not a string)"
        let tracebackText = handle.lastTraceback
        let traceback = tracebackText.isEmpty ? nil : tracebackText
        let fallback = handle.lastWhere
        switch Int(stop) {
        case SL_STOP_BUDGET, SL_STOP_INTERRUPT:
            let budget = stop == SL_STOP_BUDGET
            var error = LuaError(
                budget ? .budget : .interrupted, luaMessage: message, traceback: traceback, fallback: fallback)
            // Where it was stopped first, not where a pcall let it raise last.
            let (location, nanoseconds) = handle.lastStop
            if let location {
                error.file = location.file
                error.line = location.line
            }
            if budget {
                (error.message, error.limit) = LuaError.budgetExceeded(limits, nanoseconds: nanoseconds)
            } else {
                error.message = "interrupted"
            }
            return error
        default:
            if status == LUA_ERRMEM {
                let location = handle.lastMemoryLocation
                state.collectGarbage()
                // No traceback: Lua runs no message handler for memory errors.
                return LuaError.memoryLimitReached(limits, at: location)
            }
            return LuaError(.runtime, luaMessage: message, traceback: traceback, fallback: fallback)
        }
    }
}
