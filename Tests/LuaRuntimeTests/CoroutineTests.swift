import Testing

@testable import LuaRuntime

/// coroutine.resume/wrap/close are replaced (Sources/CLuaSupport/coroutines.c)
/// so the budget follows the running thread; they must behave as stock.
@Suite struct CoroutineTests {
    static let cases: [String] = [
        "local co = coroutine.create(function(a, b) local c = coroutine.yield(a + b) return c * 2 end) return coroutine.resume(co, 1, 2), coroutine.resume(co, 5), coroutine.resume(co)",
        "local co = coroutine.create(function() error('boom') end) return coroutine.resume(co)",
        "local co = coroutine.create(function() error({}) end) local ok, e = coroutine.resume(co) return ok, type(e), coroutine.status(co)",
        "return coroutine.resume(coroutine.running())",
        "return pcall(coroutine.resume, 42)",
        "local co co = coroutine.create(function() return coroutine.resume(co) end) return coroutine.resume(co)",
        "local outer = coroutine.running() local co = coroutine.create(function() return coroutine.resume(outer) end) return coroutine.resume(co)",
        "local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end) return gen(), gen(), gen(), gen()",
        "local gen = coroutine.wrap(function() for i = 1, 1 do coroutine.yield(i) end end) gen() gen() return pcall(gen)",
        "local f = coroutine.wrap(function() error('wrapped boom') end) return pcall(f)",
        "local f = coroutine.wrap(function() error({code = 7}) end) local ok, e = pcall(f) return ok, e.code",
        "return pcall(coroutine.wrap, 1)",
        "local co = coroutine.create(function() coroutine.yield() end) coroutine.resume(co) return coroutine.close(co), coroutine.status(co)",
        "local co = coroutine.create(function() error('x') end) coroutine.resume(co) return coroutine.close(co)",
        "return pcall(coroutine.close, coroutine.running())",
        """
        local log = {}
        local co = coroutine.create(function()
          local a <close> = setmetatable({}, {__close = function() log[#log + 1] = 'closed' end})
          coroutine.yield()
        end)
        coroutine.resume(co)
        return coroutine.close(co), table.concat(log)
        """,
        """
        local co = coroutine.create(function()
          local a <close> = setmetatable({}, {__close = function() error('in close') end})
          coroutine.yield()
        end)
        coroutine.resume(co)
        return coroutine.close(co)
        """,
        "local co = coroutine.wrap(function(...) return select('#', ...), ... end) return co(1, nil, 3)",
        "local co = coroutine.create(function() return coroutine.isyieldable(), coroutine.status(coroutine.running()) end) return coroutine.resume(co)",
        "local co = coroutine.create(function() end) coroutine.resume(co) return coroutine.resume(co)",
        "return coroutine.isyieldable(), select(2, coroutine.running())",
    ]

    @Test(arguments: cases)
    func coroutineFunction_behavesAsStock(source: String) throws {
        let wrapped = """
            local function render(...)
              local out = {}
              for i = 1, select('#', ...) do out[#out + 1] = tostring((select(i, ...))):gsub('^[^:]*:%d+: ', ''):gsub('0x%x+', 'ADDR') end
              return table.concat(out, '|')
            end
            return render((function() \(source) end)())
            """
        let lua = try makeRuntime()
        let ours = try run(lua, wrapped).first?.stringValue ?? "nil"
        #expect(ours == PlainLua().evaluate(wrapped))
    }

    @Test func yieldAcrossAHostFunction_isAnError() throws {
        let lua = try makeRuntime()
        try lua.register("callback") { [unowned lua] args throws(LuaError) in try lua.call(try args.function(1)) }
        let results = try run(
            lua, "return coroutine.resume(coroutine.create(function() callback(function() coroutine.yield() end) end))")
        #expect(results.first == false)
        #expect(results.last?.stringValue?.contains("attempt to yield") == true)
    }
}
