import LuaRuntime
import SheetEngine
import SheetScripting

/// Creating and closing apps, policies, Lua, notifications.
extension ServeMethods {
    static let apps: [ServeMethod] = [
        .server(
            "create",
            [
                .optional("profile", "string"), .optional("policies", "array"), .optional("limits", "object"),
                .optional("subscribe", "boolean"),
            ]
        ) { server, p throws(RPCError) in
            try create(server, p)
        },
        .app("close", hostOnly: true) { server, app, _ in
            server.apps[app.id] = nil
            return .null
        },
        .server("apps") { server, _ in .array(server.apps.keys.sorted().map { .int($0) }) },
        .server("profiles") { _, _ in .array(Profile.allNames.map { .string($0) }) },
        .app(
            "load_policy", [.optional("path", "string"), .optional("source", "string"), .optional("name", "string")],
            lua: "policy"
        ) { _, app, p throws(RPCError) in
            .string(try loadPolicy(app.session, p))
        },
        .app("unload_policy", [.required("name", "string")], lua: "unload") { _, app, p throws(RPCError) in
            let name = try p.string("name")
            try engine { () throws(EngineError) in _ = try app.session.unloadPolicy(name) }
            return .null
        },
        .app("eval", [.required("source", "string"), .optional("name", "string")], hostOnly: true) {
            server, app, p throws(RPCError) in
            try eval(
                app.session, source: try p.string("source"), name: try p.optionalString("name") ?? "=eval",
                responseBytes: server.limits.maximumResponseBytes)
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
    /// The `profile` and `limits` a `create` or `run_scenario` asks for, over
    /// the server's defaults, once they fit the server's memory (`checkRoom`).
    static func profileAndLimits(_ p: ServeParams, _ server: ServeServer) throws(RPCError) -> (Profile, LuaLimits) {
        var profile = server.defaults.profile
        if let name = try p.optionalString("profile") {
            profile = try engine { () throws(EngineError) in try Profile.named(name) }
        }
        var limits = server.defaults.limits
        if let given = try p.optionalObject("limits") { limits = try self.limits(given, over: limits, in: server) }
        try server.checkRoom(forMemory: limits.memory)
        return (profile, limits)
    }

    /// What the engine may hold for an app's scripts (state, timeline): as
    /// much as its Lua state; the server reserves both (`checkRoom`).
    static func engineLimits(_ limits: LuaLimits, _ method: String) -> EngineLimits {
        EngineLimits(memoryBytes: limits.memory, memorySetting: "\(method)'s memory_mib")
    }

    static func create(_ server: ServeServer, _ p: ServeParams) throws(RPCError) -> JSON {
        guard server.apps.count < server.limits.maximumApps else {
            throw server.limits.error(
                ServeLimits.apps, kind: "apps", "too many open apps (\(server.apps.count)); close one first")
        }
        let (profile, limits) = try profileAndLimits(p, server)
        let session = try lua { () throws(LuaError) in
            try Session(profile: profile, limits: limits, engineLimits: engineLimits(limits, "create"))
        }
        let id = server.nextID
        session.printHandler = { [weak server] text in
            server?.notify("print", ["app": .int(id), "text": .string(text)])
        }
        let names = try server.guarded(session.runtime) { () throws(RPCError) in
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
            return names
        }
        let app = ServedApp(id: id, session: session)
        if try p.optionalBool("subscribe") == true { subscribe(app, server) }
        server.apps[id] = app
        server.nextID += 1
        return ["app": .int(id), "profile": .string(profile.name), "policies": .array(names.map { .string($0) })]
    }

    /// Limits from `{memory_mib, budget_ms, script_budget_ms}`, within the server's caps.
    /// - Throws: invalid params for an unknown field or a bad number; a limit
    ///   error (`appBudget`) for a budget over `--max-request-budget`.
    static func limits(_ given: [String: JSON], over base: LuaLimits, in server: ServeServer) throws(RPCError)
        -> LuaLimits
    {
        let p = ServeParams(method: "create", values: given)
        if let unknown = given.keys.filter({ !["memory_mib", "budget_ms", "script_budget_ms"].contains($0) }).sorted()
            .first
        {
            throw p.bad("limits has no field '\(unknown)'; expected memory_mib, budget_ms, script_budget_ms")
        }
        var limits = base
        if let mib = try p.optionalInt("memory_mib", in: 1...Int(Int32.max)) {
            guard mib <= server.limits.maximumAppMemory >> 20 else {
                throw server.limits.error(
                    ServeLimits.appMemory, kind: "appMemory",
                    "a memory cap of \(mib) MiB is over the server's cap per app")
            }
            limits.memory = mib << 20
        }
        let cap = server.limits.maximumRequestBudgetMilliseconds
        for (field, keyPath) in [
            ("budget_ms", \LuaLimits.callBudgetMilliseconds), ("script_budget_ms", \LuaLimits.scriptBudgetMilliseconds),
        ] {
            guard let ms = try p.optionalInt(field, in: 1...Int(Int32.max)) else { continue }
            guard ms <= cap else {
                throw server.limits.error(
                    ServeLimits.requestBudget, kind: "appBudget",
                    "\(field) \(ms) is over the server's CPU budget of one request")
            }
            limits[keyPath: keyPath] = ms
        }
        return limits
    }

    /// `eval`: runs `source` in the session's globals.
    /// - Parameter responseBytes: the response limit, which also bounds what
    ///   the chunk returns once copied out of Lua (with the app's memory cap).
    /// - Returns: `{values, expectations, failures}`: what the chunk returned,
    ///   how many `expect`/`expect_eq` calls it made, and those that failed.
    /// - Throws: a script or limit error, whose `data` also carries
    ///   `expectations` and `failures` when the chunk had checked any.
    static func eval(_ session: Session, source: String, name: String, responseBytes: Int) throws(RPCError) -> JSON {
        let checked = session.expectationCount
        let failed = session.failures.count
        let expectations = { () -> [String: JSON] in
            [
                "expectations": .int(session.expectationCount - checked),
                "failures": .array(session.failures.dropFirst(failed).map(ServeJSON.failure)),
            ]
        }
        do {
            let limit = LuaCopyLimit.memory(of: session.limits).smaller(
                LuaCopyLimit(bytes: responseBytes, name: "the response limit", setting: ServeLimits.response.flag))
            let values = try session.evaluate(source, chunkName: name, resultLimit: limit)
            return .object(expectations().merging(["values": .array(values.map(ServeJSON.json))]) { a, _ in a })
        } catch {
            var rpc = RPCError(error)
            if session.expectationCount > checked, case .object(let data)? = rpc.data {
                rpc.data = .object(data.merging(expectations()) { a, _ in a })
            }
            throw rpc
        }
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
