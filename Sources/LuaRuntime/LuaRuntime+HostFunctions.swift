import CLua
import CLuaSupport

/// A Swift function scripts can call.
struct HostFunction {
    let name: String
    let body: (LuaArguments) throws(LuaError) -> [LuaValue]
}

extension LuaRuntime {
    /// Makes a Swift function callable from Lua as a read-only global (or a
    /// field of the read-only host library `library`).
    ///
    /// Throw a `LuaError` to raise a Lua error: without a file it gets the
    /// position of the calling Lua code. The body may call back into Lua
    /// (such calls are nested levels under the caller's budget). Capture the
    /// runtime weakly or unowned: it keeps `body` alive.
    ///
    /// ```swift
    /// try lua.register("present") { args throws(LuaError) in
    ///     let view = try args.table(1)   // bad argument #1 to 'present' (table expected, got nil)
    ///     return []
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: the global (or field) name.
    ///   - library: a host library to put it in, created on first use.
    ///   - body: the function.
    /// - Throws: `.badValue` if `library` names a global that is not a host library.
    public func register(
        _ name: String, in library: String? = nil,
        _ body: @escaping (LuaArguments) throws(LuaError) -> [LuaValue]
    ) throws(LuaError) {
        let state = active
        guard state.reserve(2) else { throw LuaError(.badValue, "Lua stack overflow") }
        let index = hostFunctions.count
        hostFunctions.append(HostFunction(name: name, body: body))
        state.pushHostFunction(handle, index: index)  // stack: -> f
        guard state.setGlobal(handle, library: library, name: name) else {  // stack: f ->
            throw LuaError(.badValue, "'\(library ?? "")' is a global that is not a host library")
        }
    }

    /// Sets a read-only global (or a field of the host library `library`).
    ///
    /// - Parameters:
    ///   - name: the global (or field) name.
    ///   - value: its value; tables are copied (pass a read-only `LuaTable` to
    ///     keep scripts from changing its contents).
    ///   - library: a host library to put it in, created on first use.
    /// - Throws: `.badValue` if the value cannot cross or `library` is taken.
    public func setGlobal(_ name: String, _ value: LuaValue, in library: String? = nil) throws(LuaError) {
        let state = active
        let base = state.top
        guard state.reserve(4) else { throw LuaError(.badValue, "Lua stack overflow") }
        do {
            try push(value, on: state)  // stack: -> value
        } catch {
            state.setTop(base)
            throw error
        }
        guard state.setGlobal(handle, library: library, name: name) else {  // stack: value ->
            throw LuaError(.badValue, "'\(library ?? "")' is a global that is not a host library")
        }
    }

    /// Called by the C trampoline. Never lets a Lua error cross: a thrown
    /// error is pushed, and the trampoline raises it after this returns.
    func dispatchHostFunction(_ state: LuaState, index: Int) -> Int32 {
        let previous = active
        active = state
        defer { active = previous }
        let argumentCount = state.top
        let function = hostFunctions[index]
        do throws(LuaError) {
            let arguments = LuaArguments(
                runtime: self, state: state, functionName: function.name, count: Int(argumentCount))
            let results = try function.body(arguments)
            guard state.reserve(Int32(clamping: results.count + 1)) else {
                throw LuaError(.runtime, "too many results from '\(function.name)'")
            }
            // The results are the script's: past its cap they are refused
            // (here while pushing a large one, in the trampoline otherwise).
            for result in results { try push(result, on: state, capped: true) }  // stack: args -> args, results
            return Int32(results.count)
        } catch {
            state.setTop(argumentCount)
            // Lua's own memory error for the cap; a value too large to copy keeps its message.
            if error.kind == .memory, !error.isValueSizeLimit {
                return Int32(SL_HOST_ERROR_MEMORY)  // stack: args; the trampoline raises Lua's memory error
            }
            if error.file != nil {
                state.push(error.description)  // stack: args -> args, message
                return Int32(SL_HOST_ERROR_RAW)
            }
            state.push(error.message)
            return Int32(SL_HOST_ERROR)
        }
    }

    /// Tests: the stock string functions the pattern guard replaced, as the
    /// global table `name`.
    func exposeStockStringFunctions(as name: String) {
        let state = active
        _ = state.reserve(1)
        state.pushStockStringFunctions(handle)  // stack: -> table
        _ = state.setGlobal(handle, library: nil, name: name)  // stack: table ->
    }
}
