import LuaRuntime
import SheetEngine

extension ScenarioAPI {
    /// Building the app: `view`, the modifiers, `remove`, profiles and policies.
    static func registerBuilding(_ def: Definer) {
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
    }
}
