/// Lua source for hostile values: what a script could hand the host as a
/// hook's answer or a host function's argument. Built as source because
/// most of them cannot be built from Swift (cycles, metatables, functions,
/// coroutines).
///
/// Every expression is self-contained (helpers are inlined as immediately
/// called functions), so it can be pasted into any chunk and quoted in a
/// failure report.
struct LuaValueSource {
    var rng: FuzzRandom
    /// Host function names a value may call or be (`set`, `view`...).
    var hostNames: [String]

    init(rng: FuzzRandom, hostNames: [String]) {
        self.rng = rng
        self.hostNames = hostNames.isEmpty ? ["print"] : hostNames
    }

    static let integers = [
        "0", "1", "-1", "2", "42", "math.maxinteger", "math.mininteger", "math.maxinteger - 1", "-math.maxinteger",
        "9007199254740993", "1 << 62", "math.mininteger // -1", "4503599627370496", "600000", "-600000",
    ]

    static let floats = [
        "0.0", "-0.0", "0/0", "-(0/0)", "math.huge", "-math.huge", "1e308 * 10", "5e-324", "2^63", "-2^63",
        "2^53 + 1", "0.1 + 0.2", "1e15", "1e16 + 0.5", "-1e-300", "391.5", "250.5",
    ]

    /// Answers hooks accept and near misses of them.
    static let words = [
        "present", "queue", "drop", "replace", "present_next", "hold", "drop_held", "dismiss", "medium", "large",
        "height(200)", "height(-1)", "height(1e400)", "height(nan)", "height(0x10)", "fraction(0.5)", "fraction(-1)",
        "fraction(1e308)", "fraction()", "custom(bar)", "custom()", "custom(a.b)", "custom(bar", "PRESENT",
        " present", "present ", "Present", "enqeue", "", "nil", "true", "portrait", "landscape",
        "iphone15-ios17", "iphonese-ios14.4", "ipadpro11-ios16.4", "ContentView", "ContentView.item", "item",
        "ContentView.detent", "detent", "show", "Nope.slot", ".", "..", "a.b.c", "ContentView.", ".item",
        "_G", "__index", "__gc", "%s%s%s%n", "\\\\", "/etc/passwd", "/", "examples/policies/queue.lua",
    ]

    /// Strings of odd bytes, as Lua escapes.
    static let oddStrings = [
        #""pre\0sent""#, #""\0""#, #""\xff\xfe""#, #""\xed\xa0\x80""#, #""\xc0\x80""#, #""\xf4\x90\x80\x80""#,
        #""\u{10FFFF}""#, #""\u{7FFFFFFF}""#, #""line\nbreak\r\n\t""#, #""\27[31mred\27[0m""#,
        #""\u{202E}gnp.exe""#, #"("\xff"):rep(1000)"#,
    ]

    /// A value expression.
    mutating func value(depth: Int = 0) -> String {
        let roll = rng.below(depth > 2 ? 6 : 22)
        switch roll {
        case 0: return rng.pick(["nil", "true", "false"])
        case 1: return rng.pick(Self.integers)
        case 2: return rng.pick(Self.floats)
        case 3, 4: return quoted(rng.pick(Self.words))
        case 5: return rng.pick(Self.oddStrings)
        case 6: return hugeString()
        case 7, 8: return table(depth: depth)
        case 9: return shapedTable(depth: depth)
        case 10: return deepTable()
        case 11: return cyclicTable()
        case 12: return hugeTable()
        case 13, 14: return withMetatable(depth: depth)
        case 15: return function()
        case 16: return coroutine()
        case 17: return view()
        case 18: return rng.pick(["ctx", "ctx and ctx.item", "ctx and ctx.detents", "_ENV", "_G", "string", "math"])
        case 19, 20: return sharedTable()
        default: return rng.pick(["tostring(nil)", "#\"abc\"", "select('#')", "(...)", "..."])
        }
    }

    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    mutating func hugeString() -> String {
        let size = rng.pick(["1 << 10", "1 << 16", "1 << 20", "1 << 22", "1 << 24", "1e9", "-1"])
        return rng.chance(0.5) ? "string.rep(\"x\", \(size))" : "(\"ab\"):rep(\(size), \"\\0\")"
    }

