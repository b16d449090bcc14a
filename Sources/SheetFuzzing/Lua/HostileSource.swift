/// Whole chunks for the Lua boundary fuzzer: policies whose hooks answer
/// hostile values after doing hostile things, scenario chunks that call the
/// host functions with hostile arguments, and mutated or random policy text.
struct HostileSource {
    var values: LuaValueSource

    init(rng: FuzzRandom, hostNames: [String]) {
        values = LuaValueSource(rng: rng, hostNames: hostNames)
    }

    var rng: FuzzRandom {
        get { values.rng }
        set { values.rng = newValue }
    }

    /// What a hook does before it answers.
    mutating func statement() -> String {
        switch values.rng.below(16) {
        case 0, 1, 2, 3, 4: return ""
        case 5: return "error(\(values.value(depth: 1)))"
        case 6: return "error(\(values.value(depth: 2)), \(values.rng.pick(["0", "1", "2", "3", "100", "-1"])))"
        case 7:
            return values.rng.pick([
                "while true do end", "while true do pcall(error) end", "for i = 1, 1e12 do end",
                "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end",
                "string.find(('a'):rep(1e5), ('a?'):rep(1e5) .. ('a'):rep(1e5))",
                "local s = '' for i = 1, 1e6 do s = s .. 'x' end",
                "table.sort((function() local t = {} for i = 1, 1e5 do t[i] = i end return t end)(), function() return true end)",
                "local f f = function() return f() + 1 end f()",
                "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end",
            ])
        case 8, 9, 10: return values.hostCall()
        case 11: return "if calls % \(values.rng.int(in: 2...5)) == 0 then error('call ' .. calls) end"
        case 12: return "coroutine.wrap(function() \(statement()) end)()"
        case 13:
            return values.rng.pick([
                "local ok = pcall(setmetatable, ctx, {})", "rawset(ctx, 'x', 1)", "ctx.phase = 1",
                "getmetatable('').__index = nil", "collectgarbage()", "collectgarbage('step', 1e9)",
                "collectgarbage('stop')", "string.dump(print)", "coroutine.yield()", "print(ctx)",
                "warn('fuzz', 'warning')",
                "local x <close> = setmetatable({}, { __close = function() error('close') end })",
            ])
        case 14: return "load(\(values.value(depth: 2)))"
        default: return "load(function() return \(values.value(depth: 2)) end)"
        }
    }

    /// A hook: a few statements, then a hostile answer (or several).
    mutating func hook(isRequest: Bool) -> String {
        var body = ["calls = calls + 1"]
        if isRequest, values.rng.chance(0.3) {
            // Hold requests now and then, so there is something for a failure to lose.
            body.append("if ctx and ctx.phase ~= nil and calls % 2 == 1 then return 'queue' end")
        }
        for _ in 0..<values.rng.int(in: 0...2) {
            let s = statement()
            if !s.isEmpty { body.append(s) }
        }
        let answer = values.rng.chance(0.15) ? "\(values.value()), \(values.value())" : values.value()
        body.append("return \(answer)")
        return "function(ctx) " + body.joined(separator: " ") + " end"
    }

    /// A policy whose hooks answer hostile values.
    mutating func policy() -> String {
        var fields: [String] = []
        for name in ["request", "dismissed", "settle", "should_dismiss"] where values.rng.chance(0.7) {
            fields.append("\(name) = \(hook(isRequest: name == "request"))")
        }
        if values.rng.chance(0.7) { fields.append("detents = { bar = \(hook(isRequest: false)) }") }
        return "local calls = 0\nreturn {\n  " + fields.joined(separator: ",\n  ") + ",\n}\n"
    }

    /// A scenario chunk: host functions called with hostile arguments, one of
    /// them `first` so that every function is reached.
    mutating func hostCalls(first: String) -> String {
        var lines = ["local ctx = nil", "local calls = 0"]
        var args: [String] = []
        for _ in 0..<values.rng.below(4) { args.append(values.value(depth: 1)) }
        lines.append("pcall(\(([first] + args).joined(separator: ", ")))")
        for _ in 0..<values.rng.int(in: 0...6) {
            switch values.rng.below(3) {
            case 0: lines.append(statement())
            default: lines.append(values.hostCall())
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Policy text

    static let tokens = [
        "return", "{", "}", "(", ")", "[", "]", "=", "==", "~=", ",", ";", ".", "..", "...", ":", "::", "function",
        "end", "if", "then", "else", "elseif", "while", "do", "repeat", "until", "for", "in", "local", "nil", "true",
        "false", "not", "and", "or", "goto", "break", "#", "-", "+", "*", "/", "//", "%", "^", "<", "<=", ">", ">=",
        "<<", ">>", "&", "|", "~", "<const>", "<close>", "ctx", "request", "dismissed", "settle", "should_dismiss",
        "detents", "invariants", "bar", "\"present\"", "\"queue\"", "\"drop\"", "'replace'", "0", "1",
        "0x7fffffffffffffff",
        "1e309", "0x", "1..2", "[[long]]", "[==[", "]==]", "--", "--[[", "]]", "\"unterminated", "'\\x'",
        "'\\u{110000}'",
        "'\\400'", "\0", "\u{FEFF}", "#!", "@", "$", "`", "\\", "\n", " ",
    ]

    /// Random tokens, most of them Lua's.
    mutating func tokenSoup() -> String {
        var out = ""
        for _ in 0..<values.rng.int(in: 1...60) {
            out += values.rng.pick(Self.tokens) + (values.rng.chance(0.8) ? " " : "")
        }
        return out
    }

    /// A policy's text with a few random edits (the bytes may not be UTF-8).
    mutating func mutate(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<values.rng.int(in: 1...4) {
            guard !bytes.isEmpty else { break }
            let at = values.rng.below(bytes.count)
            let length = min(bytes.count - at, values.rng.int(in: 1...12))
            switch values.rng.below(7) {
            case 0: bytes.removeSubrange(at..<(at + length))
            case 1: bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
            case 2: bytes.insert(contentsOf: Array(values.rng.pick(Self.tokens).utf8), at: at)
            case 3: bytes[at] = UInt8(truncatingIfNeeded: values.rng.next())
            case 4: bytes.removeSubrange(at...)
            case 5:
                let word = Array(values.rng.pick(LuaValueSource.words).utf8)
                bytes.replaceSubrange(at..<(at + length), with: word)
            default:
                let other = values.rng.below(bytes.count)
                bytes.swapAt(at, other)
            }
        }
        return bytes
    }
}
