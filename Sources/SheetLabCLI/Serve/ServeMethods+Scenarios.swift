import LuaRuntime
import SheetEngine
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
    static func runScenario(_ server: ServeServer, _ p: ServeParams) throws(RPCError) -> JSON {
        var (profile, limits) = try profileAndLimits(p, server)
        let left = server.remainingBudgetMilliseconds
        guard left > 0 else { throw server.requestBudgetError }
        limits.scriptBudgetMilliseconds = min(limits.scriptBudgetMilliseconds, left)
        var policies = server.defaults.policies
        if case .array(let entries)? = p["policies"] {
            policies = []
            for (i, entry) in entries.enumerated() {
                guard case .string(let path) = entry else {
                    throw p.bad("policies[\(i + 1)] must be a path, got \(entry.typeName)")
                }
                policies.append(path)
            }
        }
        let output = PrintedLines(limit: server.limits.maximumResponseBytes)
        var runner = ScenarioRunner(profile: profile, policies: policies, limits: limits) { output.append($0) }
        runner.engineLimits = engineLimits(limits, "run_scenario")
        runner.prepare = { [control = server.control] session in control.attach(session.runtime) }
        let input = try ScenarioInput(p)
        let result: ScenarioResult
        do throws(LuaError) {
            result = try input.run(runner)
        } catch {
            throw server.control.isCancelled ? RPCError.requestCancelled : RPCError(error)
        }
        if server.control.isCancelled, result.error?.kind == .interrupted { throw RPCError.requestCancelled }
        return scenarioResult(result, output: output.lines, timeline: try p.optionalBool("timeline") ?? true)
    }

    /// The result of `run_scenario`.
    static func scenarioResult(_ result: ScenarioResult, output: [String], timeline withTimeline: Bool) -> JSON {
        let timeline = result.session.app.timeline
        let all = ServeJSON.events(timeline.events(since: 0), total: timeline.count)
        var members: [String: JSON] = [
            "path": .string(result.path),
            "passed": .bool(result.passed),
            "exit_status": .int(Int(ScenarioReport.exitCode(result).rawValue)),
            "expectations": .int(result.session.expectationCount),
            "failures": .array(result.failures.map(ServeJSON.failure)),
            "error_events": .array(
                result.errorEvents.entries.map { entry -> JSON in
                    guard case .object(var event) = ServeJSON.json(ScriptTables.event(entry.event, index: entry.index))
                    else { return .null }
                    event["expected"] = .bool(entry.expected)
                    return .object(event)
                }),
            "output": .array(output.map { .string($0) }),
        ]
        if withTimeline { members["timeline"] = all }
        if let error = result.error { members["error"] = RPCError(error).data }
        return .object(members)
    }
}

/// What a scenario prints, kept up to about `limit` bytes (the response
/// could not carry more).
final class PrintedLines {
    let limit: Int
    private(set) var lines: [String] = []
    private var bytes = 0

    init(limit: Int) { self.limit = limit }

    func append(_ line: String) {
        guard bytes <= limit else { return }
        bytes += line.utf8.count
        lines.append(bytes <= limit ? line : "(output cut at \(limit) bytes)")
    }
}
