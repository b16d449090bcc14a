import SheetEngine
import SheetRendering
import SheetScripting

/// `render_player_html`: a run as the HTML player `sheetlab run --format html` writes.
extension MCPTools {
    static let renderPlayer = MCPTool(
        name: "render_player_html", title: "Render a run as an HTML player",
        description: """
            Draws a run as the self-contained HTML player `sheetlab run --format html` writes (docs/player.md): the \
            device to scale with every sheet at the engine's frames over time, play, pause and a scrubber over \
            virtual time, the event list in sync, expectations marked passed or failed, every part of the run side \
            by side on one time scale. No network, no other files. Give a scenario (as run_scenario takes it), or \
            'events' (timeline entries, one part). For a check_policy counterexample, give that tool 'html': true.
            """,
        arguments: [
            .optional(
                "events", ["type": "array", "items": ["type": "object"]],
                "Timeline entries to draw, instead of running a scenario."),
            .optional("title", string, "The page's title (default: the scenario's name)."),
        ] + scenarioArguments,
        constraints: eventsOrScenarioConstraints
    ) { call throws(RPCError) in
        let p = call.arguments
        var title = try p.optionalString("title")
        let parts: [TimelinePart]
        var expectations: [TimelineExpectation] = []
        if case .array? = p["events"] {
            if p["path"] != nil || p["source"] != nil { throw p.bad("give 'events' or a scenario, not both") }
            let events = try timelineEntries(call)
            let profile = p["profile"] != nil ? try MCPTools.profile(call) : call.server.options.defaults.profile
            parts = [TimelinePart(part: 1, profile: profile, events: events, endTime: events.last?.time ?? 0)]
        } else {
            if p["path"] == nil && p["source"] == nil {
                throw p.bad("give exactly one of 'events', 'path' or 'source'")
            }
            let (result, _) = try runScenario(call)
            parts = result.session.app.parts
            expectations = result.session.expectationMarks.map {
                TimelineExpectation(
                    part: $0.part, time: $0.time, location: $0.location, message: $0.message, passed: $0.passed)
            }
            title = title ?? result.path
        }
        let html = TimelineHTML(title: title).render(parts: parts, expectations: expectations)
        let events = parts.reduce(0) { $0 + $1.events.count }
        let failed = expectations.filter { !$0.passed }.count
        let text =
            "an HTML player (the embedded resource holds it; save it as a .html file and open it in a browser) of "
            + "\(parts.count) part\(parts.count == 1 ? "" : "s"), \(events) event\(events == 1 ? "" : "s"), "
            + "\(expectations.count) expectation\(expectations.count == 1 ? "" : "s") (\(failed) failed)"
        return MCPToolResult(
            text: text,
            structured: [
                "html": .string(html), "parts": .int(parts.count), "events": .int(events),
                "expectations": .int(expectations.count), "failed": .int(failed),
            ],
            more: [
                [
                    "type": "resource",
                    "resource": [
                        "uri": .string(MCPResources.scheme + "player.html"), "mimeType": "text/html",
                        "text": .string(html),
                    ],
                ]
            ])
    }

    /// The `events` argument, checked as render_timeline_svg checks it: objects, in time order.
    static func timelineEntries(_ call: MCPCall) throws(RPCError) -> [Event] {
        let p = call.arguments
        guard case .array(let entries)? = p["events"] else { return [] }
        var parsed: [Event] = []
        for (i, entry) in entries.enumerated() {
            guard case .object(let members) = entry else {
                throw p.bad("events[\(i + 1)] must be an object, got \(entry.typeName)")
            }
            let event = try EventExplanation.event(from: members, what: "events[\(i + 1)]")
            if let before = parsed.last, event.time < before.time {
                throw p.bad(
                    "events[\(i + 1)].time \(event.time) is before events[\(i)]'s \(before.time); a timeline's events are in time order"
                )
            }
            parsed.append(event)
        }
        return parsed
    }
}
