import Foundation
import SheetEngine
import SheetJSON
import SheetScripting
import SheetServer

/// The server input fuzzer: JSON numbers of every size and kind in every
/// numeric parameter of `serve` and every numeric argument of `mcp`'s
/// tools, and timeline events (times, heights, kinds, order) given to
/// `render_timeline_svg` and `explain_event`, through each server's
/// protocol, in memory.
///
/// It is a client: what it sends comes from what the servers publish
/// (`initialize`'s methods and parameters with their ranges, `tools/list`'s
/// input schemas), so a parameter added later is fuzzed too. Numbers are
/// zero and minus zero, the bounds of each range and one past them,
/// 2^53, 2^63 - 1, -2^63, 1e300, 1e-300, 9.3e18 (past an integer), halves,
/// random integers and floats of every exponent, and raw literals the
/// parser must refuse or read as floats (`1e400`, thirty digits); other
/// parameters get plausible values or values of the wrong type.
///
/// After every input: no crash (the process is still here), exactly one
/// answer that is JSON-RPC (a result or an error with a code and message;
/// for a tool call, content and `isError`), not longer than the response
/// limit, within `stepLimitMilliseconds` of CPU; a number outside the range
/// a server published for it is refused (serve: `-32602`; mcp: a tool
/// error), never converted. After every batch: both servers still answer.
public struct ServerInputFuzzer {
    /// The repository root (mcp's resources and examples).
    public var root: String
    /// A request that takes more CPU than this is reported.
    public var stepLimitMilliseconds = 5_000.0
    /// The servers' CPU budget of one request, in ms (kept small: the fuzzer is about numbers, not loops).
    public var requestBudgetMilliseconds = 1_000

    /// - Parameter root: the repository root.
    public init(root: String) {
        self.root = root
    }

    /// What went wrong, with the request that did it.
    public struct Failure: CustomStringConvertible {
        public var check: String
        public var message: String
        public var request: String
        public var seed: UInt64
        public var batch: Int

        public var description: String {
            "\(check): \(message)\n  batch \(batch) of seed \(seed); replay: scripts/fuzz --server --seed \(seed)\n  | "
                + String(request.prefix(2000))
        }
    }

    /// What a run did.
    public struct Report {
        public var requests = 0
        public var results = 0
        public var errors = 0
        /// Numbers outside a published range, each refused.
        public var outOfRange = 0
        public var slowestMilliseconds = 0.0
        public var failures: [Failure] = []

        public init() {}

        public mutating func add(_ other: Report) {
            requests += other.requests
            results += other.results
            errors += other.errors
            outOfRange += other.outOfRange
            slowestMilliseconds = max(slowestMilliseconds, other.slowestMilliseconds)
            failures += other.failures
        }
    }

    /// One parameter (or argument) as the server published it.
    struct Parameter {
        var name: String
        var types: [String]
        var range: ClosedRange<Double>?
        var choices: [String] = []
    }

    /// A protocol under fuzz: a line in, a line out.
    struct Door {
        var name: String
        var handle: (String) -> String?
    }

    /// A sentinel number replaced in the request's text by a raw literal.
    static let rawSentinel = 7.777_777_7e77
    static let rawLiterals = [
        "1e400", "-1e400", "123456789012345678901234567890", "-0", "0e0", "1E2", "-9223372036854775809",
        "9223372036854775808", "0.0000000000000000000000000000001", "4503599627370497", "1.5e-400",
    ]

