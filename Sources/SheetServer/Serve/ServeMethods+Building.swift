import LuaRuntime
import SheetEngine
import SheetScripting

/// Building the app: views, profile, reset (Lua: `view`, `remove`,
/// `profile`, `reset`, `os_at_least`).
extension ServeMethods {
    static let building: [ServeMethod] = [
        .app("view", [.required("view", "object")]) { _, app, p throws(RPCError) in
            let session = app.session
            guard let declaration = p["view"] else { throw p.missing("view", "an object like Lua's view{...}") }
            let table = try SessionJSON.lua(declaration, at: "view", in: session)
            let (spec, parent): (ViewSpec, String?)
            do throws(LuaError) {
                (spec, parent) = try session.viewSpec(declaration: table)
            } catch {
                throw RPCError.invalidParams(error.message)
            }
            try engine { () throws(EngineError) in try session.addView(spec, parent: parent) }
            return .string(spec.name)
        },
        .app("remove", [.required("view", "string")]) { _, app, p throws(RPCError) in
            let name = try p.string("view")
            try engine { () throws(EngineError) in try app.session.remove(view: name) }
            return .null
        },
        .app("profile", [.optional("name", "string")]) { _, app, p throws(RPCError) in
            if let name = try p.optionalString("name") {
                try engine { () throws(EngineError) in try app.session.setProfile(name) }
            }
            return SessionJSON.profile(app.session)
        },
        .app("profile_flag", [.required("name", "string"), .optional("on", "boolean")]) {
            _, app, p throws(RPCError) in
            let name = try p.string("name")
            let on = try p.optionalBool("on") ?? true
            try engine { () throws(EngineError) in try app.session.setProfileFlag(name, on) }
            return SessionJSON.profile(app.session)
        },
        .app("reset", [.optional("profile", "string")]) { _, app, p throws(RPCError) in
            let profile = try p.optionalString("profile").map { name throws(RPCError) in
                try engine { () throws(EngineError) in try Profile.named(name) }
            }
            try engine { () throws(EngineError) in try app.session.reset(profile: profile) }
            return .null
        },
        .app("os_at_least", [.required("version", "string")]) { _, app, p throws(RPCError) in
            .bool(app.session.profile.os.atLeast(try p.string("version")))
        },
    ]
}
