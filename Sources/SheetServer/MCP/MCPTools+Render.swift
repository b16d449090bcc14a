import SheetEngine
import SheetRendering
import SheetScripting

/// `render_timeline_svg`: a run's timeline as the SVG picture `sheetlab run --timeline svg` draws.
extension MCPTools {
    static let renderTimeline = MCPTool(
        name: "render_timeline_svg", title: "Render a timeline as SVG",
        description: """
            Draws a run's timeline as a self-contained SVG picture (one lane per presenter, phases as bars, the \
            sheet's height, marks for user actions, policy decisions, warnings and errors), as `sheetlab run \
            --timeline svg` does, with a text summary of it (each presentation's phases, the warnings and errors) \
            for clients that cannot show SVG. Give a scenario (as run_scenario takes it), or 'events' (timeline \
            entries).
            """,
        arguments: [
            .optional(
                "events", ["type": "array", "items": ["type": "object"]],
                "Timeline entries to draw, instead of running a scenario."),
            .optional("title", string, "The picture's title (default: the scenario's name)."),
        ] + scenarioArguments,
        constraints: eventsOrScenarioConstraints
    ) { call throws(RPCError) in
        let p = call.arguments
        let events: [Event]
        var profile: Profile?
        var end: Int
        var title = try p.optionalString("title")
        if case .array? = p["events"] {
            if p["path"] != nil || p["source"] != nil { throw p.bad("give 'events' or a scenario, not both") }
            events = try timelineEntries(call)
            if p["profile"] != nil { profile = try MCPTools.profile(call) }
            end = events.last?.time ?? 0
        } else {
            if p["path"] == nil && p["source"] == nil {
                throw p.bad("give exactly one of 'events', 'path' or 'source'")
            }
            let (result, _) = try runScenario(call)
            events = Array(result.session.app.timeline.events)
            profile = result.session.profile
            end = result.session.app.now
            title = title ?? result.path
        }
        end = max(end, events.last?.time ?? 0)
        let svg = TimelineSVG(title: title, profile: profile).render(events, endTime: end)
        let uri = MCPResources.scheme + "timeline.svg"
        let summary = TimelineSummary.lines(events, endTime: end).joined(separator: "\n")
        return MCPToolResult(
            text: "an SVG picture (the embedded resource holds it) of what follows:\n" + summary,
            structured: [
                "svg": .string(svg), "events": .int(events.count), "end_time": .int(end), "summary": .string(summary),
            ],
            more: [
                [
                    "type": "resource",
                    "resource": ["uri": .string(uri), "mimeType": "image/svg+xml", "text": .string(svg)],
                ]
            ])
    }
}