    /// Runs `count` inputs against a fresh serve and mcp server (batch `batch` of `seed`).
    public func run(seed: UInt64, batch: Int, inputs count: Int) -> Report {
        var report = Report()
        var random = FuzzRandom(seed: FuzzRandom.caseSeed(seed, batch))
        var limits = ServerLimits()
        limits.maximumRequestBudgetMilliseconds = requestBudgetMilliseconds
        var defaults = SessionConfiguration()
        defaults.limits.scriptBudgetMilliseconds = min(200, requestBudgetMilliseconds)
        defaults.limits.callBudgetMilliseconds = 20
        defaults.allowedPolicyRoots = []
        let serve = ServeServer(defaults: defaults, limits: limits) { _ in }
        let mcp = MCPServer(options: MCPServer.Options(defaults: defaults, root: root, limits: limits))
        let serveDoor = Door(name: "serve") { serve.handle(line: Array($0.utf8)) }
        let mcpDoor = Door(name: "mcp") { mcp.handle(line: Array($0.utf8)) }

        let fail = { (check: String, message: String, request: String) in
            report.failures.append(
                Failure(check: check, message: message, request: request, seed: seed, batch: batch))
        }
        // What each server publishes.
        let methods = Self.serveMethods(serveDoor.handle(Self.request(0, "initialize", [:])))
        _ = mcpDoor.handle(
            Self.request(0, "initialize", ["protocolVersion": "2025-11-25", "capabilities": [:]]))
        let tools = Self.mcpTools(mcpDoor.handle(Self.request(1, "tools/list", [:])))
        if methods.isEmpty { fail("publishes", "serve's initialize listed no methods", "initialize") }
        if tools.isEmpty { fail("publishes", "mcp's tools/list listed no tools", "tools/list") }
        // An app with a sheet to act on.
        _ = serveDoor.handle(Self.request(2, "create", [:]))
        _ = serveDoor.handle(Self.request(3, "eval", ["app": 1, "source": .string(Self.setup)]))

        let skipped: Set<String> = ["exit", "shutdown", "close", "initialize"]
        let serveChoices = methods.filter { !skipped.contains($0.key) }.keys.sorted()
        for i in 0..<count {
            let id = 100 + i
            let useServe = random.chance(0.5) || tools.isEmpty
            let door: Door
            let method: String
            let parameters: [Parameter]
            var params: [String: JSON]
            if useServe, let name = serveChoices.isEmpty ? nil : random.pick(serveChoices) {
                door = serveDoor
                method = name
                parameters = methods[name] ?? []
                params = Self.values(for: parameters, method: name, &random)
            } else {
                let name = random.pick(tools.keys.sorted())
                door = mcpDoor
                method = "tools/call"
                parameters = tools[name] ?? []
                params = [
                    "name": .string(name), "arguments": .object(Self.values(for: parameters, method: name, &random)),
                ]
            }
            var text = Self.request(id, method, params)
            let sentinel = JSON.double(Self.rawSentinel).text
            let raw = text.contains(sentinel) && random.chance(0.3)
            if raw { text = text.replacingOccurrences(of: sentinel, with: random.pick(Self.rawLiterals)) }
            // Which numbers are outside what the server published (then the call must be refused).
            var given = params
            if door.name == "mcp", case .object(let arguments)? = params["arguments"] { given = arguments }
            let outside = parameters.contains { (p: Parameter) -> Bool in
                guard let range = p.range, let value = given[p.name] else { return false }
                switch value {
                case .int(let n): return !range.contains(Double(n))
                case .double(let d): return !(raw && d == Self.rawSentinel) && !range.contains(d)
                default: return false
                }
            }
            report.requests += 1
            let start = threadCPUMilliseconds()
            HangGuard.shared.begin("server fuzz \(door.name): \(text.prefix(4000))")
            let answer = door.handle(text)
            HangGuard.shared.end()
            let spent = threadCPUMilliseconds() - start
            report.slowestMilliseconds = max(report.slowestMilliseconds, spent)
            if spent > stepLimitMilliseconds {
                fail("time", "\(door.name) took \(Int(spent)) ms of CPU", text)
            }
            let isNotification = method == "$/cancelRequest"
            guard let answer else {
                if !isNotification { fail("answer", "\(door.name) gave no answer", text) }
                continue
            }
            if answer.utf8.count > limits.maximumResponseBytes {
                fail("size", "an answer of \(answer.utf8.count) bytes", text)
            }
            guard let json = try? JSONParser.parse(Array(answer.utf8)), case .object(let response) = json else {
                fail("answer", "not a JSON object: \(answer.prefix(300))", text)
                continue
            }
            // A raw literal JSON cannot hold (1e400) makes the line a parse error, answered with a null id.
            let unparsable = raw && response["id"] == .null && response["error"]?["code"] == .int(-32700)
            let (refused, problem) =
                unparsable ? (true, nil) : Self.judge(response, id: id, tool: door.name == "mcp")
            if let problem {
                fail("answer", problem + ": \(answer.prefix(300))", text)
                continue
            }
            if refused { report.errors += 1 } else { report.results += 1 }
            if outside {
                report.outOfRange += 1
                if !refused { fail("range", "a number outside its published range was accepted", text) }
            }
        }
        // Both still answer.
        if serveDoor.handle(Self.request(9, "apps", [:])).flatMap({ try? JSONParser.parse(Array($0.utf8)) })?[
            "result"] == nil
        {
            fail("alive", "serve no longer answers 'apps'", "apps")
        }
        if mcpDoor.handle(Self.request(9, "ping", [:])).flatMap({ try? JSONParser.parse(Array($0.utf8)) })?["result"]
            != [:]
        {
            fail("alive", "mcp no longer answers 'ping'", "ping")
        }
        return report
    }

    /// Whether a response refuses the request, or what is wrong with it.
    static func judge(_ response: [String: JSON], id: Int, tool: Bool) -> (refused: Bool, problem: String?) {
        guard response["jsonrpc"] == "2.0", response["id"] == .int(id) else {
            return (false, "not the JSON-RPC 2.0 answer to id \(id)")
        }
        switch (response["result"], response["error"]) {
        case (nil, .object(let error)?):
            guard case .int = error["code"], case .string = error["message"] else {
                return (true, "an error without a code and a message")
            }
            return (true, nil)
        case (let result?, nil):
            guard tool else { return (false, nil) }
            guard case .array = result["content"], case .bool(let isError)? = result["isError"] else {
                return (false, "a tool result without content and isError")
            }
            return (isError, nil)
        default:
            return (false, "not exactly one of result and error")
        }
    }

