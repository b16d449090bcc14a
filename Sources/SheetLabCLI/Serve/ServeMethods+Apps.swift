import LuaRuntime
import SheetEngine
import SheetScripting

/// Creating and closing apps, policies, Lua, notifications.
extension ServeMethods {
    static let apps: [ServeMethod] = [
        .server("create", ["profile", "policies", "limits", "subscribe"]) { server, p throws(RPCError) in
            try create(server, p)
        },
        .app("close", hostOnly: true) { server, app, _ in
            server.apps[app.id] = nil
            return .null
        },
        .server("apps") { server, _ in .array(server.apps.keys.sorted().map { .int($0) }) },
        .server("profiles") { _, _ in .array(Profile.allNames.map { .string($0) }) },
        .app("load_policy", ["path", "source", "name"], lua: "policy") { _, app, p throws(RPCError) in
            .string(try loadPolicy(app.session, p))
        },
        .app("eval", ["source", "name"], hostOnly: true) { _, app, p throws(RPCError) in
            let source = try p.string("source")
            let name = try p.optionalString("name") ?? "=eval"
            return .array(
                try lua { () throws(LuaError) in try app.session.evaluate(source, chunkName: name) }.map(ServeJSON.json)
            )
        },
        .app("subscribe", hostOnly: true) { server, app, _ in
            subscribe(app, server)
            return .null
        },
        .app("unsubscribe", hostOnly: true) { _, app, _ in
            if let token = app.subscription { app.session.unsubscribe(token) }
            app.subscription = nil
            return .null
        },
    ]

    /// `create`: a new app on a profile, with policies and limits.
    static func create(_ server: ServeServer, _ p: ServeParams) throws(RPCError) -> JSON {
        guard server.apps.count < ServeServer.maximumApps else {
            throw RPCError(
                RPCError.limitErrorCode, "too many open apps (\(ServeServer.maximumApps)); close one first",
                data: ["kind": "apps", "max_apps": .int(ServeServer.maximumApps)])
        }
        var profile = server.defaults.profile
        if let name = try p.optionalString("profile") {
            profile = try engine { () throws(EngineError) in try Profile.named(name) }
        }
        var limits = server.defaults.limits
        if let given = try p.optionalObject("limits") { limits = try self.limits(given, over: limits) }
        let session = try lua { () throws(LuaError) in try Session(profile: profile, limits: limits) }
        let id = server.nextID
        session.printHandler = { [weak server] text in
            server?.notify("print", ["app": .int(id), "text": .string(text)])
        }
        var names: [String] = []
        switch p["policies"] {
        case nil:
            for path in server.defaults.policies {
                names.append(try lua { () throws(LuaError) in try session.loadPolicy(path: path) })
            }
        case .array(let entries)?:
            for (i, entry) in entries.enumerated() {
                names.append(try loadPolicy(session, entry, at: "policies[\(i + 1)]", method: p.method))
            }
        case let other?:
            throw p.bad("'policies' must be an array of paths or {source, name} objects, got \(other.typeName)")
        }
        let app = ServedApp(id: id, session: session)
        if try p.optionalBool("subscribe") == true { subscribe(app, server) }
        server.apps[id] = app
        server.nextID += 1
        return ["app": .int(id), "profile": .string(profile.name), "policies": .array(names.map { .string($0) })]
    }

    /// Limits from `{memory_mib, budget_ms, script_budget_ms}`.
    static func limits(_ given: [String: JSON], over base: LuaLimits) throws(RPCError) -> LuaLimits {
        let p = ServeParams(method: "create", values: given)
        if let unknown = given.keys.filter({ !["memory_mib", "budget_ms", "script_budget_ms"].contains($0) }).sorted()
            .first
        {
            throw p.bad("limits has no field '\(unknown)'; expected memory_mib, budget_ms, script_budget_ms")
        }
        var limits = base
        if let mib = try p.optionalInt("memory_mib", in: 1...4096) { limits.memory = mib << 20 }
        if let ms = try p.optionalInt("budget_ms", in: 1...600_000) { limits.callBudgetMilliseconds = ms }
        if let ms = try p.optionalInt("script_budget_ms", in: 1...3_600_000) { limits.scriptBudgetMilliseconds = ms }
        return limits
    }

    /// A policy entry of `create`: a path, `{"path": P}` or `{"source": S, "name": N}`.
    static func loadPolicy(_ session: Session, _ entry: JSON, at path: String, method: String) throws(RPCError)
        -> String
    {
        switch entry {
        case .string(let file):
            return try lua { () throws(LuaError) in try session.loadPolicy(namedByScript: file) }
        case .object(let members):
            let p = ServeParams(method: method, values: members)
            if let unknown = members.keys.filter({ !["path", "source", "name"].contains($0) }).sorted().first {
                throw p.bad("\(path) has no field '\(unknown)'; expected path, or source and name")
            }
            return try loadPolicy(session, p)
        default:
            throw RPCError.invalidParams(
                "'\(method)': \(path) must be a path or a {source, name} object, got \(entry.typeName)")
        }
    }

    /// `load_policy`: `path`, or `source` with an optional `name` (default `inline.lua`).
    static func loadPolicy(_ session: Session, _ p: ServeParams) throws(RPCError) -> String {
        switch (try p.optionalString("path"), try p.optionalString("source")) {
        case (let path?, nil):
            if p["name"] != nil { throw p.bad("'name' goes with 'source'; a file's name is its own") }
            return try lua { () throws(LuaError) in try session.loadPolicy(namedByScript: path) }
        case (nil, let source?):
            let name = try p.optionalString("name") ?? "inline.lua"
            return try lua { () throws(LuaError) in try session.loadPolicy(source: source, name: name) }
        default:
            throw p.bad("give exactly one of 'path' or 'source'")
        }
    }
}
