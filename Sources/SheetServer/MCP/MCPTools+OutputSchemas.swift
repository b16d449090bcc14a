import SheetJSON

/// What each tool's `structuredContent` holds, as `tools/list` gives it
/// (`outputSchema`), and the hints clients read (`annotations`). A tool
/// error's structured content is `{"error": {code, message, data}}`, which
/// every schema allows.
extension MCPTools {
    /// Every tool only reads: it runs scenarios and checks in fresh sessions
    /// of its own and writes no file, so clients need not confirm a call.
    static let readOnlyAnnotations: JSON = [
        "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false,
    ]

    /// The output schema of each tool, by name.
    static let outputSchemas: [String: JSON] = [
        "run_scenario": result(
            [
                "path": string, "profile": string, "passed": boolean,
                "exit_status": [
                    "type": "integer", "enum": [0, 1, 3, 4],
                    "description":
                        "0 passed, 1 an expectation failed, 3 a script error, 4 the file is missing or cannot be read",
                ],
                "expectations": integer, "failures": array(object), "error": object,
                "error_events": array(object), "output": strings, "timeline": array(object),
                "timeline_text": string, "strict": boolean,
            ], required: ["path", "passed", "exit_status", "expectations", "failures", "error_events"]),
        "check_policy": result(
            [
                "mode": string, "profile": string, "policies": strings, "invariants": strings,
                "states": integer, "steps": integer, "events": integer, "depth_reached": integer,
                "stopped": boolean, "violation": ["type": ["object", "null"]],
                "steps_skipped": ["type": ["integer", "null"]],
            ], required: ["mode", "profile", "states", "steps", "stopped", "violation"]),
        "list_profiles": result(
            ["default": string, "profiles": strings, "devices": array(object), "os_versions": array(object)],
            required: ["default", "profiles"]),
        "list_rules": result(["rules": array(object)], required: ["rules"]),
        "explain_event": result(
            [
                "index": integer, "time": integer, "kind": string, "severity": string, "detail": string,
                "meaning": string, "explanation": string, "rule": object, "animated": boolean,
            ], required: ["kind", "explanation"]),
        "render_timeline_svg": result(
            ["svg": string, "events": integer, "end_time": integer, "summary": string],
            required: ["svg", "events", "end_time"]),
        "render_player_html": result(
            ["html": string, "parts": integer, "events": integer, "expectations": integer, "failed": integer],
            required: ["html", "parts", "events"]),
    ]

    static func array(_ items: JSON) -> JSON { ["type": "array", "items": items] }

    /// An object schema with these properties and required ones, or a tool error.
    static func result(_ properties: [String: JSON], required: [String]) -> JSON {
        [
            "type": "object",
            "properties": .object(properties.merging(["error": object]) { a, _ in a }),
            "anyOf": [
                ["required": .array(required.map { .string($0) })],
                ["required": ["error"]],
            ],
        ]
    }
}
