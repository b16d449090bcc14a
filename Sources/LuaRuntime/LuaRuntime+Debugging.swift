import CLua
import CLuaSupport

/// What a debugger's hook is told: Lua code reached a line, called or returned.
public enum LuaDebugEvent: Equatable, Sendable {
    case line(Int)
    case call
    case `return`
}

/// A Lua thread stopped in a debugger's hook, or running a host function:
/// valid only while it stays so (during the hook, or while the host function runs).
public struct LuaDebugThread: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// One frame of a stopped thread, innermost first.
public struct LuaDebugFrame: Equatable, Sendable {
    /// The level `lua_getstack` knows it by (0: the running function).
    public var level: Int
    /// The function's name as its caller knows it, `main chunk`, or `?`.
    public var name: String
    /// The file (the chunk name without its `@`), nil for a C function or a chunk loaded from a string.
    public var file: String?
    /// The current line; 0 when unknown.
    public var line: Int
    /// Whether it is Lua code (not a C or host function).
    public var isLua: Bool
}

/// A Lua value as a debugger shows it: its type, a one-line text and, for a
/// table, its fields (to a bounded depth and count).
public struct LuaDebugValue: Equatable, Sendable {
    public var type: String
    public var text: String
    public var fields: [LuaDebugField]

    public init(type: String, text: String, fields: [LuaDebugField] = []) {
        self.type = type
        self.text = text
        self.fields = fields
    }
}

/// A named field (a local, an upvalue, a table's key) of a `LuaDebugValue`.
public struct LuaDebugField: Equatable, Sendable {
    public var name: String
    public var value: LuaDebugValue

    public init(name: String, value: LuaDebugValue) {
        self.name = name
        self.value = value
    }
}

