import CLua
import CLuaSupport

/// A Lua thread seen from Swift: the one place where Swift calls the Lua C
/// API and CLuaSupport, so there is one place to trace and tighten.
///
/// Every function here is safe outside a protected call: it uses raw
/// accessors only (no metamethods), and the runtime's allocator is in host
/// mode whenever Swift runs, so pushes never fail for lack of memory under
/// the cap. Callers reserve stack space with `reserve(_:)` before pushing.
/// Comments give the stack effect, as in Lua's own lauxlib.c. The few
/// functions on the hot path of a hook call are inlinable, so clients of the
/// fast call API inline them.
@usableFromInline
struct LuaState {
    @usableFromInline let pointer: OpaquePointer

    @usableFromInline
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    // MARK: Stack

    /// The index of the top value (the number of values in the frame).
    var top: Int32 { lua_gettop(pointer) }

    /// stack: ... -> the first `index` values
    func setTop(_ index: Int32) { lua_settop(pointer, index) }

    /// stack: values -> (n fewer)
    func pop(_ count: Int32) { sl_lua_pop(pointer, count) }

    /// Makes room for `count` more values; false if the stack cannot grow.
    @usableFromInline
    func reserve(_ count: Int32) -> Bool { lua_checkstack(pointer, count) != 0 }

    func absolute(_ index: Int32) -> Int32 { lua_absindex(pointer, index) }

    // MARK: Types

    func type(at index: Int32) -> Int32 { lua_type(pointer, index) }

    /// "nil", "table", ... or "no value" for an index past the top.
    func typeName(at index: Int32) -> String {
        let type = lua_type(pointer, index)
        if type == LUA_TNONE { return "no value" }
        return String(cString: lua_typename(pointer, type))
    }

    func isInteger(at index: Int32) -> Bool { lua_isinteger(pointer, index) != 0 }

    // MARK: Reading (no conversions in place, no metamethods)

    func boolean(at index: Int32) -> Bool { lua_toboolean(pointer, index) != 0 }

    /// The integer at `index` if it is a number with an exact integer value
    /// (or a string convertible to one, as Lua's own argument checks accept).
    func integer(at index: Int32) -> Int? {
        var isNumber: Int32 = 0
        let value = lua_tointegerx(pointer, index, &isNumber)
        return isNumber != 0 ? Int(value) : nil
    }

    func number(at index: Int32) -> Double? {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(pointer, index, &isNumber)
        return isNumber != 0 ? value : nil
    }

    /// The bytes of the string at `index` (which must be a string: numbers
    /// are not converted); valid while the value stays on the stack.
    func bytes(at index: Int32) -> UnsafeRawBufferPointer? {
        var length = 0
        guard let start = sl_string_at(pointer, index, &length) else { return nil }
        return UnsafeRawBufferPointer(start: start, count: length)
    }

