import CLua

/// The reference: a plain Lua state driven through the bare C API, doing
/// exactly what a hook dispatch does (push the function, build the context
/// table, pcall with a message handler, read the string result).
final class BareLua {
    let state: OpaquePointer
    private let hook: Int32
    private let loop: Int32
    /// Stack index of the message handler, pushed once.
    private let handler: Int32 = 1

    init() {
        state = luaL_newstate()!
        luaL_openlibs(state)
        sl_lua_pushcfunction(state) { state in
            luaL_traceback(state, state, sl_lua_tostring(state, 1), 1)
            return 1
        }
        guard luaL_loadstring(state, Benchmark.hookSource) == LUA_OK, sl_lua_pcall(state, 0, 1, 0) == LUA_OK else {
            fatalError(String(cString: sl_lua_tostring(state, -1)))
        }
        hook = luaL_ref(state, sl_lua_registryindex())
        guard luaL_loadstring(state, Benchmark.loopSource) == LUA_OK, sl_lua_pcall(state, 0, 1, 0) == LUA_OK else {
            fatalError(String(cString: sl_lua_tostring(state, -1)))
        }
        loop = luaL_ref(state, sl_lua_registryindex())
    }

    deinit {
        lua_close(state)
    }

    /// The presenter's name: data the host holds, pushed with its length
    /// (as LuaRuntime pushes a Swift String).
    private let presenter: UnsafeMutablePointer<CChar> = {
        let name = UnsafeMutablePointer<CChar>.allocate(capacity: 5)
        for (i, byte) in "root\0".utf8.enumerated() { name[i] = CChar(bitPattern: byte) }
        return name
    }()

    /// One hook-shaped call with a plain context table; returns the decision's length.
    func callHook(queueLength: Int) -> Int {
        lua_rawgeti(state, sl_lua_registryindex(), lua_Integer(hook))
        lua_createtable(state, 0, 4)
        lua_pushlstring(state, presenter, 4)
        lua_setfield(state, -2, "presenter")
        lua_pushinteger(state, lua_Integer(queueLength))
        lua_setfield(state, -2, "queue_length")
        lua_pushboolean(state, 1)
        lua_setfield(state, -2, "interactive")
        lua_pushnumber(state, 44.5)
        lua_setfield(state, -2, "height")
        return finish()
    }

    /// The same call with the context as a read-only view built the way
    /// LuaRuntime builds one (an empty proxy whose metatable is the data,
    /// read through a C `__index`).
    func callHookReadOnly(queueLength: Int) -> Int {
        lua_rawgeti(state, sl_lua_registryindex(), lua_Integer(hook))
        lua_createtable(state, 0, 9)
        lua_pushlstring(state, presenter, 4)
        lua_setfield(state, -2, "presenter")
        lua_pushinteger(state, lua_Integer(queueLength))
        lua_setfield(state, -2, "queue_length")
        lua_pushboolean(state, 1)
        lua_setfield(state, -2, "interactive")
        lua_pushnumber(state, 44.5)
        lua_setfield(state, -2, "height")
        sl_lua_pushcfunction(state, readThroughMetatable)
        lua_setfield(state, -2, "__index")
        sl_lua_pushcfunction(state, readOnlyError)
        lua_setfield(state, -2, "__newindex")
        lua_pushboolean(state, 0)
        lua_setfield(state, -2, "__metatable")
        sl_lua_pushcfunction(state, readOnlyError)
        lua_setfield(state, -2, "__pairs")
        sl_lua_pushcfunction(state, readOnlyError)
        lua_setfield(state, -2, "__len")
        lua_createtable(state, 0, 0)
        sl_lua_insert(state, -2)
        lua_setmetatable(state, -2)
        return finish()
    }

    private func finish() -> Int {
        guard sl_lua_pcall(state, 1, 1, handler) == LUA_OK else { fatalError("hook failed") }
        var length = 0
        _ = lua_tolstring(state, -1, &length)
        sl_lua_pop(state, 1)
        return length
    }

    /// The loop function: `iterations` additions in Lua.
    func runLoop(iterations: Int) {
        lua_rawgeti(state, sl_lua_registryindex(), lua_Integer(loop))
        lua_pushinteger(state, lua_Integer(iterations))
        guard sl_lua_pcall(state, 1, 0, handler) == LUA_OK else { fatalError("loop failed") }
    }

    /// Installs (or removes) a permanent count hook, the alternative to the watchdog.
    func setPermanentCountHook(count: Int32?) {
        if let count {
            lua_sethook(state, { _, _ in }, LUA_MASKCOUNT, count)
        } else {
            lua_sethook(state, nil, 0, 0)
        }
    }
}

/// A snapshot's `__index`: the field of the view's metatable (the data).
private let readThroughMetatable: lua_CFunction = { state in
    guard lua_getmetatable(state, 1) != 0 else { return 0 }
    lua_pushvalue(state, 2)
    lua_rawget(state, -2)
    return 1
}

private let readOnlyError: lua_CFunction = { state in
    lua_pushstring(state, "read-only")
    return lua_error(state)
}
