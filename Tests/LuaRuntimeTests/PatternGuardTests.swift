import Testing

@testable import LuaRuntime

/// The guarded pattern functions (Sources/CLuaSupport/patterns.c) against
/// the stock lstrlib ones, kept in the test runtime as `stock`.
@Suite struct PatternGuardTests {
    /// Arguments as Lua source, after the function name.
    static let findAndMatch: [String] = [
        "'hello world', 'o w'", "'hello world', 'o', 6", "'hello world', 'o', -3", "'hello', 'l+'", "'hello', '^h'",
        "'hello', '^e'", "'hello', 'o$'", "'hel$lo', 'l$l'", "'  trim  ', '^%s*(.-)%s*$'", "'key=value', '(%w+)=(%w+)'",
        "'abc', '()b()'", "'THE (quick) fox', '%((%a+)%)'", "'f(a(b)c)d', '%b()'", "'f(a(b)c', '%b()'",
        "'THE (quick) fox', '%f[%a]%a+'", "'hello hello', '(h%a+) %1'", "'aaa', 'a-'", "'aaa', 'a-$'", "'aaa', 'a*'",
        "'abc', '[a-b]+'", "'a]b', '[]]'", "'a]b', '[^]]+'", "'a^b', '[%^]'", "'a-b', '[a%-]+'", "'x', '[^x]'",
        "'123abc', '%d+'", "'123abc', '%D+'", "'', ''", "'abc', '', 10", "'abc', '', 4", "'abc', 'b', -1",
        "'abc', 'b', -10",
        "'a.b', '.', 1, true", "'a+b', '+', 1, true", "'hello\\0world', 'o\\0w'", "'hello\\0world', '%z'",
        "'date: 2024-01-02', '(%d+)-(%d+)-(%d+)'", "'aXb', '%u'", "'a,b,,c', '([^,]*)'", "'abc', 'a?b?c?d?'",
        "'[[x]]', '%[%[(.-)%]%]'", "'x = 1', '^(%w+)%s*=%s*(%d+)$'", "'  ', '%s+$'", "'abc', '((a)(b))'",
        "'abcd', '(a)(b)(c)(d)'", "'THE', '%l'", "'_id9 x', '[%a_][%w_]*'", "'one two', '%f[%w]%w+', 2",
        "'aaab', '.-b'", "'x', '[%a-z]'", "'-', '[a-]'", "'a', '[]'", "'a\\n', '%c'", "'\\t x', '%s%S'",
        "'ab12', '%x+'", "'!?', '%p+'", "'ab', '%w%W?'", "'AbC', '%A'", "'äö', '.'", "'abc', '%a+', 2",
        "'hello', '(l)(l)', 1", "'hello', 'l', 5", "'aaa', '(a*(.))%2'", "'[x]', '[[]'", "'a%b', '%%'",
        "'abc', 'c$', 3", "'abcabc', 'b()'", "'aaa', '^a-$'", "'12.5e3', '^[+-]?%d+%.?%d*[eE]?%d*$'",
        "'THE END', '%f[%z]'", "'x', '%f[^x]'", "'ab', '()()()'", "'xy', 'x*y*z*'",
        // malformed patterns: the errors must match too
        "'abc', '[a'", "'abc', '%'", "'abc', '(()'", "'abc', '%b'", "'abc', '%ba'", "'abc', '%f'", "'abc', '%fx'",
        "'abc', '%1'", "'abc', '(a)%2'", "'abc', ')'", "'abc', 'a)'", "'abc', '(a'", "'abc', '[^'", "'abc', '%0'",
        "'abc', string.rep('()', 33)", "nil, 'a'", "'abc', {}", "'abc', 'a', 'x'",
    ]

    static let gmatch: [String] = [
        "'one two three', '%a+'", "'k1=v1, k2=v2', '(%w+)=(%w+)'", "'abc', ''", "'hello', 'l*'", "'abc', '()'",
        "'abcabc', 'a', 2", "'abcabc', 'a', -3", "'abc', 'x', 10", "'^a^a', '^a'", "'a,b,,c', '([^,]*)'",
        "'THE (quick) (brown) fox', '%((%a+)%)'", "'a1b2c3', '%a(%d)'", "'aaa', 'a-'", "'x', '[a'",
    ]

    static let gsub: [String] = [
        "'hello world', 'o', '0'", "'hello world', 'o', '0', 1", "'abc', '%w', '%0%0'", "'abc', '', '-'",
        "'hello world', '(%w+) (%w+)', '%2 %1'", "'abc', 'b', '%%'", "'abc', 'b', '<%1>'", "'abc', 'b', '%2'",
        "'abc', 'b', '%'", "'abc', 'b', '%x'", "'abc', '%w', {a = 1, b = true}", "'abc', '%w', {a = 'A', c = false}",
        "'abc', '%w', function(c) if c == 'b' then return nil end return c:upper() end",
        "'abc', '%w', function(c) return {} end", "'abc', '()b', function(p) return p * 10 end",
        "'abc', '()', {[1] = 'one', [4] = 'four'}", "'hello', '^h', 'H'", "'hello', '^l', 'L'", "'aaa', 'a*', '-'",
        "'aaa', 'a-', '-'", "'x y z', '%s', '', 5", "'x y', '%s', 7", "'abc', 'b', 'x', -1", "'abc', 'b', 'x', 0",
        "'a.b.c', '%.', '/'", "'abc', '(b)', '%1%1'", "'abc', 'b', 'x', 1.5", "'abc', 'b', nil",
    ]

