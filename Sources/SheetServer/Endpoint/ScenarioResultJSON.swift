import SheetJSON
import SheetScripting

/// What a scenario run gave, as serve's and mcp's `run_scenario` answer it:
/// `{path, passed, exit_status, expectations, failures, error,
/// error_events, timeline, output}` (docs/serve.md).
enum ScenarioResultJSON {
    /// The result as JSON.
    /// - Parameters:
    ///   - result: the run.
    ///   - output: what it printed.
    ///   - withTimeline: whether to add the whole timeline (`timeline`).
    static func json(_ result: ScenarioResult, output: [String], timeline withTimeline: Bool) -> JSON {
        let timeline = result.session.app.timeline
        var members: [String: JSON] = [
            "path": .string(result.path),
            "passed": .bool(result.passed),
            "exit_status": .int(Int(ExitCode(result).rawValue)),
            "expectations": .int(result.session.expectationCount),
            "failures": .array(result.failures.map(SessionJSON.failure)),
            "error_events": .array(
                result.errorEvents.entries.map { entry -> JSON in
                    guard case .object(var event) = SessionJSON.event(entry.event, index: entry.index)
                    else { return .null }
                    event["expected"] = .bool(entry.expected)
                    return .object(event)
                }),
            "output": .array(output.map { .string($0) }),
        ]
        if withTimeline { members["timeline"] = SessionJSON.events(timeline.events(since: 0), total: timeline.count) }
        if let error = result.error { members["error"] = RPCError(error).data }
        return .object(members)
    }
}
