import LuaRuntime
import SheetEngine
import SheetJSON
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
            let source = try policySource(p)
            return .string(try lua { () throws(LuaError) in try app.session.loadPolicy(checked: source) })
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

    /// The session a `create` or `run_scenario` asks for: the server's
    /// defaults with the request's `profile` and `limits`, once they fit the
    /// server's memory (`checkRoom`).
    static func configuration(_ p: RPCParams, _ server: ServeServer) throws(RPCError) -> SessionConfiguration {
        var configuration = server.defaults
        if let name = try p.optionalString("profile") {
            configuration.profile = try engine { () throws(EngineError) in try Profile.named(name) }
        }
        if let given = try p.optionalObject("limits") {
            try apply(limits: given, to: &configuration, method: p.method, in: server)
        }
        try server.checkRoom(forMemory: configuration.limits.memory)
        return configuration
    }

    /// `create`: a new app on a profile, with policies and limits.
    static func create(_ server: ServeServer, _ p: RPCParams) throws(RPCError) -> JSON {
        guard server.apps.count < server.limits.maximumApps else {
            throw server.limits.error(
                ServerLimits.apps, kind: "apps", "too many open apps (\(server.apps.count)); close one first")
        }
        var configuration = try configuration(p, server)
        switch p["policies"] {
        case nil:
            break
        case .array(let entries)?:
            configuration.policies = []
            for (i, entry) in entries.enumerated() {
                configuration.policies.append(try policySource(entry, at: "policies[\(i + 1)]", method: p.method))
            }
        case let other?:
            throw p.bad("'policies' must be an array of paths or {source, name} objects, got \(other.typeName)")
        }
        configuration.engineLimits = RPCEndpoint.engineLimits(
            matching: configuration.limits, setting: "create's memory_mib")
        let id = server.nextID
        let session = try server.endpoint.makeSession(configuration) { session in
            session.printHandler = { [weak server] text in
                server?.notify("print", ["app": .int(id), "text": .string(text)])
            }
        }
        let app = ServedApp(id: id, session: session)
        if try p.optionalBool("subscribe") == true { subscribe(app, server) }
        server.apps[id] = app
        server.nextID += 1
        return [
            "app": .int(id), "profile": .string(configuration.profile.name),
            "policies": .array(session.policies.map { .string($0.name) }),
        ]
    }

    /// The limits `{memory_mib, budget_ms, script_budget_ms}` set in
    /// `configuration`: each in its range (`SessionSetting`, the command
    /// line's), then within the server's caps.
    /// - Throws: invalid params for an unknown field or a number out of its
    ///   range; a limit error for a memory cap over `--max-app-memory`
    ///   (`appMemory`) or a budget over `--max-request-budget` (`appBudget`).
    static func apply(
        limits given: [String: JSON], to configuration: inout SessionConfiguration, method: String,
        in server: ServeServer
    ) throws(RPCError) {
        let p = RPCParams(method: method, values: given)
        let fields = SessionSetting.fields.map(\.name)
        if let unknown = given.keys.filter({ !fields.contains($0) }).sorted().first {
            throw p.bad("limits has no field '\(unknown)'; expected \(fields.joined(separator: ", "))")
        }
        for setting in SessionSetting.fields {
            let field = setting.name
            guard let n = try p.optionalInt(field, in: setting.range) else { continue }
            if setting.flag == SessionSetting.memory.flag {
                guard n <= server.limits.maximumAppMemory >> 20 else {
                    throw server.limits.error(
                        ServerLimits.appMemory, kind: "appMemory",
                        "a memory cap of \(n) MiB is over the server's cap per app")
                }
            } else if n > server.limits.maximumRequestBudgetMilliseconds {
                throw server.limits.error(
                    ServerLimits.requestBudget, kind: "appBudget",
                    "\(field) \(n) is over the server's CPU budget of one request")
            }
            setting.set(n, in: &configuration)
        }
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
                "failures": .array(session.failures.dropFirst(failed).map(SessionJSON.failure)),
            ]
        }
        do {
            let limit = LuaCopyLimit.memory(of: session.limits).smaller(
                LuaCopyLimit(bytes: responseBytes, name: "the response limit", setting: ServerLimits.response.flag))
            let values = try session.evaluate(source, chunkName: name, resultLimit: limit)
            return .object(expectations().merging(["values": .array(values.map(SessionJSON.json))]) { a, _ in a })
        } catch {
            var rpc = RPCError(error)
            if session.expectationCount > checked, case .object(let data)? = rpc.data {
                rpc.data = .object(data.merging(expectations()) { a, _ in a })
            }
            throw rpc
        }
    }

    /// A policy entry of `create`: a path, `{"path": P}` or `{"source": S, "name": N}`.
    static func policySource(_ entry: JSON, at path: String, method: String) throws(RPCError) -> PolicySource {
        switch entry {
        case .string(let file):
            return .file(file)
        case .object(let members):
            let p = RPCParams(method: method, values: members)
            if let unknown = members.keys.filter({ !["path", "source", "name"].contains($0) }).sorted().first {
                throw p.bad("\(path) has no field '\(unknown)'; expected path, or source and name")
            }
            return try policySource(p)
        default:
            throw RPCError.invalidParams(
                "'\(method)': \(path) must be a path or a {source, name} object, got \(entry.typeName)")
        }
    }

    /// `load_policy`'s policy: `path`, or `source` with an optional `name` (default `inline.lua`).
    static func policySource(_ p: RPCParams) throws(RPCError) -> PolicySource {
        switch (try p.optionalString("path"), try p.optionalString("source")) {
        case (let path?, nil):
            if p["name"] != nil { throw p.bad("'name' goes with 'source'; a file's name is its own") }
            return .file(path)
        case (nil, let source?):
            return .source(source, name: try p.optionalString("name") ?? "inline.lua")
        default:
            throw p.bad("give exactly one of 'path' or 'source'")
        }
    }
}
