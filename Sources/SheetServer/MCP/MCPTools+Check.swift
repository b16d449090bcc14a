import LuaRuntime
import SheetCheck
import SheetEngine
import SheetJSON
import SheetScripting

/// `check_policy`: `sheetlab check`'s explorer, with limits on depth, runs and time.
extension MCPTools {
    /// The deepest exhaustive search a call may ask for (the state space grows fast).
    static let maximumCheckDepth = 10
    /// The most random runs a call may ask for.
    static let maximumCheckRuns = 100_000
    static let depthRange = 1...maximumCheckDepth
    static let runsRange = 1...maximumCheckRuns

    static let checkPolicy = MCPTool(
        name: "check_policy", title: "Check a policy for invariant violations",
        description: """
            Explores sequences of user actions and waits (binding writes, swipes, dismiss actions, drags, rotation, \
            waits around each transition) from a set-up scenario, as `sheetlab check` does, checking invariants after \
            every step. Exhaustive to 'depth' steps, or 'runs' random sequences from 'seed'. Stops at 'max_ms' of CPU \
            time (then 'stopped' is true). A violation comes with the shortest sequence found and a scenario that \
            replays it (save it and run it with run_scenario).
            """,
        arguments: [
            .optional(
                "policies", policyList,
                "Policies to check: files (paths or sheetlab://examples/policies/... URIs) or {source, name} objects; none: stock SwiftUI behaviour."
            ),
            .optional(
                "scenario", string, "The set-up scenario (a path or URI); default: seed 000's one-sheet app."),
            .optional("profile", string, "The profile, e.g. iphone15-ios17."),
            .optional(
                "depth", integer(in: depthRange), "Steps per sequence, 1 to \(maximumCheckDepth) (default 6)."),
            .optional(
                "runs", integer(in: runsRange), "Random mode: this many random sequences, 1 to \(maximumCheckRuns)."),
            .optional("seed", integer(in: RequestRanges.seed), "Random mode's seed (default 1)."),
            .optional(
                "simulate", boolean,
                "Random mode as TLC's simulation: check the state of every step from each state of a run, not only the one taken (needs 'runs')."
            ),
            .optional(
                "invariants",
                ["type": "array", "items": oneOf(Invariant.allCases.map(\.rawValue))],
                "Built-in invariants to check besides the defaults: \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))."
            ),
            MCPArgument(
                name: "max_ms", schema: integer(in: ServerLimits.requestBudget.range),
                description: "CPU time cap in milliseconds (default and maximum: the server's --max-request-budget).",
                maximumFromLimits: { $0.maximumRequestBudgetMilliseconds }),
            .optional(
                "html", boolean,
                "With a violation, also its run as the HTML player (violation.html and an embedded text/html resource), as `sheetlab check --trace html` writes it."
            ),
        ],
        constraints: needs(["seed": ["runs"], "simulate": ["runs"]])
    ) { call throws(RPCError) in
        try check(call)
    }

