import LuaRuntime
import SheetEngine

/// A policy written in Lua: a file that returns a table of hooks.
///
/// Every hook is optional; a missing one means stock behaviour. Each call
/// runs under the runtime's per-call budget. An error, a budget overrun or
/// an invalid answer becomes a `PolicyFailure` whose message starts with
/// file:line, and the engine falls back to stock for that one decision.
public final class LuaPolicy: PresentationPolicy {
    /// The file name, for example `queue.lua`: what the timeline shows.
    public let name: String
    /// The path it was loaded from.
    public let path: String
    /// Its path: loading the same file again replaces it; two files with the
    /// same name in different folders are two policies.
    public var identity: String { path }
    /// The hooks the file defines.
    public let hooks: PolicyHooks
    /// The custom detents it resolves (`detents.NAME`).
    public let customDetents: Set<String>
    /// Invariants the policy declares for `sheetlab check`, by name.
    public let invariants: [(name: String, function: LuaFunction)]
    /// Built-in invariants the policy claims to keep (`invariants = { "no-request-lost" }`).
    public let claims: [Invariant]
    /// Liveness properties the policy declares for `sheetlab check`
    /// (`properties = { name = always(...) }`), as the Lua table it gave;
    /// `PropertyReader` reads them when a check starts.
    public let properties: LuaValue

    let runtime: LuaRuntime
    let requestHook: LuaFunction?
    let dismissedHook: LuaFunction?
    let settleHook: LuaFunction?
    let shouldDismissHook: LuaFunction?
    let resolvers: [String: LuaFunction]
    /// The words contexts carry; `words.decisions` are the request hook's
    /// answers, in `RequestDecision.allCases` order, read without a Swift string.
    let words: HookContexts.Words
    /// Items the hooks' contexts carried lately, kept as Lua tables.
    let items: ItemSnapshots
    /// The request hook's context table, updated in place.
    let requestContext: RequestContextTable

    /// The fields a policy table may have: its hooks (`Hook`), then what
    /// it declares for `sheetlab check`.
    public static let hookNames = Hook.allCases.map(\.rawValue) + ["invariants", "properties"]

    /// Loads and validates a policy file.
    /// - Throws: `LuaError` when the file does not load, run or return a valid policy table.
    public convenience init(path: String, runtime: LuaRuntime) throws(LuaError) {
        let limits = runtime.limits
        try self.init(
            file: try SourceFile.read(
                path, within: nil, maximumBytes: limits.maximumSourceBytes, raiseHint: limits.settingNames.maximumSource
            ),
            runtime: runtime)
    }

    /// Loads and validates a policy file already read (`SourceFile`,
    /// `PolicyAccess`): the file is not opened again, so what was checked
    /// is what is loaded.
    /// - Throws: `LuaError` as `init(path:runtime:)`.
    public convenience init(file: ConfinedFile, runtime: LuaRuntime) throws(LuaError) {
        try self.init(chunk: try runtime.load(file: file), path: file.path, runtime: runtime) { () -> String? in
            String(decoding: file.bytes, as: UTF8.self)  // to place an error on its line
        }
    }

    /// Loads and validates a policy given as Lua source, for example one a
    /// host received over `sheetlab serve`.
    /// - Parameters:
    ///   - source: the policy's Lua source: a chunk that returns a table of hooks.
    ///   - name: the name errors and the timeline show, for example `inline.lua`.
    ///   - runtime: the runtime its hooks run in.
    /// - Throws: `LuaError` when the source does not load, run or return a valid policy table.
    public convenience init(source: String, name: String, runtime: LuaRuntime) throws(LuaError) {
        try self.init(chunk: try runtime.load(source: source, chunkName: name), path: name, runtime: runtime) {
            source
        }
    }

    /// Loads a policy file's text kept from earlier (`Session.policySources`),
    /// as if read from `path`: errors name the file and line.
    convenience init(source: String, path: String, runtime: LuaRuntime) throws(LuaError) {
        try self.init(chunk: try runtime.load(source: source, chunkName: "@" + path), path: path, runtime: runtime) {
            source
        }
    }