    mutating func key() -> String {
        switch rng.below(8) {
        case 0: return "[\(rng.pick(["1.5", "0", "-1", "true", "false", "{}", "print", "1 << 40", "2^53"]))]"
        case 1: return "[\(rng.pick(Self.oddStrings))]"
        case 2:
            return "[\"\(rng.pick(["__index", "__gc", "__metatable", "__pairs", "__len", "__newindex", "__close"]))\"]"
        default: return rng.pick(["held", "set", "id", "detent", "x", "item", "n", "name", "kind", "text", "state"])
        }
    }

    mutating func table(depth: Int) -> String {
        var parts: [String] = []
        for _ in 0..<rng.below(5) {
            switch rng.below(4) {
            case 0: parts.append(value(depth: depth + 1))
            case 1: parts.append("nil")
            default: parts.append("\(key()) = \(value(depth: depth + 1))")
            }
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// Tables shaped like the answers of `dismissed` and like state.
    mutating func shapedTable(depth: Int) -> String {
        switch rng.below(4) {
        case 0: return "{ held = \(value(depth: depth + 1)), set = \(value(depth: depth + 1)) }"
        case 1:
            let slot = quoted(
                rng.pick([
                    "item", "ContentView.item", "ContentView.detent", "detent", "show", "n", "Nope.x", "", "a.b.c",
                ]))
            return "{ set = { [\(slot)] = \(value(depth: depth + 1)) } }"
        case 2: return "{ id = \(value(depth: depth + 1)), title = \(value(depth: depth + 1)) }"
        default: return "{ held = \(quoted(rng.pick(["present_next", "hold", "drop_held", "nope"]))) }"
        }
    }

    mutating func deepTable() -> String {
        let n = rng.pick(["50", "63", "64", "65", "99", "100", "101", "200", "10000", "100000"])
        let field = rng.chance(0.5) ? "c[1]" : "c.x"
        return "(function() local t = {} local c = t for i = 1, \(n) do \(field) = {} c = \(field) end return t end)()"
    }

    mutating func cyclicTable() -> String {
        rng.pick([
            "(function() local t = {} t[1] = t return t end)()",
            "(function() local t = {} t.self = t return t end)()",
            "(function() local a, b = {}, {} a.b = b b.a = a return a end)()",
            "(function() local t = { held = 'hold' } t.set = { x = t } return t end)()",
            "(function() local t = {} setmetatable(t, { __index = t }) return t end)()",
        ])
    }

    /// Small in Lua, huge as a tree: tables (and strings) that appear many
    /// times in one value, by doubling, fan-out or both, sometimes deep or
    /// wrapped in an answer's shape.
    mutating func sharedTable() -> String {
        let levels = rng.pick(["8", "16", "20", "24", "30", "40", "62"])
        let leaf = rng.pick(["{}", "1", "'x'", "('y'):rep(1 << 12)", "{ id = 1 }", "ctx"])
        let doubled = rng.pick(["{t, t}", "{a = t, b = t}", "{t, t, t, t}", "{t, x = t}", "{id = 1, items = {t, t}}"])
        let shared: String
        switch rng.below(4) {
        case 0:
            shared = "(function() local t = \(leaf) for i = 1, \(levels) do t = \(doubled) end return t end)()"
        case 1:
            let width = rng.pick(["1000", "100000", "1000000"])
            shared = "(function() local e = \(leaf) local t = {} for i = 1, \(width) do t[i] = e end return t end)()"
        case 2:
            // Deep and shared: a chain whose every link holds the rest twice.
            shared =
                "(function() local t = \(leaf) for i = 1, \(levels) do t = { inner = t, again = t } end return t end)()"
        default:
            let width = rng.pick(["100", "1000", "10000"])
            shared =
                "(function() local s = ('z'):rep(1 << 16) local t = {} for i = 1, \(width) do t['k' .. i] = s end return t end)()"
        }
        switch rng.below(4) {
        case 0: return "{ set = { item = \(shared) } }"
        case 1: return "{ id = \(shared) }"
        default: return shared
        }
    }

    mutating func hugeTable() -> String {
        let n = rng.pick(["1000", "100000", "1000000", "1e8"])
        return rng.pick([
            "(function() local t = {} for i = 1, \(n) do t[i] = i end return t end)()",
            "(function() local t = {} for i = 1, \(n) do t['k' .. i] = i end return t end)()",
            "{ [1000000] = 1 }", "{ [1] = 1, [3] = 3 }", "{ [-1] = 1 }", "table.pack(1, nil, 3)",
        ])
    }

    /// A metamethod: one that errors, loops, recurses or answers something.
    mutating func metamethod(depth: Int) -> String {
        switch rng.below(6) {
        case 0: return "function() error('metamethod') end"
        case 1: return "function() while true do end end"
        case 2: return "function(...) return (...) end"
        case 3: return "function(t, k) return t[k] end"
        case 4: return "function() error(setmetatable({}, { __tostring = function() while true do end end })) end"
        default: return "function() return \(value(depth: depth + 2)) end"
        }
    }

    mutating func withMetatable(depth: Int) -> String {
        var fields: [String] = []
        let names = [
            "__index", "__newindex", "__len", "__pairs", "__eq", "__lt", "__le", "__tostring", "__call",
            "__concat", "__close", "__name", "__metatable", "__mode", "__unm", "__gc",
        ]
        for _ in 0..<rng.int(in: 1...3) {
            let name = rng.pick(names)
            switch name {
            case "__mode": fields.append("__mode = \(quoted(rng.pick(["k", "v", "kv"])))")
            case "__name", "__metatable": fields.append("\(name) = \(value(depth: depth + 2))")
            default: fields.append("\(name) = \(metamethod(depth: depth))")
            }
        }
        return
            "setmetatable(\(rng.chance(0.5) ? table(depth: depth + 1) : "{}"), { \(fields.joined(separator: ", ")) })"
    }

    mutating func function() -> String {
        rng.pick([
            "function() end", "function(...) return ... end", "print", "error", "coroutine.yield", "pcall",
            "setmetatable", "load", "string.rep", "function() while true do end end",
            "coroutine.wrap(function() end)", rng.pick(hostNames),
        ])
    }

    mutating func coroutine() -> String {
        rng.pick([
            "coroutine.create(function() end)", "coroutine.running()",
            "(function() local co = coroutine.create(function() coroutine.yield() end) coroutine.resume(co) return co end)()",
            "(function() local co = coroutine.create(function() end) coroutine.resume(co) return co end)()",
            "(function() local co = coroutine.create(function() error('x') end) coroutine.resume(co) return co end)()",
            "(function() local co = coroutine.create(function() "
                + "local x <close> = setmetatable({}, { __close = function() while true do end end }) "
                + "coroutine.yield() end) coroutine.resume(co) return co end)()",
        ])
    }

    /// A view declaration with odd fields and app code that calls the host.
    mutating func view() -> String {
        let name = rng.chance(0.7) ? quoted("F\(rng.below(4))") : value(depth: 3)
        let kind = rng.pick(["sheet", "fullScreenCover"])
        let trigger = rng.chance(0.5) ? "item = \"it\"" : "isPresented = \"on\""
        let content = rng.chance(0.5) ? "function(c) \(hostCall()) return \(value(depth: 3)) end" : value(depth: 3)
        return "{ name = \(name), state = { \"it\", on = false, n = \(value(depth: 3)) }, "
            + "modifiers = { \(kind) { \(trigger), content = \(content), onDismiss = function() \(hostCall()) end } } }"
    }

    /// A call of a host function with random arguments, protected or not.
    mutating func hostCall() -> String {
        let name = rng.pick(hostNames)
        var args: [String] = []
        for _ in 0..<rng.below(4) { args.append(value(depth: 3)) }
        let call =
            rng.chance(0.7)
            ? "pcall(\(([name] + args).joined(separator: ", ")))" : "\(name)(\(args.joined(separator: ", ")))"
        return call
    }
}
