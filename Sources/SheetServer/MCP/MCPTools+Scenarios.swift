import LuaRuntime
import SheetEngine
import SheetJSON
import SheetRendering
import SheetScripting

/// `run_scenario`: a scenario file, or source, through the runner `sheetlab test` uses.
extension MCPTools {
    static let runScenario = MCPTool(
        name: "run_scenario", title: "Run a SheetLab scenario",
        description: """
            Runs a SheetLab scenario (Lua) in a fresh app, as `sheetlab test` does, optionally with policies (files \
            or inline sources) and on a profile. Returns whether it passed, the exit status (0 passed, 1 an \
            expectation failed, or with 'strict' an unexpected error event; 3 a script error; 4 the scenario file \
            could not be read: check the path, not the Lua), the expectations and the failed ones with file:line, \
            the script error if any, the error events (failing policy hooks, content and app code), what it \
            printed, and the timeline as text and/or JSON.
            """,
        arguments: scenarioArguments + [
            .optional(
                "timeline", oneOf(["text", "json", "both", "none"]),
                "Which timeline to return: text (default), json (entries with index, kind, rule, source...), both or none."
            ),
            .optional(
                "strict", boolean,
                "As sheetlab test --strict: an error event no expect_error expected fails the run (default false)."),
        ],
        constraints: scenarioConstraints
    ) { call throws(RPCError) in
        let timeline = try call.arguments.optionalString("timeline") ?? "text"
        guard ["text", "json", "both", "none"].contains(timeline) else {
            throw call.arguments.bad("'timeline' must be text, json, both or none, got '\(timeline)'")
        }
        let strict = try call.arguments.optionalBool("strict") ?? false
        let (result, output) = try runScenario(call)
        var structured = ScenarioResultJSON.json(result, output: output, timeline: false)
        let session = result.session
        let text = TimelineText(profile: session.profile.name).render(session.app.timeline.events)
        let failsStrictly = strict && result.error == nil && result.errorEvents.unexpectedCount > 0
        if case .object(var members) = structured {
            members["profile"] = .string(session.profile.name)
            members["strict"] = .bool(strict)
            if failsStrictly {
                members["passed"] = false
                members["exit_status"] = .int(Int(ExitCode.failed.rawValue))
            }
            if timeline == "json" || timeline == "both" { members["timeline"] = events(session.app.timeline) }
            if timeline == "text" || timeline == "both" { members["timeline_text"] = .string(text) }
            structured = .object(members)
        }
        var summary = [scenarioSummary(result, strict: strict)]
        if timeline == "text" || timeline == "both" { summary += ["", text] }
        return MCPToolResult(text: summary.joined(separator: "\n"), structured: structured)
    }

    /// Runs the scenario the call's arguments name, on its profile and
    /// policies, as serve's `run_scenario` does (`RPCEndpoint.runScenario`).
    /// - Returns: the result and what the scenario printed.
    /// - Throws: invalid params; a script error when a `policies` file does not load.
    static func runScenario(_ call: MCPCall) throws(RPCError) -> (ScenarioResult, [String]) {
        var input = try ScenarioInput(call.arguments)
        if case .file(let path) = input { input = .file(try call.server.resources.path(path)) }
        input = try input.confined(to: call.server.roots, call.arguments)
        let output = PrintedLines(limit: call.server.options.limits.maximumResponseBytes / 4)
        let result = try call.server.endpoint.runScenario(input, try configuration(call), printing: output)
        return (result, output.lines)
    }

    /// `passed: examples/seeds/seed000_lost_reopen.lua on iphone15-ios17, 6 expectations`, then the problems.
    /// With `strict`, an error event no `expect_error` expected fails the run, as `sheetlab test --strict`.
    static func scenarioSummary(_ result: ScenarioResult, strict: Bool = false) -> String {
        let unexpected = result.errorEvents.unexpectedCount
        let verdict: String
        switch ExitCode(result) {
        case .ioError: verdict = "could not read the scenario"
        case .scriptError: verdict = "script error"
        case .ok where strict && unexpected > 0: verdict = "failed (strict)"
        default: verdict = result.passed ? "passed" : "failed"
        }
        let count = result.session.expectationCount
        var lines = [
            "\(verdict): \(result.path) on \(result.session.profile.name), \(count) expectation\(count == 1 ? "" : "s"), "
                + "\(result.failures.count) failed"
        ]
        lines += result.failures.map { "FAIL \($0)" }
        if let error = result.error { lines.append("ERROR \(error)") }
        let errors = result.errorEvents.count
        if errors > 0 {
            let expected = errors - unexpected
            var line = "\(errors) error event\(errors == 1 ? "" : "s") on the timeline"
            if expected > 0 { line += " (\(expected) expected by expect_error)" }
            if unexpected > 0 {
                line += strict ? "; unexpected ones fail the run (strict)" : "; strict: true would fail the run on them"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
