import SheetEngine
import SheetScripting

/// `explain_event`: which rule and which decider produced an event.
extension MCPTools {
    static let explainEvent = MCPTool(
        name: "explain_event", title: "Explain a timeline event",
        description: """
            Says why an event is on a timeline: what its kind means, who decided (stock SwiftUI, a policy and the hook \
            that decides such events, app code, the engine), the behaviour rule it cites (summary, OS range, source and \
            confidence) \
            and its detail. Give 'event' (a timeline entry as run_scenario, serve or `sheetlab run --timeline json` \
            write it), or a scenario (as run_scenario takes it) and the 'index' of one of its events.
            """,
        arguments: [
            .optional(
                "event", object, "A timeline entry: {time, kind, presenter, modifier, item, source, rule, detail, ...}."
            ),
            .optional(
                "index", integer(in: RequestRanges.id), "With a scenario: the event's 1-based index on its timeline."),
        ] + scenarioArguments,
        // 'event' alone, or a scenario and 'index'.
        constraints: [
            "if": ["required": ["event"]],
            "then": ["not": ["anyOf": [["required": ["index"]], ["required": ["path"]], ["required": ["source"]]]]],
            "else": .object(scenarioConstraints.merging(["required": ["index"]]) { a, _ in a }),
        ]
    ) { call throws(RPCError) in
        let p = call.arguments
        let explanation: EventExplanation
        if let given = try p.optionalObject("event") {
            if p["index"] != nil || p["path"] != nil || p["source"] != nil {
                throw p.bad("give 'event', or a scenario ('path' or 'source') and 'index', not both")
            }
            explanation = EventExplanation(
                try EventExplanation.event(from: given), index: try EventExplanation.index(from: given))
        } else {
            guard p["index"] != nil else {
                throw p.bad("give 'event', or a scenario and the 'index' of one of its events")
            }
            let (result, _) = try runScenario(call)
            let timeline = result.session.app.timeline
            let first = timeline.count - timeline.events.count
            let index = try p.optionalInt("index", in: RequestRanges.id) ?? 1
            guard index > first, index <= timeline.count else {
                throw p.bad(
                    "'index' \(index) is not on the timeline, which has events \(first + 1) to \(timeline.count)")
            }
            explanation = EventExplanation(timeline.events[index - first - 1], index: index)
        }
        return MCPToolResult(text: explanation.text, structured: explanation.json)
    }
}