    // MARK: What the servers publish

    /// serve's methods and their parameters, from `initialize`.
    static func serveMethods(_ answer: String?) -> [String: [Parameter]] {
        guard let answer, let json = try? JSONParser.parse(Array(answer.utf8)),
            case .array(let methods)? = json["result"]?["methods"]
        else { return [:] }
        var out: [String: [Parameter]] = [:]
        for method in methods {
            guard case .string(let name)? = method["name"], case .array(let params)? = method["params"] else {
                continue
            }
            out[name] = params.compactMap { p in
                guard case .string(let n)? = p["name"] else { return nil }
                let types = (p["types"]?.array ?? []).compactMap { if case .string(let t) = $0 { t } else { nil } }
                return Parameter(name: n, types: types, range: range(p))
            }
        }
        return out
    }

    /// mcp's tools and their arguments, from `tools/list`.
    static func mcpTools(_ answer: String?) -> [String: [Parameter]] {
        guard let answer, let json = try? JSONParser.parse(Array(answer.utf8)),
            case .array(let tools)? = json["result"]?["tools"]
        else { return [:] }
        var out: [String: [Parameter]] = [:]
        for tool in tools {
            guard case .string(let name)? = tool["name"],
                case .object(let properties)? = tool["inputSchema"]?["properties"]
            else { continue }
            out[name] = properties.keys.sorted().map { key in
                let schema = properties[key]!
                var types: [String] = []
                if case .string(let t)? = schema["type"] { types = [t] }
                let choices = (schema["enum"]?.array ?? []).compactMap {
                    if case .string(let s) = $0 { s } else { nil }
                }
                return Parameter(name: key, types: types, range: range(schema), choices: choices)
            }
        }
        return out
    }

    static func range(_ schema: JSON) -> ClosedRange<Double>? {
        func number(_ j: JSON?) -> Double? {
            switch j {
            case .int(let i)?: Double(i)
            case .double(let d)?: d
            default: nil
            }
        }
        guard let low = number(schema["minimum"]), let high = number(schema["maximum"]) else { return nil }
        return low...high
    }

    // MARK: Values

    /// The app the fuzzer acts on: an item sheet with detents.
    static let setup = """
        view { name = "ContentView", state = { "item", detent = "medium" },
          modifiers = { sheet { item = "item", content = function(c)
            return { text = "item", presentationDetents = { "medium", "large" }, selection = "ContentView.detent" } end } } }
        set("ContentView.item", { id = 1 })
        """

    /// A number of any size and kind, often at or just past `range`'s bounds.
    static func number(_ range: ClosedRange<Double>?, integer: Bool, _ random: inout FuzzRandom) -> JSON {
        var pool: [JSON] = [
            0, .double(-0.0), .double(1e300), .double(-1e300), .int(1 << 53), .int(Int.max), .int(Int.min),
            .double(9.3e18), .double(-9.3e18), .double(0.5), .double(1e-300), .double(4.5e15), .int(-1), 1,
            .double(rawSentinel),
        ]
        if let range {
            for bound in [range.lowerBound, range.upperBound] {
                for d in [bound, bound - 1, bound + 1, bound.nextUp, bound.nextDown] {
                    pool.append(Int(exactly: d).map(JSON.int) ?? .double(d))
                }
            }
            let span = range.upperBound - range.lowerBound
            let inside = range.lowerBound + span * Double(random.below(1001)) / 1000
            pool.append(Int(exactly: inside.rounded()).map(JSON.int) ?? .double(inside))
            if integer, let low = Int(exactly: range.lowerBound) { pool.append(.int(low + random.below(10))) }
        }
        switch random.below(4) {
        case 0:
            // A float of any exponent.
            let exponent = random.int(in: -320...308)
            let d = (random.chance(0.5) ? -1.0 : 1.0) * Double(random.below(1000) + 1) * pow(10.0, Double(exponent))
            return d.isFinite ? .double(d) : .double(1e308)
        case 1:
            return .int(Int(truncatingIfNeeded: random.next()))
        default:
            return random.pick(pool)
        }
    }

