import LuaRuntime
import SheetEngine

/// The Lua globals of scenarios and the REPL: each is a thin wrapper over a
/// `Session` method. `docs/api/sheetlab.lua` documents every one of them; a
/// test checks that the two lists agree.
enum ScenarioAPI {
    /// Registers the globals.
    ///
    /// The runtime keeps the functions and the session keeps the runtime, so
    /// the functions hold the session weakly (a strong hold was a cycle that
    /// leaked every session with its Lua state); each body gets it as its
    /// first argument.
    /// - Returns: their names, in registration order.
    static func register(in owner: Session) -> [String] {
        var names: [String] = []
        func def(_ name: String, _ body: @escaping (Session, APIArguments) throws(LuaError) -> [LuaValue]) {
            names.append(name)
            // Registering a global of a fresh runtime cannot fail.
            try? owner.runtime.register(name) { [weak owner] args throws(LuaError) -> [LuaValue] in
                guard let session = owner else { throw LuaError(.runtime, "\(name): its session is gone") }
                var values: [LuaValue] = []
                if args.count > 0 {
                    let limit = session.copyLimit
                    for i in 0..<args.count { values.append(try args.value(i + 1, limit: limit)) }
                }
                return try body(
                    session, APIArguments(function: name, values: values, location: args.callerLocation?.description))
            }
        }

        // Building.
        for kind in [PresentationKind.sheet, .fullScreenCover, .popover] {
            def(kind.rawValue) { session, args throws(LuaError) in
                guard case .table(var t) = args[1] else { throw args.expected(1, "table") }
                t["kind"] = .string(LuaString(kind.rawValue))
                _ = try ViewDeclaration(session: session, function: kind.rawValue).modifier(.table(t), view: "_")
                return [.table(t)]
            }
        }
        def("view") { session, args throws(LuaError) in
            let (spec, parent) = try ViewDeclaration(session: session, function: "view").view(args[1])
            try args.engine { () throws(EngineError) in try session.addView(spec, parent: parent) }
            return [.string(LuaString(spec.name))]
        }
        def("remove") { session, args throws(LuaError) in
            let name = try args.string(1)
            try args.engine { () throws(EngineError) in try session.remove(view: name) }
            return []
        }
        def("profile") { session, args throws(LuaError) in
            if let name = try args.optionalString(1) {
                try args.engine { () throws(EngineError) in try session.setProfile(name) }
            }
            return [ScriptTables.profile(session)]
        }
        def("reset") { session, args throws(LuaError) in
            func profile(_ name: String?) throws(LuaError) -> Profile? {
                try name.map { name throws(LuaError) in
                    try args.engine { () throws(EngineError) in try Profile.named(name) }
                }
            }
            guard case .table(let t) = args[1] else {
                let chosen = try profile(try args.optionalString(1))
                try args.engine { () throws(EngineError) in try session.reset(profile: chosen) }
                return []
            }
            // reset{ profile = "...", policies = { "a.lua", ... } }: policies replace those loaded.
            for key in t.fields.keys where key != "profile" && key != "policies" {
                throw args.bad(1, "unknown field '\(key)'; expected profile, policies")
            }
            let chosen: Profile?
            switch t["profile"] {
            case .nil: chosen = nil
            case .string(let s): chosen = try profile(s.string ?? "\(s)")
            case let other: throw args.bad(1, "field 'profile' must be a string, got \(other.typeName)")
            }
            switch t["policies"] {
            case .nil:
                try args.engine { () throws(EngineError) in try session.reset(profile: chosen) }
            case .table(let list) where list.fields.isEmpty:
                var paths: [String] = []
                for entry in list.array {
                    guard case .string(let s) = entry, let path = s.string else {
                        throw args.bad(
                            1, "field 'policies' must be a list of policy files, got \(entry.typeName) in it")
                    }
                    paths.append(path)
                }
                try session.reset(profile: chosen, policies: paths)
            case let other:
                throw args.bad(1, "field 'policies' must be a list of policy files, got \(other.typeName)")
            }
            return []
        }
        def("unload") { session, args throws(LuaError) in
            let name = try args.string(1)
            try args.engine { () throws(EngineError) in _ = try session.unloadPolicy(name) }
            return []
        }
        def("policy") { session, args throws(LuaError) in
            [.string(LuaString(try session.loadPolicy(namedByScript: try args.string(1))))]
        }
        def("profile_flag") { session, args throws(LuaError) in
            let name = try args.string(1)
            let on: Bool
            switch args[2] {
            case .nil: on = true
            case .boolean(let b): on = b
            case let other: throw args.bad(2, "expected a boolean, got \(other.typeName)")
            }
            try args.engine { () throws(EngineError) in try session.setProfileFlag(name, on) }
            return [ScriptTables.profile(session)]
        }
        def("os_at_least") { session, args throws(LuaError) in
            [.boolean(session.profile.os.atLeast(try args.string(1)))]
        }

        // Acting.
        def("set") { session, args throws(LuaError) in
            let writes = try stateWrites(args)
            try args.engine { () throws(EngineError) in try session.set(writes) }
            return []
        }
        def("get") { session, args throws(LuaError) in
            let path = try args.string(1)
            let value = try args.engine { () throws(EngineError) in try session.get(path) }
            try session.runtime.checkRoom(forResultBytes: value.estimatedBytes)
            return [ValueBridge.lua(value)]
        }
        def("swipe") { session, args throws(LuaError) in
            try args.engine { () throws(EngineError) in try session.swipe() }
            return []
        }
        def("drag") { session, args throws(LuaError) in
            let height = try args.number(1)
            try args.engine { () throws(EngineError) in try session.drag(to: height) }
            return []
        }
        def("release") { session, args throws(LuaError) in
            let velocity = args[1].isNil ? 0 : try args.number(1)
            try args.engine { () throws(EngineError) in try session.release(velocity: velocity) }
            return []
        }
        def("dismiss") { session, args throws(LuaError) in
            let view = try args.optionalString(1)
            try args.engine { () throws(EngineError) in try session.dismiss(view: view) }
            return []
        }
        def("rotate") { session, args throws(LuaError) in
            let orientation = try args.string(1)
            try args.engine { () throws(EngineError) in try session.rotate(orientation) }
            return []
        }
        def("tap_background") { session, _ in [.boolean(session.tapBackground())] }
        def("tap_grabber") { session, args throws(LuaError) in
            try args.engine { () throws(EngineError) in try session.tapGrabber() }
            return []
        }
        // navigationTransition = zoom{ source = "x" } (B38).
        def("zoom") { session, args throws(LuaError) in
            guard case .table(var t) = args[1] else { throw args.expected(1, "table") }
            t["transition"] = .string("zoom")
            _ = try ViewDeclaration(session: session, function: "zoom").transition(.table(t))
            return [.table(t)]
        }
        def("advance") { session, args throws(LuaError) in
            let ms = args[1].isNil ? nil : try args.integer(1)
            try args.engine { () throws(EngineError) in try session.advance(ms) }
            return []
        }

        // Reading.
        def("binding") { session, args throws(LuaError) in
            let path = try args.string(1)
            let ref = try args.engine { () throws(EngineError) -> StateRef in
                // Inside content, a bare name is the presenter's slot.
                if let ctx = session.currentContent, !path.contains(".") {
                    return StateRef(view: ctx.presenter, slot: path)
                }
                return try SlotPath.resolve(path, in: session.app)
            }
            let value = session.currentContent?.binding(ref.slot, view: ref.view) ?? session.app.value(ref) ?? .none
            try session.runtime.checkRoom(forResultBytes: value.estimatedBytes)
            return [ValueBridge.lua(value)]
        }
        def("now") { session, _ in [.integer(session.app.now)] }
        def("stack") { session, _ throws(LuaError) in
            let stack = session.app.stack
            try session.runtime.checkRoom(forResultBytes: stack.reduce(0) { $0 + ScriptTables.minimumBytes(of: $1) })
            return [.table(LuaTable(array: stack.map(ScriptTables.presentation)))]
        }
        def("top") { session, _ throws(LuaError) in
            guard let top = session.app.stack.last else { return [.nil] }
            try session.runtime.checkRoom(forResultBytes: ScriptTables.minimumBytes(of: top))
            return [ScriptTables.presentation(top)]
        }
        def("state") { session, _ throws(LuaError) in
            let state = session.app.state()
            try session.runtime.checkRoom(forResultBytes: ScriptTables.minimumBytes(of: state))
            return [ScriptTables.state(state)]
        }
        // What `sheetlab check` tells states apart by (the clock aside), as text: equal keys, same situation.
        def("state_key") { session, _ in
            let key = UInt(bitPattern: session.app.fingerprint())
            return [.string(LuaString(String(key, radix: 16)))]
        }
        def("oscillation_guard") { session, args throws(LuaError) in
            guard case .boolean(let on) = args[1] else { throw args.expected(1, "boolean") }
            session.app.oscillationLimit = on ? Session.oscillationLimit : .max
            return []
        }
        def("timeline") { session, args throws(LuaError) in
            let all = session.app.timeline
            let first = all.count - all.events.count
            let room = { (count: Int) throws(LuaError) in
                try session.runtime.checkRoom(forResultBytes: ScriptTables.minimumBytes(events: count))
            }
            switch args[1] {
            case .nil:
                try room(all.events.count)
                return [ScriptTables.events(all.events[...], firstIndex: first)]
            case .integer(let since):
                let slice = all.events(since: since)
                try room(slice.count)
                return [ScriptTables.events(slice, firstIndex: all.count - slice.count)]
            case .table:
                let filter = try EventFilter(lua: args[1], argument: 1, function: "timeline")
                let selected = filter.select(all.events[...], firstIndex: first)
                try room(selected.count)
                return [ScriptTables.events(selected)]
            default:
                throw args.expected(1, "integer or table")
            }
        }
        def("events") { session, args throws(LuaError) in
            // The filter is checked before the mark moves: a bad one loses no event.
            let filter = args[1].isNil ? EventFilter() : try EventFilter(lua: args[1], argument: 1, function: "events")
            // So is the room for them: a result too large loses no event either.
            let all = session.app.timeline
            let slice = all.events(since: session.eventsMark)
            let selected = filter.select(slice, firstIndex: all.count - slice.count)
            try session.runtime.checkRoom(forResultBytes: ScriptTables.minimumBytes(events: selected.count))
            _ = session.newEvents()
            return [ScriptTables.events(selected)]
        }

        // Asserting.
        def("invariant") { session, args throws(LuaError) in
            let name = try args.string(1)
            if let builtIn = Invariant(rawValue: name) {
                let message = builtIn.violation(in: session.app, events: session.app.timeline.events)
                return message.map { [.boolean(false), .string(LuaString($0))] } ?? [.boolean(true)]
            }
            for policy in session.policies.compactMap({ $0 as? LuaPolicy }) {
                if let f = policy.invariants.first(where: { $0.name == name })?.function {
                    let message = InvariantChecks.luaInvariant(f, name: name, session: session, app: session.app)
                    return message.map { [.boolean(false), .string(LuaString($0))] } ?? [.boolean(true)]
                }
            }
            let known =
                Invariant.allCases.map(\.rawValue)
                + session.policies.compactMap { $0 as? LuaPolicy }.flatMap { $0.invariants.map(\.name) }
            throw args.bad(1, "unknown invariant '\(name)'; expected one of \(known.joined(separator: ", "))")
        }
        def("expect") { session, args in
            let message = args[2].stringValue ?? "expectation failed"
            let failure = args[1].isTruthy ? nil : ExpectationFailure(location: args.location, message: message)
            session.record(.init(location: args.location, message: message), failure: failure)
            return []
        }
        def("expect_eq") { session, args in
            let message = args[3].stringValue ?? "values differ"
            let failure =
                LuaEquality.equal(args[1], args[2])
                ? nil
                : ExpectationFailure(
                    location: args.location, message: message, seen: LuaEquality.render(args[1]),
                    expected: LuaEquality.render(args[2]))
            session.record(.init(location: args.location, message: message), failure: failure)
            return []
        }
        def("expect_error") { session, args throws(LuaError) in
            let filter = try EventFilter(lua: args[1], argument: 1, function: "expect_error")
            if let kind = filter.eventKind, !ErrorEventLog.kinds.contains(kind) {
                throw args.bad(
                    1,
                    "kind '\(kind.rawValue)' is not an error event kind; expected one of "
                        + ErrorEventLog.kinds.map(\.rawValue).joined(separator: ", "))
            }
            let message = try args.optionalString(2) ?? "no error event matched"
            let (matched, window) = session.errorEvents.expect(filter)
            let failure =
                matched.isEmpty
                ? ExpectationFailure(
                    location: args.location, message: message, seen: ErrorEventLog.summary(window),
                    expected: "an error event matching \(filter)")
                : nil
            session.record(.init(location: args.location, message: message), failure: failure)
            return [.table(LuaTable(array: matched.map { ScriptTables.event($0.event, index: $0.index) }))]
        }

        // Liveness properties, for `sheetlab check`.
        PropertyAPI.register(def)
        return names
    }

