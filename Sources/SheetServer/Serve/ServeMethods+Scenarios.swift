import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

/// Running a whole scenario file, as `sheetlab test` runs one.
extension ServeMethods {
    static let scenarios: [ServeMethod] = [
        .server(
            "run_scenario",
            [
                .optional("path", "string"), .optional("source", "string"), .optional("name", "string"),
                .optional("base_directory", "string"), .optional("profile", "string"), .optional("policies", "array"),
                .optional("limits", "object"), .optional("timeline", "boolean"),
            ]
        ) { server, p throws(RPCError) in
            try runScenario(server, p)
        }
    ]

    /// `run_scenario`: a fresh session runs the scenario `path` (or `source`
    /// as the file `name` in `base_directory`) through `ScenarioRunner`, on
    /// the server's or the given profile, policies and limits.
    /// - Returns: `{path, passed, exit_status, expectations, failures, error,
    ///   error_events, timeline, output}`; a failure or a script error in the
    ///   scenario is part of the result, as in `sheetlab test`.
    /// - Throws: invalid params; a script error when a `policies` file fails
    ///   to load; `requestCancelled`; a limit error for the server's caps.
    static func runScenario(_ server: ServeServer, _ p: RPCParams) throws(RPCError) -> JSON {
        var configuration = try configuration(p, server)
        if case .array(let entries)? = p["policies"] {
            configuration.policies = []
            for (i, entry) in entries.enumerated() {
                guard case .string(let path) = entry else {
                    throw p.bad("policies[\(i + 1)] must be a path, got \(entry.typeName)")
                }
                configuration.policies.append(.file(path))
            }
        }
        configuration.engineLimits = RPCEndpoint.engineLimits(
            matching: configuration.limits, setting: "run_scenario's memory_mib")
        let output = PrintedLines(limit: server.limits.maximumResponseBytes)
        let result = try server.endpoint.runScenario(
            try ScenarioInput(p).confined(to: server.roots, p), configuration, printing: output)
        return ScenarioResultJSON.json(result, output: output.lines, timeline: try p.optionalBool("timeline") ?? true)
    }
}