    /// Values for the parameters a method takes: numbers of every kind in
    /// the numeric ones, plausible or wrongly typed values in the others.
    static func values(for parameters: [Parameter], method: String, _ random: inout FuzzRandom) -> [String: JSON] {
        var out: [String: JSON] = [:]
        for p in parameters where random.chance(p.name == "app" ? 0.98 : 0.7) {
            out[p.name] = value(for: p, method: method, &random)
        }
        // Mostly what a method can run with, so that the numbers reach past the checks of shape:
        // one of 'path' and 'source', and events without a scenario, in time order.
        if out["path"] != nil, out["source"] != nil, random.chance(0.9) {
            out[random.chance(0.5) ? "path" : "source"] = nil
        }
        if out["events"] != nil || out["event"] != nil, random.chance(0.8) {
            for key in ["path", "source", "name", "base_directory", "index"] { out[key] = nil }
        }
        if case .array(let events)? = out["events"], random.chance(0.8) {
            out["events"] = .array(events.sorted { time($0) < time($1) })
        }
        return out
    }

    /// An event's time, for sorting (what is not an integer first).
    static func time(_ event: JSON) -> Double {
        switch event["time"] {
        case .int(let i)?: Double(i)
        case .double(let d)?: d
        default: -.infinity
        }
    }

    static func value(for p: Parameter, method: String, _ random: inout FuzzRandom) -> JSON {
        if p.name == "app", random.chance(0.8) { return 1 }
        if random.chance(0.05) { return random.pick([.null, "x", true, [], [:]]) }
        if p.types.contains("integer") || p.types.contains("number") {
            return number(p.range, integer: p.types.contains("integer"), &random)
        }
        if !p.choices.isEmpty { return .string(random.pick(p.choices)) }
        switch p.name {
        case "events": return .array((0..<random.below(8)).map { _ in event(&random) })
        case "event": return event(&random)
        case "limits":
            return .object(
                Dictionary(
                    uniqueKeysWithValues: ["memory_mib", "budget_ms", "script_budget_ms"].filter { _ in
                        random.chance(0.5)
                    }.map { ($0, number(nil, integer: true, &random)) }))
        case "filter":
            return ["since": number(nil, integer: true, &random), "kind": "presented"]
        case "source", "view":
            if p.types.contains("object") {
                return ["name": .string("V\(random.below(5))"), "state": ["x"]]
            }
            return .string(scenario(&random))
        case "path", "scenario":
            return .string(
                random.pick([
                    "sheetlab://examples/seeds/seed000_queue_reopen.lua", "examples/seeds/seed000_lost_reopen.lua",
                    "/etc/passwd", "../x.lua", "nope.lua",
                ]))
        case "base_directory": return .string(random.pick([".", "/", "examples", "/nonexistent"]))
        case "policies", "invariants": return []
        case "profile": return .string(random.pick(Profile.allNames + ["nope"]))
        case "slot": return .string(random.pick(["ContentView.item", "ContentView.detent", "V.x", "nope"]))
        case "writes": return ["ContentView.detent": .string(random.pick(["medium", "large"]))]
        case "value": return number(nil, integer: false, &random)
        case "orientation": return .string(random.pick(["portrait", "landscape", "sideways"]))
        default: break
        }
        if p.types.contains("boolean") { return .bool(random.chance(0.5)) }
        if p.types.contains("string") { return .string(random.pick(["", "x", "ContentView", "medium"])) }
        if p.types.contains("array") { return [] }
        if p.types.contains("object") { return [:] }
        return .null
    }

    /// A timeline entry with hostile numbers, a kind and sometimes a phase, height or rule.
    static func event(_ random: inout FuzzRandom) -> JSON {
        var members: [String: JSON] = [
            "time": number(0...Double(SheetApp.maximumTime), integer: true, &random),
            "kind": .string(random.pick(EventKind.allCases).rawValue),
        ]
        if random.chance(0.7) { members["presenter"] = .string(random.pick(["root", "ContentView", "x"])) }
        if random.chance(0.5) { members["height"] = number(-1e6...1e6, integer: false, &random) }
        if random.chance(0.3) { members["phase"] = .string(random.pick(["presenting", "presented", "dismissing"])) }
        if random.chance(0.2) { members["detent"] = "medium" }
        if random.chance(0.2) { members["index"] = number(nil, integer: true, &random) }
        return .object(members)
    }

    /// A short scenario that passes hostile numbers to the Lua functions.
    static func scenario(_ random: inout FuzzRandom) -> String {
        func lua() -> String {
            random.pick([
                "1e300", "-1e300", "0/0", "1/0", "-1/0", "math.maxinteger", "math.mininteger", "2^53", "0.5", "-0.0",
                "\(random.int(in: -1000...100_000))",
            ])
        }
        let body = random.pick([
            "advance(\(lua()))", "drag(\(lua()))", "release(\(lua()))", "wait(\(lua()))", "expect(true)",
        ])
        return Self.setup + "\npcall(function() \(body) end)\nexpect(true)\n"
    }

    /// A request's text.
    static func request(_ id: Int, _ method: String, _ params: [String: JSON]) -> String {
        JSON.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": .object(params)]).text
    }
}
