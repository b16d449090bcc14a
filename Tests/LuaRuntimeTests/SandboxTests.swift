import Testing

@testable import LuaRuntime

/// What scripts can reach. Every escape attempt must end in a clear error
/// (or a harmless result) and leave the runtime usable: never a crash or hang.
@Suite struct SandboxTests {
    struct Escape: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let kind: LuaError.Kind
        let message: String
        var testDescription: String { name }
    }

    static let escapes: [Escape] = [
        Escape(
            name: "io.open", source: "return io.open('/etc/passwd')", kind: .runtime,
            message: "attempt to index a nil value (global 'io')"),
        Escape(
            name: "os.execute", source: "return os.execute('echo pwned')", kind: .runtime,
            message: "attempt to call a nil value (field 'execute')"),
        Escape(
            name: "os.exit", source: "os.exit(1)", kind: .runtime,
            message: "attempt to call a nil value (field 'exit')"),
        Escape(
            name: "os.getenv", source: "return os.getenv('HOME')", kind: .runtime,
            message: "attempt to call a nil value (field 'getenv')"),
        Escape(
            name: "os.remove", source: "return os.remove('/tmp/x')", kind: .runtime,
            message: "attempt to call a nil value (field 'remove')"),
        Escape(
            name: "require", source: "return require('os')", kind: .runtime,
            message: "attempt to call a nil value (global 'require')"),
        Escape(
            name: "package.loadlib", source: "return package.loadlib('libc.so.6', 'system')", kind: .runtime,
            message: "attempt to index a nil value (global 'package')"),
        Escape(
            name: "debug", source: "return debug.getregistry()", kind: .runtime,
            message: "attempt to index a nil value (global 'debug')"),
        Escape(
            name: "dofile", source: "return dofile('/etc/passwd')", kind: .runtime,
            message: "attempt to call a nil value (global 'dofile')"),
        Escape(
            name: "loadfile", source: "return loadfile('/etc/passwd')", kind: .runtime,
            message: "attempt to call a nil value (global 'loadfile')"),
        Escape(
            name: "string.dump", source: "return load(string.dump(print))", kind: .runtime,
            message: "attempt to call a nil value (field 'dump')"),
        Escape(
            name: "binary chunk made elsewhere", source: "local f, err = load(binary) assert(f, err)", kind: .runtime,
            message: "attempt to load a binary chunk (mode is 't')"),
        Escape(
            name: "binary chunk with mode b", source: "local f, err = load(binary, 'x', 'b') assert(f, err)",
            kind: .runtime, message: "attempt to load a binary chunk (mode is 't')"),
        Escape(
            name: "binary chunk through a reader",
            source:
                "local done local f, err = load(function() if not done then done = true return binary end end) assert(f, err)",
            kind: .runtime, message: "attempt to load a binary chunk (mode is 't')"),
        Escape(
            name: "setmetatable(_G, nil)", source: "setmetatable(_G, nil)", kind: .runtime,
            message: "cannot change a protected metatable"),
        Escape(
            name: "getmetatable(_G).__index", source: "return getmetatable(_G).__index", kind: .runtime,
            message: "attempt to index a boolean value"),
        Escape(
            name: "assign a host global", source: "expect = function() end", kind: .runtime,
            message: "cannot assign to read-only global 'expect'"),
        Escape(
            name: "rawset on a host global", source: "rawset(_G, 'expect', 1)", kind: .runtime,
            message: "cannot assign to read-only global 'expect'"),
        Escape(
            name: "rawset through _ENV", source: "rawset(_ENV, 'print', nil)", kind: .runtime,
            message: "cannot assign to read-only global 'print'"),
        Escape(
            name: "assign a stdlib global", source: "pcall = nil", kind: .runtime,
            message: "cannot assign to read-only global 'pcall'"),
        Escape(
            name: "change a library", source: "string.format = nil", kind: .runtime,
            message: "cannot assign to field 'format' of a read-only table"),
        Escape(
            name: "rawset on a library", source: "rawset(string, 'find', print)", kind: .runtime,
            message: "cannot modify a read-only table"),
        Escape(
            name: "rawset on a host library", source: "rawset(sheet, 'present', print)", kind: .runtime,
            message: "cannot modify a read-only table"),
        Escape(
            name: "string metatable", source: "getmetatable('').__index.rep = nil", kind: .runtime,
            message: "attempt to index a boolean value"),
        Escape(
            name: "replace the string metatable", source: "setmetatable('', {})", kind: .runtime,
            message: "bad argument #1 to 'setmetatable' (table expected, got string)"),
        Escape(
            name: "library metatable", source: "setmetatable(string, nil)", kind: .runtime,
            message: "cannot change a protected metatable"),
        Escape(
            name: "collectgarbage stop", source: "collectgarbage('stop')", kind: .runtime,
            message: "option 'stop' is not allowed"),
        Escape(
            name: "collectgarbage generational", source: "collectgarbage('generational')", kind: .runtime,
            message: "option 'generational' is not allowed"),
        Escape(
            name: "collectgarbage setpause", source: "collectgarbage('setpause', 1000)", kind: .runtime,
            message: "option 'setpause' is not allowed"),
        Escape(
            name: "finalizer that loops", source: "setmetatable({}, {__gc = function() while true do end end})",
            kind: .runtime, message: "__gc metamethods are not allowed"),
        Escape(
            name: "deep recursion", source: "local function f(n) return 1 + f(n + 1) end return f(1)",
            kind: .memory, message: "not enough memory"),
        Escape(
            name: "deep C recursion",
            source:
                "local t = setmetatable({}, {}) getmetatable(t).__index = function(t, k) return t[k] end return t.x",
            kind: .runtime, message: "stack overflow"),
        Escape(
            name: "huge string.rep", source: "return string.rep('x', 1 << 28)", kind: .memory,
            message: "not enough memory"),
        Escape(
            name: "huge string.rep over int", source: "return string.rep('x', 1 << 62)", kind: .runtime,
            message: "resulting string too large"),
        Escape(
            name: "string doubling", source: "local s = 'x' while true do s = s .. s end", kind: .memory,
            message: "not enough memory"),
        Escape(
            name: "table bomb", source: "local t = {} for i = 1, 1e9 do t[i] = {i} end", kind: .memory,
            message: "not enough memory"),
        Escape(
            name: "table bomb in pcall",
            source:
                "local t = {} pcall(function() for i = 1, 1e9 do t[i] = {} end end) for i = 1, 1e9 do t[#t + 1] = {} end",
            kind: .memory, message: "not enough memory"),
        Escape(
            name: "error object whose __tostring loops",
            source: "error(setmetatable({}, {__tostring = function() while true do end end}))", kind: .budget,
            message: "budget exceeded"),
        Escape(
            name: "error object whose __tostring errors",
            source: "error(setmetatable({}, {__tostring = function() error('nested failure') end}))", kind: .runtime,
            message: "nested failure"),
        Escape(
            name: "infinite loop in pcall", source: "pcall(function() while true do end end)", kind: .budget,
            message: "budget exceeded"),
        Escape(
            name: "infinite loop in a coroutine", source: "coroutine.wrap(function() while true do end end)()",
            kind: .budget, message: "budget exceeded"),
        Escape(
            name: "infinite loop in an xpcall handler", source: "xpcall(error, function() while true do end end)",
            kind: .budget, message: "budget exceeded"),
        Escape(
            name: "catastrophic pattern", source: "return string.rep('a', 5000):match('.-.-.-.-.-.-.-.-b')",
            kind: .budget, message: "budget exceeded"),
        Escape(
            name: "load with a foreign environment", source: "return load('return io', 'x', 't', _G)().open",
            kind: .runtime,
            message: "attempt to index a nil value"),
        Escape(
            name: "coroutine bomb", source: "local function f() return coroutine.wrap(f)() end return f()",
            kind: .runtime,
            message: "C stack overflow"),
    ]

    func sandbox(budget: Int = testBudget) throws -> LuaRuntime {
        let lua = try makeRuntime(budget: budget)
        try lua.register("expect") { _ throws(LuaError) in [] }
        try lua.register("present", in: "sheet") { _ throws(LuaError) in [] }
        try lua.setGlobal("binary", .string(LuaString(bytes: PlainLua().binaryChunk(of: "return 'escaped'"))))
        return lua
    }

    @Test(arguments: escapes)
    func escapeAttempt_endsInAClearError_andTheRuntimeStaysUsable(escape: Escape) throws {
        // A memory bomb gets a long budget, so that the cap comes first even
        // when a sanitizer makes the code several times slower.
        let lua = try sandbox(budget: escape.kind == .memory ? 10_000 : testBudget)
        let error = expectError(lua, escape.source, escape.kind, escape.message)
        if escape.kind == .runtime || escape.kind == .budget {
            #expect(error?.file != nil, "no position: \(String(describing: error))")
        }
        expectUsable(lua)
        #expect(
            try run(lua, "return type(io), type(os.execute), type(string.dump), type(debug)")
                == ["nil", "nil", "nil", "nil"])
    }

    @Test func escapeTable_hasAtLeastTwentyAttempts() {
        #expect(SandboxTests.escapes.count >= 20)
    }

    /// The same kind of checks written in Lua, as Lua's own testes/ do.
    @Test func sandboxChecks_writtenInLua() throws {
        let lua = try sandbox()
        let results = try run(
            lua,
            luaTestPrelude + """

                checkerr("cannot assign to read-only global 'expect'", function() expect = 1 end)
                checkerr("cannot assign to read-only global 'print'", rawset, _G, "print", 1)
                checkerr("cannot change a protected metatable", setmetatable, _G, {})
                checkerr("cannot modify a read-only table", rawset, table, "insert", print)
                checkerr("cannot assign to field 'pi' of a read-only table", function() math.pi = 3 end)
                checkerr("option 'incremental' is not allowed", collectgarbage, "incremental")
                checkerr("__gc metamethods are not allowed", setmetatable, {}, {__gc = print})
                checkerr("attempt to load a binary chunk", function() assert(load(binary)) end)
                checkerr("attempt to call a nil value", function() return string.dump(print) end)
                checkerr("invalid capture index", string.gsub, "abc", "(a)", "%2")
                checkerr("malformed pattern", string.find, "abc", "[a")
                checkerr("position out of bounds", table.insert, {1, 2}, 5, 0)
                assert(getmetatable("") == false and getmetatable(_G) == false and getmetatable(string) == false)
                assert(select('#', load("return 1")) == 1 and load("return ...", "c", "t", {})(7) == 7)
                return "all passed"
                """)
        #expect(results == ["all passed"])
    }

    // MARK: What scripts see

    @Test func globals_areExactlyTheSandboxedSet() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            """
            local names = {}
            for name in pairs(getmetatable ~= nil and {
              assert=1, error=1, getmetatable=1, ipairs=1, next=1, pairs=1, pcall=1, rawequal=1, rawget=1,
              rawlen=1, rawset=1, select=1, setmetatable=1, tonumber=1, tostring=1, type=1, xpcall=1, warn=1,
              load=1, print=1, collectgarbage=1, _VERSION=1,
              string=1, table=1, math=1, utf8=1, coroutine=1, os=1} or {}) do
              if _G[name] == nil then names[#names + 1] = name end
            end
            local absent = {}
            for _, name in ipairs {'io', 'package', 'require', 'debug', 'dofile', 'loadfile', 'module',
                                    'setfenv', 'getfenv', 'loadstring', 'newproxy', 'unpack'} do
              if _G[name] ~= nil then absent[#absent + 1] = name end
            end
            local os_names = {}
            for name in pairs(os) do os_names[#os_names + 1] = name end
            table.sort(os_names)
            return table.concat(names, ','), table.concat(absent, ','), table.concat(os_names, ','), string.dump
            """)
        #expect(results == ["", "", "clock,date,time", nil])
    }

    @Test func libraries_workThroughTheirReadOnlyViews() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            """
            local n = 0
            for name, f in pairs(string) do n = n + 1 end
            return ('%d-%s'):format(3, 'x'), math.max(1, 5), utf8.char(72, 105), #table.pack(1, 2, 3),
              n > 10, os.time{year=2024, month=1, day=1, hour=12} > 0, type(os.clock()), getmetatable(string)
            """)
        #expect(results == ["3-x", 5, "Hi", 3, true, true, "number", false])
    }

    @Test func load_withoutAnEnvironment_givesTheChunkTheCallersGlobals() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            """
            x = 5
            local f = load('y = x + 1 return x, print ~= nil, _G == _ENV')
            local a, b, c = f()
            return a, b, c, y
            """)
        #expect(results == [5, true, true, 6])
    }

    @Test(arguments: [
        ("through pcall", "return select(2, pcall(load, 'return x'))()"),
        (
            "from a function that uses no globals",
            "local load = load local function f() return load('return x')() end local r = f() return r"
        ),
        (
            "from a reader",
            "local done return load(function() if not done then done = true return 'return x' end end)()"
        ),
        ("from a coroutine", "return coroutine.wrap(function() return load('return x')() end)()"),
    ])
    func load_withoutAnEnvironment_seesTheCallersGlobals(_ name: String, call: String) throws {
        let lua = try makeRuntime()
        #expect(try run(lua, "x = 7 " + call) == [7], "\(name)")
    }

    @Test func load_inAnotherChunk_seesThatChunksGlobals_notTheFirsts() throws {
        let lua = try makeRuntime()
        try run(lua, "a = 1")
        #expect(try run(lua, "b = 2 return load('return a, b')()") == [nil, 2])
    }

    @Test func load_calledByTheHost_getsAFreshEnvironment_notTheGlobalsOfTheHostsCaller() throws {
        let lua = try makeRuntime()
        try lua.register("call_with") { [unowned lua] args throws(LuaError) in
            try lua.call(try args.function(1), [try args.value(2)])
        }
        // `load` runs straight from Swift: the first frame above it is the host
        // function's, and what lies below (this chunk) is not its caller.
        #expect(try run(lua, "secret = 1 return call_with(load, 'return secret')()") == [nil])
    }

    @Test func load_ofTextInModeB_failsAsInStockLua() throws {
        let lua = try makeRuntime()
        #expect(
            try run(lua, "return load('return 1', 'n', 'b')") == [nil, "attempt to load a text chunk (mode is 'b')"])
    }

    @Test func load_withAFailingReader_returnsNilAndTheError_asInStockLua() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            "local a, e = load(function() error('hhi', 0) end) local b, f = load(function() return {} end) return a, e, b, f"
        )
        #expect(results == [nil, "hhi", nil, "reader function must return a string"])
    }

    @Test func load_withAnExplicitEnvironment_usesIt() throws {
        let lua = try makeRuntime()
        #expect(try run(lua, "local env = {y = 7} return load('return y', 'c', 't', env)()") == [7])
    }

    @Test func load_withSyntaxError_returnsNilAndMessage() throws {
        let lua = try makeRuntime()
        let results = try run(lua, "return load('return +', '=inline')")
        #expect(results == [nil, "inline:1: unexpected symbol near '+'"], "\(results)")
    }

    @Test func collectgarbage_allowedOptions_work() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            "return type(collectgarbage('count')), collectgarbage(), collectgarbage('isrunning'), type(collectgarbage('step', 1))"
        )
        #expect(results == ["number", 0, true, "boolean"])
    }

    @Test func collectgarbage_unknownOption_isInvalid_asInStockLua() throws {
        let lua = try makeRuntime()
        expectError(
            lua, "collectgarbage('nooption')", .runtime,
            "bad argument #1 to 'collectgarbage' (invalid option 'nooption')")
    }

    @Test func errorMessages_nameLibraryFunctions_calledWithoutAName() throws {
        let lua = try makeRuntime()
        // Called from pcall, a function's name comes from the loaded modules.
        let results = try run(lua, "return select(2, pcall(collectgarbage, {})), select(2, pcall(string.rep))")
        #expect(
            results == [
                "bad argument #1 to 'collectgarbage' (string expected, got table)",
                "bad argument #1 to 'string.rep' (string expected, got no value)",
            ])
    }

    @Test func rawset_onOrdinaryTables_stillWorks() throws {
        let lua = try makeRuntime()
        #expect(
            try run(
                lua,
                "local t = setmetatable({}, {__newindex = error}) rawset(t, 'a', 1) mine = 2 rawset(_G, 'other', 3) return t.a, mine, other"
            ) == [1, 2, 3])
    }

    @Test func stringMethods_useTheGuardedPatternFunctions() throws {
        let lua = try makeRuntime()
        #expect(try run(lua, "return ('key=value'):match('(%w+)=(%w+)')") == ["key", "value"])
    }
}
