import CLua
import Testing

@testable import LuaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Budgets in tests are short so limit tests stay fast.
let testBudget = 50

func makeRuntime(budget: Int = testBudget, memory: Int = 16 << 20) throws -> LuaRuntime {
    try LuaRuntime(limits: LuaLimits(memory: memory, callBudgetMilliseconds: budget))
}

/// The CPU time of the calling thread: what budgets count. A bound on it
/// holds on a loaded machine, where a bound on wall time does not.
func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}

/// Loads and runs `source` as chunk "test.lua".
@discardableResult
func run(_ lua: LuaRuntime, _ source: String, budget: Int? = nil) throws(LuaError) -> [LuaValue] {
    let chunk = try lua.load(source: source, chunkName: "test.lua")
    return try lua.call(chunk, budgetMilliseconds: budget)
}

/// Runs `source` expecting an error of `kind` whose message contains `fragment`.
@discardableResult
func expectError(
    _ lua: LuaRuntime, _ source: String, _ kind: LuaError.Kind, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> LuaError? {
    do {
        let results = try run(lua, source)
        Issue.record("expected a \(kind) error, got \(results)", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        return error
    }
}

/// The runtime still runs ordinary code (after a limit error, say).
func expectUsable(_ lua: LuaRuntime, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let results = try run(lua, "local t = {} for i = 1, 100 do t[i] = i end return #t, ('ok'):upper()")
        #expect(results == [100, "OK"], sourceLocation: sourceLocation)
    } catch {
        Issue.record("runtime unusable: \(error)", sourceLocation: sourceLocation)
    }
}

/// Lua-side helpers in the style of Lua's own test suite (testes/).
let luaTestPrelude = """
    local function checkerr(msg, f, ...)
      local ok, err = pcall(f, ...)
      assert(not ok, "no error")
      assert(string.find(tostring(err), msg, 1, true), "unexpected error: " .. tostring(err))
    end
    """

/// A plain, unsandboxed Lua state with the stock libraries: an oracle to
/// compare against, and a way to make binary chunks.
final class PlainLua {
    let state: OpaquePointer

    init() {
        state = luaL_newstate()!
        luaL_openlibs(state)
    }

    deinit {
        lua_close(state)
    }

    /// Runs `source` and renders its results (or "error: message").
    func evaluate(_ source: String) -> String {
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        guard luaL_loadstring(state, source) == LUA_OK, sl_lua_pcall(state, 0, LUA_MULTRET, 0) == LUA_OK else {
            return "error: " + String(cString: sl_lua_tostring(state, -1))
        }
        var parts: [String] = []
        for index in (top + 1)...max(top + 1, lua_gettop(state)) where index <= lua_gettop(state) {
            parts.append(String(cString: luaL_tolstring(state, index, nil)))
            sl_lua_pop(state, 1)
        }
        return parts.joined(separator: "\t")
    }

    /// The binary chunk `string.dump` makes of `source`.
    func binaryChunk(of source: String) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        precondition(luaL_loadstring(state, source) == LUA_OK)
        _ = lua_dump(
            state,
            { _, data, size, context in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                sink.bytes += UnsafeRawBufferPointer(start: data, count: size)
                return 0
            }, Unmanaged.passUnretained(sink).toOpaque(), 0)
        return sink.bytes
    }
}