    /// `set(slot, value)`, `set{ a = 1, b = 2 }` (alphabetical) or `set{ {"a", 1}, {"b", 2} }` (in order).
    static func stateWrites(_ args: APIArguments) throws(LuaError) -> [(String, Value)] {
        if case .string = args[1] { return [(try args.string(1), try args.value(2))] }
        guard case .table(let t) = args[1] else { throw args.expected(1, "string or table") }
        var writes: [(String, Value)] = []
        for pair in t.array {
            guard case .table(let p) = pair, p.array.count == 2, p.fields.isEmpty, case .string(let s) = p.array[0],
                let slot = s.string
            else {
                throw args.bad(1, "list entries must be {\"slot\", value} pairs")
            }
            do { writes.append((slot, try ValueBridge.value(p.array[1]))) } catch {
                throw args.bad(1, "\(slot): \(error)")
            }
        }
        for (k, v) in t.fields.sorted(by: { $0.key.description < $1.key.description }) {
            guard let slot = k.string else { throw args.bad(1, "slot names must be UTF-8") }
            do { writes.append((slot, try ValueBridge.value(v))) } catch { throw args.bad(1, "\(slot): \(error)") }
        }
        return writes
    }
}

/// Deep equality and rendering for `expect_eq`, with Lua's number rules
/// (`1 == 1.0`).
enum LuaEquality {
    static func equal(_ a: LuaValue, _ b: LuaValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): return Double(x) == y
        case (.table(let x), .table(let y)):
            guard x.array.count == y.array.count, x.fields.count == y.fields.count else { return false }
            for (u, v) in zip(x.array, y.array) where !equal(u, v) { return false }
            for (k, v) in x.fields where !equal(v, y[k]) { return false }
            return true
        case (.function(let f), .function(let g)): return f === g
        default: return a == b
        }
    }

    static func render(_ v: LuaValue) -> String { v.description }
}