    /// The string at `index`, decoding invalid UTF-8 with replacement
    /// characters; nil if the value is not a string.
    func string(at index: Int32) -> String? {
        guard let bytes = bytes(at: index) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number at `index` converted to its string form in place, as Lua's
    /// string arguments accept numbers.
    /// stack: number -> string (same slot)
    func convertNumberToString(at index: Int32) {
        var length = 0
        _ = lua_tolstring(pointer, index, &length)
    }

    /// An identity for the table at `index`, for cycle detection.
    func identity(at index: Int32) -> UnsafeRawPointer? { lua_topointer(pointer, index) }

    func rawLength(at index: Int32) -> Int { Int(lua_rawlen(pointer, index)) }

    // MARK: Pushing

    /// stack: -> nil
    @usableFromInline func pushNil() { lua_pushnil(pointer) }

    /// stack: -> boolean
    @inlinable
    func push(_ value: Bool) { lua_pushboolean(pointer, value ? 1 : 0) }

    /// stack: -> integer
    @inlinable
    func push(_ value: Int) { lua_pushinteger(pointer, lua_Integer(value)) }

    /// stack: -> number
    @inlinable
    func push(_ value: Double) { lua_pushnumber(pointer, value) }

    /// stack: -> string
    @inlinable
    func push(bytes: UnsafeRawBufferPointer) {
        lua_pushlstring(pointer, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
    }

    /// stack: -> string
    @inlinable
    func push(_ value: String) {
        // withUTF8 is direct for native strings, and spills small ones (which have
        // no contiguous storage to lend) to the stack: one path, no failed attempt.
        var copy = value
        copy.withUTF8 { push(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// stack: -> string
    func push(_ value: StaticString) {
        if value.hasPointerRepresentation {
            lua_pushlstring(
                pointer, UnsafeRawPointer(value.utf8Start).assumingMemoryBound(to: CChar.self),
                value.utf8CodeUnitCount)
        } else {
            push(value.description)
        }
    }

    /// stack: x -> x, x
    func pushCopy(of index: Int32) { lua_pushvalue(pointer, index) }

    /// stack: -> table
    @inlinable
    func newTable(arrayCapacity: Int, fieldCapacity: Int) {
        lua_createtable(pointer, Int32(clamping: arrayCapacity), Int32(clamping: fieldCapacity))
    }

    /// stack: key, value -> (table[key] = value, raw)
    func rawSet(table: Int32) { lua_rawset(pointer, table) }

    /// stack: value -> (table[key] = value)
    ///
    /// Only for tables this runtime just created, which have no metatable:
    /// then it is as raw as `rawSet`, and the key goes through Lua's string
    /// cache (keyed by the literal's address) instead of being hashed.
    @inlinable
    func setFieldOfNewTable(_ table: Int32, _ key: StaticString) {
        lua_setfield(pointer, table, UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self))
    }

    /// stack: value -> (table[index] = value, raw)
    func rawSet(table: Int32, index: Int) { lua_rawseti(pointer, table, lua_Integer(index)) }

    /// stack: -> table[index] (raw); returns its type
    @discardableResult
    func rawGet(table: Int32, index: Int) -> Int32 { lua_rawgeti(pointer, table, lua_Integer(index)) }

    /// stack: key -> table[key] (raw); returns its type
    @discardableResult
    func rawGet(table: Int32) -> Int32 { lua_rawget(pointer, table) }

    /// stack: key -> next key, value (true) | (false, at the end)
    func next(table: Int32) -> Bool { lua_next(pointer, table) != 0 }

    // MARK: References

    /// stack: value -> (kept in the registry under the returned reference)
    func makeReference() -> Int32 { luaL_ref(pointer, sl_lua_registryindex()) }

    /// stack: -> the referenced value
    func pushReference(_ reference: Int32) {
        lua_rawgeti(pointer, sl_lua_registryindex(), lua_Integer(reference))
    }

    func releaseReference(_ reference: Int32) {
        luaL_unref(pointer, sl_lua_registryindex(), reference)
    }

    // MARK: Runtime (CLuaSupport)

    /// Calls the function below `argumentCount` arguments as a guarded level.
    /// stack: fn, args -> results | message
    func guardedCall(
        _ runtime: RuntimeHandle, argumentCount: Int32, budgetNanoseconds: Int64, stop: inout Int32,
        results: inout Int32
    ) -> Int32 {
        sl_runtime_pcall(runtime.pointer, pointer, argumentCount, LUA_MULTRET, budgetNanoseconds, &stop, &results)
    }

    /// Ends the level a successful `guardedCall` on this thread left open
    /// while its results were read.
    @usableFromInline
    func endGuardedCall(_ runtime: RuntimeHandle) { sl_runtime_end_call(runtime.pointer, pointer) }

    /// stack: -> fn | message
    func load(
        _ runtime: RuntimeHandle, text: UnsafeRawBufferPointer, chunkName: String, environment: Int32
    ) -> Int32 {
        sl_runtime_load(
            runtime.pointer, pointer, text.baseAddress?.assumingMemoryBound(to: CChar.self),
            text.count, chunkName, environment)
    }

    /// stack: -> env
    func pushEnvironment(_ runtime: RuntimeHandle) { sl_runtime_push_environment(runtime.pointer, pointer) }

    /// stack: -> closure
    func pushHostFunction(_ runtime: RuntimeHandle, index: Int) {
        sl_runtime_push_host_function(runtime.pointer, pointer, Int32(index))
    }

    /// stack: value -> ; false if `library` names a global that is not a
    /// host library.
    func setGlobal(_ runtime: RuntimeHandle, library: String?, name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let library {
                    return sl_runtime_set_global(runtime.pointer, pointer, library, chars.baseAddress, chars.count) != 0
                }
                return sl_runtime_set_global(runtime.pointer, pointer, nil, chars.baseAddress, chars.count) != 0
            }
        }
    }

    /// stack: data -> read-only proxy (needs 3 free slots)
    @usableFromInline
    func makeReadOnly() { sl_runtime_make_readonly(pointer) }

    /// If the table at `index` is a read-only view, pushes the table it shows.
    /// stack: -> target (true) | (false)
    func pushViewTarget(of index: Int32) -> Bool { sl_runtime_push_view_target(pointer, index) != 0 }

    /// Whether a read-only view hides the field `name` (it starts with `__`).
    static func isViewField(_ name: String) -> Bool { sl_is_view_field(name, name.utf8.count) != 0 }

    /// stack: -> the stock string functions (tests)
    func pushStockStringFunctions(_ runtime: RuntimeHandle) {
        sl_runtime_push_stock_string_functions(runtime.pointer, pointer)
    }

    /// Runs a full garbage collection (no script code runs: finalizers are
    /// not allowed in the sandbox).
    func collectGarbage() { _ = sl_lua_gc(pointer, LUA_GCCOLLECT) }

    /// The position of the Lua code at `level` of this thread's call stack.
    func location(level: Int32) -> LuaLocation? {
        var file = [CChar](repeating: 0, count: 256)
        var line: Int32 = 0
        guard sl_where(pointer, level, &file, file.count, &line) != 0 else { return nil }
        let text = file.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return LuaLocation(file: text, line: Int(line))
    }

    /// Where the Lua function at `index` is defined, or nil for a C function.
    func definition(at index: Int32) -> LuaLocation? {
        var file = [CChar](repeating: 0, count: 256)
        var line: Int32 = 0
        guard sl_function_where(pointer, index, &file, file.count, &line) != 0 else { return nil }  // stack: unchanged
        let text = file.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return LuaLocation(file: text, line: Int(line))
    }
}

/// The C runtime (CLuaSupport's `sl_runtime`): the state's owner, its
/// allocator, guard and host hooks. Reference counted in C, so an interrupt
/// handle can outlive the Lua state.
@usableFromInline
struct RuntimeHandle: @unchecked Sendable {
    // Sendable for the interrupt handle: `sl_runtime_interrupt` takes the
    // watchdog's lock and checks that the state is still open.
    @usableFromInline let pointer: OpaquePointer

    /// Opens a sandboxed state; nil if it cannot be created.
    static func open(memoryLimit: Int) -> RuntimeHandle? {
        sl_runtime_open(max(memoryLimit, 0)).map(RuntimeHandle.init)
    }

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Closes the state (with the budget hook armed) and drops the opener's reference.
    func close() { sl_runtime_close(pointer) }
    func retain() { sl_runtime_retain(pointer) }
    func release() { sl_runtime_release(pointer) }

    var mainState: LuaState { LuaState(sl_runtime_main_state(pointer)) }
    var serial: UInt64 { sl_runtime_serial(pointer) }
    var memoryInUse: Int { Int(sl_runtime_memory_used(pointer)) }
    var memoryPeak: Int { Int(sl_runtime_memory_peak(pointer)) }
    func resetMemoryPeak() { sl_runtime_reset_memory_peak(pointer) }
    func setMemoryLimit(_ bytes: Int) { sl_runtime_set_memory_limit(pointer, max(bytes, 0)) }

    /// Stops the outermost running call with "interrupted". Any thread.
    func interrupt() { sl_runtime_interrupt(pointer) }

    /// Stops the Lua code running now, then the outermost call (`sl_runtime_interrupt_running`).
    func interruptRunningCode() { sl_runtime_interrupt_running(pointer) }

    /// Guarded calls running (or whose results are being read); 0 when idle.
    var depth: Int { Int(sl_runtime_depth(pointer)) }

    /// Whether a running call (one whose arguments or results the host is
    /// converting included) was stopped: `SL_STOP_BUDGET` or
    /// `SL_STOP_INTERRUPT` with the tripped budget, or nil.
    var stop: (kind: Int32, budgetNanoseconds: Int64)? {
        var budget: Int64 = 0
        let kind = sl_runtime_stopped(pointer, &budget)
        return kind == SL_STOP_NONE ? nil : (kind, budget)
    }

    /// What the message handler recorded for the last failed call.
    var lastTraceback: String { String(cString: sl_runtime_last_traceback(pointer)) }
    var lastWhere: String { String(cString: sl_runtime_last_where(pointer)) }

    /// Where the last call was when an allocation was refused (the nearest
    /// Lua frame), if it was in Lua code.
    var lastMemoryLocation: LuaLocation? {
        var line: Int32 = 0
        let file = String(cString: sl_runtime_last_memory_where(pointer, &line))
        return file.isEmpty ? nil : LuaLocation(file: file, line: Int(line))
    }

    /// For the last call stopped by a budget or an interrupt: where it was
    /// stopped first, and the tripped budget in nanoseconds.
    var lastStop: (location: LuaLocation?, budgetNanoseconds: Int64) {
        var line: Int32 = 0
        var budget: Int64 = 0
        let file = String(cString: sl_runtime_last_stop(pointer, &line, &budget))
        return (file.isEmpty ? nil : LuaLocation(file: file, line: Int(line)), budget)
    }

    func setHost(
        context: UnsafeMutableRawPointer, dispatch: sl_host_dispatch, print: sl_text_sink, warn: sl_text_sink
    ) {
        sl_runtime_set_host(pointer, context, dispatch, print, warn)
    }
}
