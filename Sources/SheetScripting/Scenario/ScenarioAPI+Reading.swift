import LuaRuntime
import SheetEngine

extension ScenarioAPI {
    /// Reading the app: bindings, the stack, the state, the timeline.
    static func registerReading(_ def: Definer) {
        def("binding") { session, args throws(LuaError) in
            let path = try args.string(1)
            let ref = try args.engine { () throws(EngineError) -> StateRef in
                // Inside content, a bare name is the presenter's slot.
                if let ctx = session.currentContent, !path.contains(".") {
                    return StateRef(view: ctx.presenter, slot: path)
                }
                return try SlotPath.resolve(path, in: session.app)
            }
            if let ctx = session.currentContent { return [ValueBridge.lua(ctx.binding(ref.slot, view: ref.view))] }
            return [ValueBridge.lua(session.app.value(ref) ?? .none)]
        }
        def("now") { session, _ in [.integer(session.app.now)] }
        def("stack") { session, _ in [.table(LuaTable(array: session.app.stack.map(ScriptTables.presentation)))] }
        def("top") { session, _ in [session.app.stack.last.map(ScriptTables.presentation) ?? .nil] }
        def("state") { session, _ in [ScriptTables.state(session.app.state())] }
        // What `sheetlab check` tells states apart by (the clock aside), as text: equal keys, same situation.
        def("state_key") { session, _ in
            let key = UInt(bitPattern: session.app.fingerprint())
            return [.string(LuaString(String(key, radix: 16)))]
        }
        def("oscillation_guard") { session, args throws(LuaError) in
            guard case .boolean(let on) = args[1] else { throw args.expected(1, "boolean") }
            session.app.oscillationLimit = on ? SheetApp.defaultOscillationLimit : .max
            return []
        }
        def("timeline") { session, args throws(LuaError) in
            let all = session.app.timeline
            let first = all.count - all.events.count
            switch args[1] {
            case .nil:
                return [ScriptTables.events(all.events[...], firstIndex: first)]
            case .integer(let since):
                let slice = all.events(since: since)
                return [ScriptTables.events(slice, firstIndex: all.count - slice.count)]
            case .table:
                let filter = try EventFilter(lua: args[1], argument: 1, function: "timeline")
                return [ScriptTables.events(filter.select(all.events[...], firstIndex: first))]
            default:
                throw args.expected(1, "integer or table")
            }
        }
        def("events") { session, args throws(LuaError) in
            // The filter is checked before the mark moves: a bad one loses no event.
            let filter = args[1].isNil ? EventFilter() : try EventFilter(lua: args[1], argument: 1, function: "events")
            let slice = session.newEvents()
            return [ScriptTables.events(filter.select(slice, firstIndex: session.app.timeline.count - slice.count))]
        }
    }
}
