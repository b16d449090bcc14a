import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

/// The tools of `sheetlab mcp` (docs/mcp.md lists them with their input
/// schemas). Each is a thin wrapper over what the CLI and `serve` use:
/// `ScenarioRunner` (run_scenario, explain_event, render_timeline_svg, render_player_html),
/// `Checker` (check_policy), the profile catalogue and the rule catalogue (`Rule.catalogue`, as `sheetlab profiles --rules` lists it).
/// A new tool is one more entry here, in a `MCPTools+Name.swift` file.
package enum MCPTools {
    /// Every tool, in the order `tools/list` gives them.
    static let list: [MCPTool] = [
        runScenario, checkPolicy, listProfiles, listRules, explainEvent, renderTimeline, renderPlayer,
    ]

    /// The tools' names, in that order (`sheetlab mcp --help` lists them).
    package static var names: [String] { list.map(\.name) }

    /// Tools by name.
    static let all: [String: MCPTool] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    // MARK: Schemas

    static let string: JSON = ["type": "string"]
    static let integer: JSON = ["type": "integer"]
    static let boolean: JSON = ["type": "boolean"]
    static let object: JSON = ["type": "object"]
    static let strings: JSON = ["type": "array", "items": ["type": "string"]]

    /// An integer in `range` (`RequestRanges`): the schema's `minimum` and `maximum` are what the call checks.
    static func integer(in range: ClosedRange<Int>) -> JSON {
        .object(["type": "integer"].merging(RequestRanges.schema(range.asNumbers)) { a, _ in a })
    }

    /// Policies: each a path or URI, or `{"source": LUA, "name": "x.lua"}` (as serve's `create` takes them).
    static let policyList: JSON = [
        "type": "array",
        "items": [
            "oneOf": [
                ["type": "string", "description": "A policy file: a path or a sheetlab://examples/policies/... URI."],
                [
                    "type": "object",
                    "properties": [
                        "source": ["type": "string", "description": "The policy's Lua source (returning its hooks)."],
                        "name": [
                            "type": "string",
                            "description": "What messages and the timeline call it (default inline.lua).",
                        ],
                    ],
                    "required": ["source"], "additionalProperties": false,
                ],
            ]
        ],
    ]

    /// Exactly one of `names`, as top-level `if`/`then`/`else` (clients
    /// refuse a top-level `oneOf`): if the first is given, none of the
    /// others; else exactly one of the others.
    static func exactlyOne(of names: [String]) -> [String: JSON] {
        guard let first = names.first, names.count > 1 else { return ["required": .array(names.map { .string($0) })] }
        let others = Array(names.dropFirst())
        return [
            "if": ["required": [.string(first)]],
            "then": ["not": ["anyOf": .array(others.map { ["required": [.string($0)]] })]],
            "else": .object(exactlyOne(of: others)),
        ]
    }

    /// Arguments that need others (`dependentRequired`): `seed` needs `runs`.
    static func needs(_ dependencies: KeyValuePairs<String, [String]>) -> [String: JSON] {
        var members: [String: JSON] = [:]
        for (name, needed) in dependencies { members[name] = .array(needed.map { .string($0) }) }
        return ["dependentRequired": .object(members)]
    }

    /// How `scenarioArguments` go together: a path or a source; a name and a base folder only with a source.
    static let scenarioConstraints = exactlyOne(of: ["path", "source"]).merging(
        needs(["name": ["source"], "base_directory": ["source"]])
    ) { a, _ in a }

    /// How 'events' and `scenarioArguments` go together: the entries or a scenario.
    static let eventsOrScenarioConstraints = exactlyOne(of: ["events", "path", "source"]).merging(
        needs(["name": ["source"], "base_directory": ["source"]])
    ) { a, _ in a }

    /// A string from a fixed list.
    static func oneOf(_ values: [String]) -> JSON { ["type": "string", "enum": .array(values.map { .string($0) })] }

    /// The arguments that say which scenario to run, shared by the tools that run one.
    static let scenarioArguments: [MCPArgument] = [
        .optional(
            "path", string,
            "A scenario file: a path (relative to the server's working directory) or a sheetlab://examples/... URI. Give this or 'source'."
        ),
        .optional("source", string, "A scenario's Lua source, instead of 'path'."),
        .optional("name", string, "With 'source': the file name messages give it (default scenario.lua)."),
        .optional(
            "base_directory", string,
            "With 'source': where its relative policy(\"...\") paths are found (default the working directory)."),
        .optional("profile", string, "The profile to start on, e.g. iphonese-ios16 (list_profiles lists them)."),
        .optional(
            "policies", policyList,
            "Policies loaded before the scenario, as --policy: files (paths or sheetlab://examples/policies/... URIs) or {source, name} objects."
        ),
    ]

    // MARK: Helpers

    /// Runs Lua, turning its error into a tool error.
    static func lua<T>(_ body: () throws(LuaError) -> T) throws(RPCError) -> T {
        do { return try body() } catch { throw RPCError(error) }
    }

    /// Runs an engine call, turning its error into a tool error.
    static func engine<T>(_ body: () throws(EngineError) -> T) throws(RPCError) -> T {
        do { return try body() } catch { throw RPCError(error) }
    }

    /// The `profile` argument, or the server's default.
    static func profile(_ call: MCPCall) throws(RPCError) -> Profile {
        guard let name = try call.arguments.optionalString("profile") else {
            return call.server.options.defaults.profile
        }
        return try engine { () throws(EngineError) in try Profile.named(name) }
    }

    /// The `policies` argument (paths, example URIs or `{source, name}`), or the server's default.
    static func policies(_ call: MCPCall, key: String = "policies") throws(RPCError) -> [PolicySource] {
        guard case .array(let entries)? = call.arguments[key] else { return call.server.options.defaults.policies }
        var sources: [PolicySource] = []
        for (i, entry) in entries.enumerated() {
            switch entry {
            case .string(let path):
                sources.append(.file(try call.server.resources.path(path)))
            case .object(let members):
                if let unknown = members.keys.sorted().first(where: { $0 != "source" && $0 != "name" }) {
                    throw call.arguments.bad("\(key)[\(i + 1)] has no member '\(unknown)'; expected source and name")
                }
                guard case .string(let source)? = members["source"] else {
                    throw call.arguments.bad("\(key)[\(i + 1)] needs 'source', the policy's Lua source")
                }
                var name = "inline.lua"
                if let given = members["name"] {
                    guard case .string(let text) = given else {
                        throw call.arguments.bad("\(key)[\(i + 1)].name must be a string, got \(given.typeName)")
                    }
                    name = text
                }
                sources.append(.source(source, name: name))
            default:
                throw call.arguments.bad(
                    "\(key)[\(i + 1)] must be a path or {source, name}, got \(entry.typeName)")
            }
        }
        return sources
    }

    /// The session a call runs in: the server's defaults with the call's
    /// profile and policies, the engine capped at the Lua cap (the rule of
    /// every session a client starts, `RPCEndpoint.engineLimits`), and the
    /// examples readable where the resources are, bounded by the server's roots.
    static func configuration(_ call: MCPCall) throws(RPCError) -> SessionConfiguration {
        var configuration = call.server.options.defaults
        configuration.profile = try profile(call)
        configuration.policies = try policies(call)
        configuration.engineLimits = RPCEndpoint.engineLimits(matching: configuration.limits, setting: "--memory")
        configuration.allowedPolicyRoots? += [call.server.resources.root + "/examples"]
        return call.server.roots.bound(configuration)
    }

    /// A whole timeline, indexed from 1, as `serve` writes it (with each event's rule and confidence).
    static func events(_ timeline: Timeline) -> JSON {
        let all = timeline.events(since: 0)
        return SessionJSON.events(all, total: timeline.count)
    }
}
