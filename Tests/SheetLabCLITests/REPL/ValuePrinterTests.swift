import Testing

@testable import SheetLabCLI

/// How the REPL prints what an expression gives: Lua values, tables
/// pretty-printed with depth, size and cycle limits.
@Suite struct REPLValuePrinterTests {
    /// What the REPL prints for an input (nothing for no value).
    func printed(_ input: String) throws -> String {
        let (repl, out) = try makeRepl()
        return feed(repl, out, input).out.trimmingTrailingNewlines
    }

    @Test(arguments: [
        ("=1 + 1", "2"),
        ("=1.5", "1.5"),
        ("=10 / 2", "5.0"),
        ("=nil", "nil"),
        ("=true", "true"),
        ("='item 0'", "\"item 0\""),
        ("='a\\n\"b\"\\t\\\\'", #""a\n\"b\"\t\\""#),
        ("='\\1'", #""\001""#),
        ("={}", "{}"),
        ("={1, 2, 3}", "{1, 2, 3}"),
        ("={id = 0}", "{id = 0}"),
        ("={b = 1, a = 2, 10, [5] = 'x'}", "{10, [5] = \"x\", a = 2, b = 1}"),
        ("={['a b'] = 1, ['end'] = 2}", "{[\"a b\"] = 1, [\"end\"] = 2}"),
        ("=1, 'two', nil", "1\t\"two\"\tnil"),
    ])
    func scalarsAndSmallTables_printOnOneLine(input: String, expected: String) throws {
        #expect(try printed(input) == expected)
    }

    @Test func noValue_printsNothing() throws {
        #expect(try printed("x = 1") == "")
        #expect(try printed("print()") == "")
    }

    @Test func cycle_isPrintedOnce_thenMarked() throws {
        #expect(try printed("t = {1}; t.self = t; return t") == "{1, self = <cycle>}")
    }

    @Test func sharedTable_thatIsNotACycle_isPrintedTwice() throws {
        #expect(try printed("local s = {1}; return {s, s}") == "{{1}, {1}}")
    }

    @Test func deepNesting_stopsAtTheDepthLimit() throws {
        #expect(try printed("={{{{{{{1}}}}}}}") == "{{{{{{...}}}}}}")
    }

    @Test func longTable_isCut_withACount() throws {
        let text = try printed("local t = {}; for i = 1, 100 do t[i] = i end; return t")
        #expect(text.contains("... (40 more)"))
        #expect(!text.contains(" 61,"))
    }

    @Test func wideTable_breaksIntoIndentedLines() throws {
        let text = try printed("={first = 'a long string value', second = 'another long string value', third = {1, 2}}")
        #expect(
            text == """
                {
                  first = "a long string value",
                  second = "another long string value",
                  third = {1, 2},
                }
                """)
    }

    @Test func presentation_printsAsATable_fromTheAPI() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 })", "advance(500)")
        let text = feed(repl, out, "top()").out
        #expect(text.contains("phase = \"presented\","))
        #expect(text.contains("item = {id = 0},"))
    }

    @Test func functions_andTostringMetamethods_useTostring() throws {
        #expect(try printed("=print").hasPrefix("builtin: ") || (try printed("=print")).hasPrefix("function: "))
        #expect(try printed("=setmetatable({}, { __tostring = function() return 'Item#1' end })") == "Item#1")
    }

    @Test func readOnlyTables_printTheirContents() throws {
        let text = try printed("=math")
        #expect(text.contains("pi = 3.14"))
    }
}