    static func check(_ call: MCPCall) throws(RPCError) -> MCPToolResult {
        let p = call.arguments
        let server = call.server
        let depth = try p.optionalInt("depth", in: depthRange) ?? 6
        let runs = try p.optionalInt("runs", in: runsRange)
        let seed = try p.optionalInt("seed", in: RequestRanges.seed) ?? 1
        if p["seed"] != nil, runs == nil {
            throw p.bad("'seed' seeds random mode: give 'runs' too (without it the check is exhaustive)")
        }
        let simulates = try p.optionalBool("simulate") ?? false
        if simulates, runs == nil {
            throw p.bad("'simulate' is random mode's: give 'runs' too (exhaustive mode checks every state already)")
        }
        let cap = server.options.limits.maximumRequestBudgetMilliseconds
        let maxMilliseconds = try p.optionalInt("max_ms", in: 1...cap) ?? cap
        let wantsHTML = try p.optionalBool("html") ?? false
        var invariants: [Invariant] = []
        if case .array(let names)? = p["invariants"] {
            for name in names {
                guard case .string(let text) = name, let invariant = Invariant(rawValue: text) else {
                    throw p.bad(
                        "unknown invariant \(name.text); expected one of \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                invariants.append(invariant)
            }
        }
        var configuration = try configuration(call)
        configuration.setup = try p.optionalString("scenario").map { path throws(RPCError) in
            .file(try server.resources.path(path))
        }
        // The set-up is read once, through the one reader (as `sheetlab check --scenario` reads it).
        let setup = try lua { () throws(LuaError) in try CheckSetup(configuration) }
        let session = try server.endpoint.makeSession(setup)
        let policies = configuration.policies.map { source in
            switch source {
            case .file(let path): path
            case .source(_, let name): name
            }
        }

        let checker = Checker(host: session, invariants: invariants)
        let profile = checker.profile
        checker.simulates = simulates
        let start = threadCPUNanoseconds()
        checker.shouldStop = { [control = server.control] () -> CheckReport.Stop? in
            if control.isCancelled { return .interrupted }
            return (threadCPUNanoseconds() - start) / 1_000_000 >= maxMilliseconds ? .timeLimit : nil
        }
        let report =
            runs.map { checker.random(runs: $0, depth: depth, seed: UInt64(seed)) } ?? checker.exhaustive(depth: depth)
        let mode =
            runs.map { "\(simulates ? "simulation" : "random"), \($0) runs of \(depth) steps from seed \(seed)" }
            ?? "exhaustive to depth \(depth)"
        var structured: [String: JSON] = [
            "mode": .string(mode), "profile": .string(profile.name),
            "policies": .array(policies.map { .string($0) }),
            "invariants": .array(report.invariants.map { .string($0) }), "states": .int(report.states),
            "steps": .int(report.steps), "events": .int(report.events), "depth_reached": .int(report.depthReached),
            "stopped": .bool(report.stopped != nil), "violation": .null,
            "steps_skipped": report.stepsSkipped.map { .int($0) } ?? .null,
        ]
        var text = [
            "checked \(policies.isEmpty ? "stock behaviour" : policies.joined(separator: ", ")) on \(profile.name): \(mode)",
            "invariants: \(report.invariants.joined(separator: ", "))",
            "\(report.states) states, \(report.steps) steps, \(report.events) events"
                + (report.stopped != nil ? "; stopped at the time cap of \(maxMilliseconds) ms before the end" : ""),
        ]
        if let line = report.reductionLine { text.append(line) }
        if let v = report.violation {
            let replay = Counterexample.scenario(v, setup: setup.text, profile: profile.name, policies: policies)
            structured["violation"] = [
                "invariant": .string(v.invariant), "message": .string(v.message),
                "steps": .array(v.steps.map { .string($0.lua) }), "scenario": .string(replay),
            ]
            text += [
                "VIOLATION \(v.invariant) after \(v.steps.count) steps: \(v.message)", "counterexample scenario:", "",
                replay,
            ]
            if wantsHTML,
                let html = CounterexamplePlayer.html(
                    checker, steps: v.steps, liveness: false, what: "invariant \(v.invariant)", message: v.message,
                    policies: policies)
            {
                if case .object(var o)? = structured["violation"] {
                    o["html"] = .string(html)
                    structured["violation"] = .object(o)
                }
                text.append("(the embedded resource holds the counterexample's run as an HTML player)")
                return MCPToolResult(
                    text: text.joined(separator: "\n"), structured: .object(structured),
                    more: [
                        [
                            "type": "resource",
                            "resource": [
                                "uri": .string(MCPResources.scheme + "counterexample.html"), "mimeType": "text/html",
                                "text": .string(html),
                            ],
                        ]
                    ])
            }
        } else {
            text.append(report.stopped != nil ? "no violation in what was explored" : "no violation")
        }
        return MCPToolResult(text: text.joined(separator: "\n"), structured: .object(structured))
    }
}
