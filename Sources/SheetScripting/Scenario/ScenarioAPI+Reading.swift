import LuaRuntime
import SheetEngine

extension ScenarioAPI {
    /// Reading the app: bindings, the stack, the state, the timeline.
    static func registerReading(_ def: Definer) {
        def("binding") { session, args throws(LuaError) in
            let path = try args.string(1)
            let ref = try args.engine(session) { () throws(EngineError) -> StateRef in
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
            session.app.oscillationLimit = on ? SheetApp.defaultOscillationLimit : .max
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
                return [ScriptTables.events(all.events(since: 0), firstIndex: first)]
            case .integer(let since):
                let slice = all.events(since: since)
                try room(slice.count)
                return [ScriptTables.events(slice, firstIndex: all.count - slice.count)]
            case .table:
                let filter = try EventFilter(lua: args[1], argument: 1, function: "timeline")
                let selected = filter.select(all.events(since: 0), firstIndex: first)
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
    }
}