/// The debugger's view of a runtime: line, call and return events of
/// every guarded call (the budget's count hook goes on underneath: a
/// stopped script spends no CPU, a running one is still stopped by its
/// budget), the frames, locals and upvalues of a stopped thread, and
/// evaluation of an expression in one of its frames.
extension LuaRuntime {
    /// Attaches a debugger: `hook` is called, in host mode, for each line,
    /// call and return of Lua code run in a guarded call, and may block (the
    /// thread is stopped meanwhile). Nil detaches it.
    public func attachDebugger(_ hook: ((LuaDebugEvent, LuaDebugThread) -> Void)?) {
        debugHook = hook
        if hook == nil {
            sl_runtime_set_debug_hook(handle.pointer, nil, nil)
            return
        }
        sl_runtime_set_debug_hook(
            handle.pointer,
            { context, state, event, line in
                let runtime = Unmanaged<LuaRuntime>.fromOpaque(context!).takeUnretainedValue()
                guard !runtime.debuggerIsEvaluating, let hook = runtime.debugHook, let state else { return }
                let what: LuaDebugEvent =
                    switch event {
                    case Int32(SL_DEBUG_LINE): .line(Int(line))
                    case Int32(SL_DEBUG_RETURN): .return
                    default: .call
                    }
                hook(what, LuaDebugThread(pointer: state))
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Makes `os.clock`, `os.time` and `os.date` read `virtualTime` and a
    /// seedless `math.randomseed()` seed 0, so that running the same
    /// scripts again gives the same run (a debugger re-executes to step back).
    public func makeReproducible() {
        sl_runtime_make_reproducible(handle.pointer, main.pointer)
    }

    /// What `os.clock` (seconds) and `os.time` (seconds since a fixed epoch)
    /// read after `makeReproducible()`: the app's virtual time, in milliseconds.
    public func setVirtualTime(milliseconds: Int) {
        sl_runtime_set_virtual_time(handle.pointer, Int64(milliseconds))
    }

    /// The thread running Lua code now, for a host function that stops to be looked at.
    public var runningThread: LuaDebugThread { LuaDebugThread(pointer: active.pointer) }

    /// The frames of `thread`, innermost first.
    public func frames(of thread: LuaDebugThread) -> [LuaDebugFrame] {
        var frames: [LuaDebugFrame] = []
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(thread.pointer, level, &record) != 0 {
            _ = lua_getinfo(thread.pointer, "Sln", &record)
            let what = record.what.map { String(cString: $0) } ?? "?"
            let source = record.source.map { String(cString: $0) } ?? ""
            var name = record.name.map { String(cString: $0) } ?? (what == "main" ? "main chunk" : "?")
            if name == "?", what == "Lua" { name = "function" }
            frames.append(
                LuaDebugFrame(
                    level: Int(level), name: name,
                    file: source.hasPrefix("@") ? String(source.dropFirst()) : nil,
                    line: Int(record.currentline), isLua: what != "C"))
            level += 1
        }
        return frames
    }

    /// How many frames `thread` has: what stepping over and out compares.
    public func depth(of thread: LuaDebugThread) -> Int {
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(thread.pointer, level, &record) != 0 { level += 1 }
        return Int(level)
    }

    /// The file (chunk name without `@`) and line of the running function of `thread`.
    public func position(of thread: LuaDebugThread) -> (file: String?, line: Int) {
        var record = lua_Debug()
        guard lua_getstack(thread.pointer, 0, &record) != 0 else { return (nil, 0) }
        _ = lua_getinfo(thread.pointer, "Sl", &record)
        let source = record.source.map { String(cString: $0) } ?? ""
        return (source.hasPrefix("@") ? String(source.dropFirst()) : nil, Int(record.currentline))
    }

    /// The locals of the frame at `level` (temporaries left out), in order.
    public func locals(of thread: LuaDebugThread, level: Int) -> [LuaDebugField] {
        let state = LuaState(thread.pointer)
        var record = lua_Debug()
        guard lua_getstack(thread.pointer, Int32(level), &record) != 0, state.reserve(4) else { return [] }
        var fields: [LuaDebugField] = []
        var n: Int32 = 1
        while let name = lua_getlocal(thread.pointer, &record, n) {  // stack: -> value
            let text = String(cString: name)
            if !text.hasPrefix("(") { fields.append(LuaDebugField(name: text, value: inspect(state, at: -1))) }
            state.pop(1)
            n += 1
        }
        return fields
    }

    /// The upvalues of the function at `level`, `_ENV` left out.
    public func upvalues(of thread: LuaDebugThread, level: Int) -> [LuaDebugField] {
        let state = LuaState(thread.pointer)
        var record = lua_Debug()
        guard lua_getstack(thread.pointer, Int32(level), &record) != 0, state.reserve(4) else { return [] }
        _ = lua_getinfo(thread.pointer, "f", &record)  // stack: -> f
        defer { state.pop(1) }
        var fields: [LuaDebugField] = []
        var n: Int32 = 1
        while let name = lua_getupvalue(thread.pointer, -1, n) {  // stack: f -> f, value
            let text = String(cString: name)
            if text != "_ENV" {
                fields.append(LuaDebugField(name: text.isEmpty ? "?" : text, value: inspect(state, at: -1)))
            }
            state.pop(1)
            n += 1
        }
        return fields
    }

    /// Evaluates a Lua expression (or, if it is not one, a statement) in the
    /// frame at `level` of a stopped thread: its locals and upvalues are
    /// visible, then the function's globals; nothing can be assigned (the
    /// names are read-only), so evaluating does not change the run. Runs
    /// under the per-call budget on a coroutine of its own.
    /// - Throws: `LuaError` (`.syntax`, `.runtime`, `.budget`) with the message.
    public func evaluate(_ expression: String, in thread: LuaDebugThread, level: Int) throws(LuaError)
        -> LuaDebugValue
    {
        let state = LuaState(thread.pointer)
        let base = state.top
        defer { state.setTop(base) }
        guard state.reserve(8) else { throw LuaError(.runtime, "Lua stack overflow") }
        pushScope(of: thread, level: level)  // stack: -> scope (read-only view)
        let scope = state.top
        var status: Int32 = LUA_ERRSYNTAX
        for text in ["return " + expression, expression] {
            let bytes = Array(text.utf8)
            status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sl_runtime_load(handle.pointer, thread.pointer, $0.baseAddress, $0.count, "=evaluate", scope)
                }
            }
            if status == LUA_OK { break }
            if text != expression { state.pop(1) }
        }
        guard status == LUA_OK else {
            throw LuaError(.syntax, state.string(at: -1) ?? "syntax error")
        }
        debuggerIsEvaluating = true
        let saved = active
        active = state
        status = sl_runtime_debug_call(handle.pointer, thread.pointer, callBudgetNanoseconds)  // stack: fn -> result
        active = saved
        debuggerIsEvaluating = false
        if status != LUA_OK {
            let message = state.string(at: -1) ?? "error"
            throw LuaError(message.hasSuffix("budget exceeded") ? .budget : .runtime, message)
        }
        return inspect(state, at: -1)
    }

    /// stack: -> a read-only view of the frame's names over its globals
    private func pushScope(of thread: LuaDebugThread, level: Int) {
        let L = thread.pointer
        var record = lua_Debug()
        lua_createtable(L, 0, 8)  // stack: -> names
        let names = lua_gettop(L)
        var globals = false
        if lua_getstack(L, Int32(level), &record) != 0 {
            _ = lua_getinfo(L, "f", &record)  // stack: -> names, f
            var n: Int32 = 1
            while let name = lua_getupvalue(L, -1, n) {  // stack: -> names, f, value
                if String(cString: name) == "_ENV" {
                    lua_createtable(L, 0, 1)  // stack: -> names, f, env, meta
                    lua_rotate(L, -2, 1)  // stack: -> names, f, meta, env
                    lua_setfield(L, -2, "__index")  // stack: -> names, f, meta
                    lua_setmetatable(L, names)  // stack: -> names, f
                    globals = true
                } else if name.pointee != 0 {
                    lua_setfield(L, names, name)  // stack: -> names, f
                } else {
                    sl_lua_pop(L, 1)
                }
                n += 1
            }
            sl_lua_pop(L, 1)  // stack: -> names
            n = 1
            while let name = lua_getlocal(L, &record, n) {  // stack: -> names, value
                if name.pointee != 40 /* "(" */ { lua_setfield(L, names, name) } else { sl_lua_pop(L, 1) }
                n += 1
            }
        }
        if !globals {
            sl_runtime_push_environment(handle.pointer, L)  // stack: -> names, env
            lua_createtable(L, 0, 1)
            lua_rotate(L, -2, 1)
            lua_setfield(L, -2, "__index")
            lua_setmetatable(L, names)
        }
        sl_runtime_make_readonly(L)  // stack: names -> view
    }

    /// The value at `index`, as a debugger shows it.
    func inspect(_ state: LuaState, at index: Int32) -> LuaDebugValue {
        var path: [UnsafeRawPointer] = []
        return inspect(state, at: state.absolute(index), depth: 0, path: &path)
    }

    static let inspectedDepth = 6
    static let inspectedFields = 200

    private func inspect(_ state: LuaState, at index: Int32, depth: Int, path: inout [UnsafeRawPointer])
        -> LuaDebugValue
    {
        let type = state.typeName(at: index)
        switch state.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return LuaDebugValue(type: "nil", text: "nil")
        case LUA_TBOOLEAN: return LuaDebugValue(type: type, text: state.boolean(at: index) ? "true" : "false")
        case LUA_TNUMBER:
            if state.isInteger(at: index), let i = state.integer(at: index) {
                return LuaDebugValue(type: type, text: String(i))
            }
            let d = state.number(at: index) ?? .nan
            return LuaDebugValue(type: type, text: d == d.rounded() && abs(d) < 1e15 ? String(format1(d)) : "\(d)")
        case LUA_TSTRING:
            var text = state.string(at: index) ?? ""
            if text.utf8.count > 500 { text = String(decoding: text.utf8.prefix(500), as: UTF8.self) + "..." }
            return LuaDebugValue(type: type, text: LuaSyntax.quote(text))
        case LUA_TFUNCTION:
            var record = lua_Debug()
            state.pushCopy(of: index)
            _ = lua_getinfo(state.pointer, ">S", &record)  // stack: f ->
            let source = record.source.map { String(cString: $0) } ?? ""
            let at = source.hasPrefix("@") ? " \(source.dropFirst()):\(record.linedefined)" : ""
            return LuaDebugValue(type: type, text: "function" + at)
        case LUA_TTABLE:
            guard let identity = state.identity(at: index) else { return LuaDebugValue(type: type, text: "{}") }
            if path.contains(identity) { return LuaDebugValue(type: type, text: "{...} (a cycle)") }
            if depth >= Self.inspectedDepth || !state.reserve(4) { return LuaDebugValue(type: type, text: "{...}") }
            path.append(identity)
            defer { path.removeLast() }
            let base = state.top
            defer { state.setTop(base) }
            var data = index
            if state.pushViewTarget(of: index) { data = state.top }
            let isView = data != index
            var indexed: [(Int, LuaDebugField)] = []
            var named: [LuaDebugField] = []
            var count = 0
            state.pushNil()
            while state.next(table: data) {  // stack: key -> key, value
                count += 1
                if count <= Self.inspectedFields {
                    let value = inspect(state, at: state.top, depth: depth + 1, path: &path)
                    if state.type(at: -2) == LUA_TNUMBER, state.isInteger(at: -2), let i = state.integer(at: -2) {
                        indexed.append((i, LuaDebugField(name: "[\(i)]", value: value)))
                    } else if state.type(at: -2) == LUA_TSTRING, let key = state.string(at: -2) {
                        if !(isView && LuaState.isViewField(key)) {
                            named.append(LuaDebugField(name: key, value: value))
                        }
                    } else {
                        let key = inspect(state, at: state.top - 1, depth: Self.inspectedDepth, path: &path)
                        named.append(LuaDebugField(name: "[\(key.text)]", value: value))
                    }
                }
                state.pop(1)  // stack: key, value -> key
            }
            let fields = indexed.sorted { $0.0 < $1.0 }.map(\.1) + named.sorted { $0.name < $1.name }
            return LuaDebugValue(
                type: type, text: LuaDebugValue.preview(fields, more: count > Self.inspectedFields), fields: fields)
        default:
            return LuaDebugValue(type: type, text: type)
        }
    }

    private func format1(_ d: Double) -> String {
        d == 0 && d.sign == .minus ? "-0.0" : String(Int(d)) + ".0"
    }
}

extension LuaDebugValue {
    /// `{id = 0, "a"}`: a table's fields on one line, cut at about 80 characters.
    static func preview(_ fields: [LuaDebugField], more: Bool) -> String {
        if fields.isEmpty { return "{}" }
        var parts: [String] = []
        var length = 0
        for field in fields {
            let part =
                field.name.hasPrefix("[") && field.name.dropFirst().first?.isNumber == true
                ? field.value.text : "\(field.name) = \(field.value.text)"
            length += part.count + 2
            if length > 80 {
                parts.append("...")
                break
            }
            parts.append(part)
        }
        if more, parts.last != "..." { parts.append("...") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