    /// Runs a loaded policy chunk under the script budget and validates its table:
    /// the one path for policies from files and from strings.
    /// `source` gives the policy's text, to place errors on their lines.
    convenience init(chunk: LuaFunction, path: String, runtime: LuaRuntime, source: () -> String?) throws(LuaError) {
        let results = try runtime.call(chunk, [], budgetMilliseconds: runtime.limits.scriptBudgetMilliseconds)
        try self.init(table: results.first ?? .nil, path: path, runtime: runtime, source: source)
    }

    /// Validates what a policy file returned.
    /// - Throws: `LuaError` (`.badValue`) naming the file and what is wrong.
    init(table value: LuaValue, path: String, runtime: LuaRuntime, source: () -> String? = { nil }) throws(LuaError) {
        let file = displayPath(path)
        func bad(_ message: String) -> LuaError {
            LuaError(.badValue, message, file: file, line: nil)
        }
        guard case .table(let table) = value, table.array.isEmpty else {
            throw bad("a policy must return a table of hooks, got \(value.typeName)")
        }
        func function(_ key: String) throws(LuaError) -> LuaFunction? {
            switch table[LuaString(key)] {
            case .nil: return nil
            case .function(let f): return f
            case let other: throw bad("hook '\(key)' must be a function, got \(other.typeName)")
            }
        }
        func functions(_ key: String, allowNames: Bool = false) throws(LuaError) -> [(String, LuaFunction)] {
            switch table[LuaString(key)] {
            case .nil: return []
            case .table(let t) where t.array.isEmpty || allowNames:
                var out: [(String, LuaFunction)] = []
                for (k, v) in t.fields {
                    guard let name = k.string, case .function(let f) = v else {
                        throw bad("'\(key).\(k)' must be a function, got \(v.typeName)")
                    }
                    out.append((name, f))
                }
                return out.sorted { $0.0 < $1.0 }
            case let other: throw bad("'\(key)' must be a table of functions by name, got \(other.typeName)")
            }
        }
        for (key, field) in table.fields {
            guard let k = key.string, Self.hookNames.contains(k) else {
                var error = bad(
                    "unknown hook '\(key)'; expected one of \(Self.hookNames.joined(separator: ", "))\(NameSuggestion.hint(for: key.description, in: Self.hookNames))"
                )
                if let location = Self.definition(of: key, field, in: source(), file: file, runtime: runtime) {
                    error.file = location.file
                    error.line = location.line
                }
                throw error
            }
        }
        self.runtime = runtime
        words = HookContexts.Words(runtime: runtime)
        items = ItemSnapshots(runtime: runtime)
        requestContext = RequestContextTable(runtime: runtime)
        self.path = path
        self.name = path.split(separator: "/").last.map(String.init) ?? path
        requestHook = try function(Hook.request.rawValue)
        dismissedHook = try function(Hook.dismissed.rawValue)
        settleHook = try function(Hook.settle.rawValue)
        shouldDismissHook = try function(Hook.shouldDismiss.rawValue)
        let detents = try functions(Hook.detents.rawValue)
        resolvers = Dictionary(uniqueKeysWithValues: detents)
        customDetents = Set(detents.map(\.0))
        invariants = try functions("invariants", allowNames: true).map { (name: $0.0, function: $0.1) }
        var claims: [Invariant] = []
        if case .table(let t) = table["invariants"] {
            for entry in t.array {
                guard case .string(let s) = entry, let name = s.string, let invariant = Invariant(rawValue: name) else {
                    throw bad(
                        "'invariants' names built-in invariants as strings: \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")); got \(entry)"
                    )
                }
                claims.append(invariant)
            }
        }
        self.claims = claims
        switch table["properties"] {
        case .nil: properties = .nil
        case .table(let t) where t.array.isEmpty: properties = .table(t)
        case let other: throw bad("'properties' must be a table of formulas by name, got \(other.typeName)")
        }
        var hooks: PolicyHooks = []
        if requestHook != nil { hooks.insert(.request) }
        if dismissedHook != nil { hooks.insert(.dismissed) }
        if settleHook != nil { hooks.insert(.settle) }
        if shouldDismissHook != nil { hooks.insert(.shouldDismiss) }
        self.hooks = hooks
    }

    /// Where the policy table's field `key` is defined: the one line of
    /// the policy's source that assigns it (`key =` or `["key"] =`), in
    /// `file`; else, for a function, the line of its `function` keyword; nil
    /// when neither is known (the message then names the file only).
    static func definition(
        of key: LuaString, _ value: LuaValue, in source: String?, file: String, runtime: LuaRuntime
    ) -> LuaLocation? {
        if let source, let name = key.string, let line = assigningLine(of: name, in: source) {
            return LuaLocation(file: file, line: line)
        }
        if case .function(let f) = value { return runtime.location(of: f) }
        return nil
    }

    /// The line that assigns field `name` (`name =`, `["name"] =`), if
    /// exactly one line does outside comments.
    static func assigningLine(of name: String, in source: String) -> Int? {
        var found: [Int] = []
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = text.firstRange(of: "--").map { text[..<$0.lowerBound] } ?? text
            if LuaSyntax.assigns(name, in: code) { found.append(index + 1) }
        }
        return found.count == 1 ? found[0] : nil
    }

    // MARK: Hooks

    /// Calls a hook with its context written in place, reading its results
    /// with `read`; a Lua error becomes a failure.
    func call<T>(
        _ hook: Hook, detent: String? = nil, _ function: LuaFunction, _ context: HookContexts.Writer,
        _ read: (LuaResults) throws(LuaError) -> T
    ) throws(PolicyFailure) -> T {
        if runtime.debuggerIsAttached {
            runtime.debugActivities.append("\(hook.name(detent: detent)) hook of \(name)")
        }
        defer { if runtime.debuggerIsAttached { runtime.debugActivities.removeLast() } }
        do {
            return try runtime.call(function, budgetMilliseconds: nil, arguments: context, results: read)
        } catch {
            // An error with no position (Lua runs no handler for "not enough
            // memory") points at the hook's definition, as invalid answers do.
            let at =
                error.file != nil ? "" : runtime.location(of: function).map { "\($0): " } ?? "\(displayPath(path)): "
            throw PolicyFailure(
                hook: hook, detent: detent, message: at + error.description, traceback: error.traceback)
        }
    }

    /// Calls a hook and returns its first result as a value.
    func call(_ hook: Hook, detent: String? = nil, _ function: LuaFunction, _ context: HookContexts.Writer)
        throws(PolicyFailure) -> LuaValue
    {
        try call(hook, detent: detent, function, context) { (r: LuaResults) throws(LuaError) in
            r.count > 0 ? try r.value(at: 0) : .nil
        }
    }

    /// A hook's answer was not one it may give. The answer is shown cut to
    /// 200 bytes: a hook could otherwise put a memory cap's worth of text
    /// on the timeline with every call.
    func invalid(
        _ hook: Hook, detent: String? = nil, _ function: LuaFunction, _ value: LuaValue, expected: String
    ) -> PolicyFailure {
        let at = runtime.location(of: function).map { "\($0): " } ?? "\(displayPath(path)): "
        var shown = value.description
        if shown.utf8.count > 200 { shown = String(decoding: shown.utf8.prefix(200), as: UTF8.self) + "..." }
        return PolicyFailure(
            hook: hook, detent: detent,
            message: "\(at)hook '\(hook.name(detent: detent))' returned \(shown); expected \(expected)")
    }

    public func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? {
        guard let f = requestHook else { return nil }
        // The hot path: the context updated in place, the answer read as one
        // of the known words.
        var viewed = false
        defer { if viewed { requestContext.endCall() } }
        let answer: (RequestDecision?, invalid: LuaValue?) = try call(
            .request, f,
            { (args: inout LuaArgumentWriter) throws(LuaError) in
                viewed = try requestContext.push(context, items: items, words: words, &args)
            }
        ) {
            (r: LuaResults) throws(LuaError) in
            if let i = r.choice(at: 0, in: words.decisions) { return (words.decisionCases[i], nil) }
            if r.count == 0 || r.isNil(at: 0) { return (nil, nil) }
            return (nil, try r.value(at: 0))
        }
        if let bad = answer.invalid {
            throw invalid(
                .request, f, bad,
                expected: "one of \(RequestDecision.allCases.map(\.rawValue).joined(separator: ", ")) or nil")
        }
        return answer.0
    }

    public func dismissed(_ context: DismissedContext) throws(PolicyFailure) -> DismissedDecision? {
        guard let f = dismissedHook else { return nil }
        let answer = try call(
            .dismissed, f,
            { (args: inout LuaArgumentWriter) throws(LuaError) in
                try HookContexts.dismissed(context, items: items, words: words, &args)
            })
        let expected = "nil, present_next, hold, drop_held, or a table {held = ..., set = {slot = value}}"
        switch answer {
        case .nil:
            return nil
        case .string(let s):
            guard let text = s.string, let action = HeldAction(rawValue: text) else {
                throw invalid(.dismissed, f, answer, expected: expected)
            }
            return DismissedDecision(held: action)
        case .table(let t):
            var decision = DismissedDecision()
            for key in t.fields.keys where key != "held" && key != "set" {
                throw invalid(.dismissed, f, answer, expected: expected)
            }
            switch t["held"] {
            case .nil: break
            case .string(let s):
                guard let text = s.string, let action = HeldAction(rawValue: text) else {
                    throw invalid(.dismissed, f, answer, expected: expected)
                }
                decision.held = action
            default: throw invalid(.dismissed, f, answer, expected: expected)
            }
            switch t["set"] {
            case .nil: break
            case .table(let writes) where writes.array.isEmpty:
                for (key, v) in writes.fields.sorted(by: { $0.key.description < $1.key.description }) {
                    guard let slot = key.string, let value = try? ValueBridge.value(v) else {
                        throw invalid(.dismissed, f, answer, expected: expected)
                    }
                    decision.writes.append(StateWrite(SlotPath.ref(slot, defaultView: context.presenter), value))
                }
            default: throw invalid(.dismissed, f, answer, expected: expected)
            }
            return decision
        default:
            throw invalid(.dismissed, f, answer, expected: expected)
        }
    }

    public func settle(_ context: SettleContext) throws(PolicyFailure) -> SettleDecision? {
        guard let f = settleHook else { return nil }
        let answer = try call(
            .settle, f, { (args: inout LuaArgumentWriter) throws(LuaError) in try HookContexts.settle(context, &args) })
        if answer.isNil { return nil }
        if case .string(let s) = answer, let text = s.string {
            if text == "dismiss" { return .dismiss }
            if let d = try? Detent(parsing: text) { return .detent(d) }
        }
        throw invalid(.settle, f, answer, expected: "a detent such as \"medium\", \"dismiss\", or nil")
    }

    public func shouldDismiss(_ context: ShouldDismissContext) throws(PolicyFailure) -> Bool? {
        guard let f = shouldDismissHook else { return nil }
        let answer = try call(
            .shouldDismiss, f,
            { (args: inout LuaArgumentWriter) throws(LuaError) in
                try HookContexts.shouldDismiss(context, items: items, words: words, &args)
            })
        switch answer {
        case .nil: return nil
        case .boolean(let b): return b
        default: throw invalid(.shouldDismiss, f, answer, expected: "true, false or nil")
        }
    }

    public func resolveDetent(_ name: String, _ context: DetentContext) throws(PolicyFailure) -> Double? {
        guard let f = resolvers[name] else { return nil }
        let answer = try call(
            .detents, detent: name, f,
            { (args: inout LuaArgumentWriter) throws(LuaError) in try HookContexts.detent(context, &args) })
        switch answer {
        case .nil: return nil
        case .integer(let i): return Double(i)
        case .number(let d) where d.isFinite: return d
        default: throw invalid(.detents, detent: name, f, answer, expected: "a finite number of points, or nil")
        }
    }
}

/// A path as shown in messages: relative to the current directory when it is below it.
func displayPath(_ path: String) -> String {
    path.hasPrefix("./") ? String(path.dropFirst(2)) : path
}
