import Testing

@testable import LuaRuntime

/// The guarded table functions (Sources/CLuaSupport/tables.c) give the same
/// results as the stock ones (run in a plain, unsandboxed state).
@Suite struct TableLibraryTests {
    static let render = """
        local function render(ok, ...)
          local out = {tostring(ok)}
          for i = 1, select('#', ...) do
            local v = select(i, ...)
            if type(v) == 'table' then
              local parts = {}
              for j = 1, 10 do parts[j] = tostring(rawget(v, j)) end
              v = '{' .. table.concat(parts, ',') .. '}'
            end
            out[#out + 1] = (math.type(v) or type(v)) .. ':' .. tostring(v):gsub("'[^']*'", "'F'"):gsub('^[^:]*:%d+: ', '')
          end
          return table.concat(out, '|')
        end
        """

    static let cases: [String] = [
        "local t = {1, 2, 3} table.insert(t, 4) return t",
        "local t = {1, 2, 3} table.insert(t, 1, 0) return t",
        "local t = {1, 2, 3} table.insert(t, 4, 9) return t",
        "local t = {1, 2, 3} table.insert(t, 5, 9) return t",
        "local t = {1, 2, 3} table.insert(t, 0, 9) return t",
        "local t = {} table.insert(t, 1, 'a') return t",
        "return table.insert({}, 1, 2, 3)",
        "return table.insert({})",
        "return table.insert(nil, 1)",
        "return table.insert({}, 'x', 1)",
        "local t = {1, 2, 3} return table.remove(t), t",
        "local t = {1, 2, 3} return table.remove(t, 1), t",
        "local t = {1, 2, 3} return table.remove(t, 4), t",
        "local t = {1, 2, 3} return table.remove(t, 5), t",
        "local t = {} return table.remove(t), table.remove(t, 0), t",
        "local t = {[0] = 'z'} return table.remove(t, 0), t[0]",
        "local t = {1, 2, 3, 4, 5} return table.move(t, 2, 4, 1), t",
        "local t = {1, 2, 3, 4, 5} return table.move(t, 1, 3, 3), t",
        "local t = {1, 2, 3} return table.move(t, 1, 3, 1, {}), t",
        "return table.move({1, 2}, 1, 0, 5)",
        "return table.move({}, -1, math.maxinteger, 2)",
        "return table.move({}, 1, math.maxinteger, 2)",
        "return table.move({}, 1, 2, math.maxinteger)",
        "return table.concat({1, 2, 3})",
        "return table.concat({1, 2, 3}, ', ')",
        "return table.concat({1, 2, 3}, ', ', 2)",
        "return table.concat({1, 2, 3}, ', ', 2, 3)",
        "return table.concat({1, 2, 3}, ', ', 3, 2)",
        "return table.concat({'a', 2.5, 'c'}, '-')",
        "return table.concat({1, {}, 3})",
        "return table.concat({1, 2}, ', ', 1, 3)",
        "return table.concat({}, 'x')",
        "local t = {5, 2, 8, 1, 9, 3} table.sort(t) return t",
        "local t = {5, 2, 8, 1, 9, 3} table.sort(t, function(a, b) return a > b end) return t",
        "local t = {'b', 'a', 'c'} table.sort(t) return t",
        "local t = {3, 'a'} table.sort(t) return t",
        "local t = {1, 2, 3} table.sort(t, 1) return t",
        "local t = {} table.sort(t) return t",
        "local t = {2, 1} table.sort(t) return t",
        "local t = {3, 1, 2} table.sort(t) return t",
        "local t = {1, 1, 1, 1, 1, 1, 1} table.sort(t) return t",
        """
        local log = {}
        local proxy = setmetatable({}, {__index = function(_, k) return 10 - k end,
          __newindex = function(_, k, v) log[#log + 1] = k .. '=' .. v end, __len = function() return 3 end})
        table.insert(proxy, 1, 'x') return table.concat(log, ' ')
        """,
        "return table.concat(setmetatable({}, {__index = function(_, k) return 'v' .. k end, __len = function() return 3 end}))",
        "return table.unpack({1, 2, 3}), table.pack(1, nil, 3).n",
    ]

    @Test(arguments: cases)
    func tableFunction_matchesStock(source: String) throws {
        let wrapped = TableLibraryTests.render + "\nreturn render(pcall(function()\n" + source + "\nend))"
        let lua = try makeRuntime()
        let ours = try run(lua, wrapped).first?.stringValue ?? "nil"
        let stock = PlainLua().evaluate(wrapped)
        #expect(ours == stock)
    }

    @Test(arguments: [1, 2, 3, 10, 100, 1000, 5000])
    func sort_sortsRandomArrays(count: Int) throws {
        let lua = try makeRuntime(budget: 5_000)
        let results = try run(
            lua,
            """
            local n = \(count)
            local t, u = {}, {}
            for i = 1, n do t[i] = math.random(1, n // 2 + 1) u[i] = tostring(math.random(1, 100)) end
            table.sort(t) table.sort(u, function(a, b) return a > b end)
            for i = 2, n do
              if t[i - 1] > t[i] then return 'unsorted at ' .. i end
              if u[i - 1] < u[i] then return 'unsorted strings at ' .. i end
            end
            return #t, #u
            """)
        #expect(results == [.integer(count), .integer(count)])
    }

    @Test func sort_withAnInconsistentOrder_failsCleanly() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            "local t = {} for i = 1, 100 do t[i] = i % 7 end return pcall(table.sort, t, function(a, b) return true end)"
        )
        #expect(results.first == false)
        #expect(results.last?.stringValue?.contains("invalid order function for sorting") == true)
    }
}