    static func equivalence(_ function: String, _ arguments: String) throws -> (ours: String, stock: String) {
        let lua = try makeRuntime()
        lua.exposeStockStringFunctions(as: "stock")
        let script = """
            local function render(ok, ...)
              local out = {tostring(ok)}
              for i = 1, select('#', ...) do
                local v = select(i, ...)
                out[#out + 1] = (math.type(v) or type(v)) .. ':' .. tostring(v):gsub("'[^']*'", "'F'")
              end
              return table.concat(out, '|')
            end
            local function apply(f, ...)
              if f == string.gmatch or f == stock.gmatch then
                local ok, iterator = pcall(f, ...)
                if not ok then return render(false, iterator) end
                local all = {}
                for i = 1, 50 do
                  local got = table.pack(pcall(iterator))
                  if not got[1] or got[2] == nil then all[#all + 1] = render(table.unpack(got, 1, got.n)) break end
                  all[#all + 1] = render(table.unpack(got, 1, got.n))
                end
                return table.concat(all, ' ; ')
              end
              return render(pcall(f, ...))
            end
            return apply(string.\(function), \(arguments)), apply(stock.\(function), \(arguments))
            """
        let results = try run(lua, script)
        return (results[0].description, results[1].description)
    }

    @Test(arguments: findAndMatch)
    func find_matchesStock(arguments: String) throws {
        let (ours, stock) = try PatternGuardTests.equivalence("find", arguments)
        #expect(ours == stock)
    }

    @Test(arguments: findAndMatch)
    func match_matchesStock(arguments: String) throws {
        let (ours, stock) = try PatternGuardTests.equivalence("match", arguments)
        #expect(ours == stock)
    }

    @Test(arguments: gmatch)
    func gmatch_matchesStock(arguments: String) throws {
        let (ours, stock) = try PatternGuardTests.equivalence("gmatch", arguments)
        #expect(ours == stock)
    }

    @Test(arguments: gsub + findAndMatch.filter { !$0.contains("true") }.map { $0 + ", '<%0>'" })
    func gsub_matchesStock(arguments: String) throws {
        let (ours, stock) = try PatternGuardTests.equivalence("gsub", arguments)
        #expect(ours == stock)
    }

    /// Lua 5.4 returns the subject itself when nothing changed: no copy, so
    /// the same string object (`%p` shows its address) and no memory spent.
    @Test(arguments: [
        "s, 'y', 'z'", "s, 'x', function() end", "s, 'x', {}", "s, 'x', 'y', 0", "s, '(x)', {y = 'z'}",
    ])
    func gsub_thatSubstitutesNothing_returnsTheSubjectItself(arguments: String) throws {
        let lua = try makeRuntime()
        lua.exposeStockStringFunctions(as: "stock")
        let source = """
            local s = string.rep('x', 100)
            local r, n = string.gsub(\(arguments))
            local sr, sn = stock.gsub(\(arguments))
            return string.format('%p', r) == string.format('%p', s), n, string.format('%p', sr) == string.format('%p', s), sn
            """
        let results = try run(lua, source)
        #expect(
            results.count == 4 && results[0] == true && results[2] == true && results[1] == results[3], "\(results)")
    }

    @Test(arguments: [
        "'abc', 3", "'abc', 0", "'abc', -1", "'', 5", "'ab', 3, ', '", "'x', 2, ''", "'', 3, '-'", "'abc', 'x'",
        "nil, 1",
    ])
    func rep_matchesStock(arguments: String) throws {
        let (ours, stock) = try PatternGuardTests.equivalence("rep", arguments)
        #expect(ours == stock)
    }

    @Test func stockFunctions_areReallyDifferentFunctions() throws {
        let lua = try makeRuntime()
        lua.exposeStockStringFunctions(as: "stock")
        #expect(try run(lua, "return stock.find ~= string.find, ('x').find == string.find") == [true, true])
    }

    @Test func catastrophicPattern_stopsWithinTheBudget_andOrdinaryPatternsAreFast() throws {
        let lua = try makeRuntime()
        let started = threadCPUTime()
        expectError(lua, "return string.rep('a', 20000):find(string.rep('.-', 12) .. 'b')", .budget, "budget exceeded")
        #expect(threadCPUTime() - started < .seconds(5))
        #expect(
            try run(lua, "local n = 0 for w in string.rep('word ', 20000):gmatch('%a+') do n = n + 1 end return n") == [
                20000
            ])
    }
}
