import LuaRuntime
import SheetEngine

extension ScenarioAPI {
    /// Acting as a user or as app code: `set`, gestures, rotation, time.
    static func registerActing(_ def: Definer) {
        def("set") { session, args throws(LuaError) in
            let writes = try stateWrites(args)
            try args.engine(session) { () throws(EngineError) in try session.set(writes) }
            return []
        }
        def("get") { session, args throws(LuaError) in
            let path = try args.string(1)
            let value = try args.engine(session) { () throws(EngineError) in try session.get(path) }
            try session.runtime.checkRoom(forResultBytes: value.estimatedBytes)
            return [ValueBridge.lua(value)]
        }
        def("swipe") { session, args throws(LuaError) in
            try args.engine { () throws(EngineError) in try session.swipe() }
            return []
        }
        def("drag") { session, args throws(LuaError) in
            let height = try args.number(1)
            var button: String?
            switch args[2] {
            case .nil: break
            case .table(let options) where options.array.isEmpty:
                for key in options.fields.keys where key.string != "button" {
                    throw args.bad(2, "unknown option '\(key)'; drag's options are { button = \"Label\" }")
                }
                guard case .string(let s)? = options.fields["button"] else {
                    throw args.bad(2, "{ button = \"Label\" } names a button of the sheet's content (B51)")
                }
                button = s.string
            default: throw args.expected(2, "table")
            }
            try args.engine { () throws(EngineError) in try session.drag(to: height, startingOn: button) }
            return []
        }
        def("focus_text_field") { session, args throws(LuaError) in
            try args.engine { () throws(EngineError) in try session.focusTextField() }
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
    }
}
