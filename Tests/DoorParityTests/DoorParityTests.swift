import Foundation
import LuaRuntime
import SheetJSON
import SheetLab
import SheetLabTestSupport
import SheetServer
import Testing

@testable import SheetLabCLI

/// Door parity: the same bad inputs through the command line, `serve`,
/// `mcp` and the Swift library give the same outcome everywhere: the same
/// error kind, the same limit and flag named, nothing lost, the server
/// still answering. Every door makes its sessions through the one factory
/// (`Session(_:startBudgetMilliseconds:prepare:)`) and reads files through
/// the one reader, so a difference here is a door that built its own floor.
/// Tests/e2e/parity_test.py runs the same table through the binary.
@Suite(.serialized) struct DoorParityTests {
    static let seed000 = ExampleScenarios.root.appendingPathComponent("examples/seeds/seed000_lost_reopen.lua").path

    /// What one door said.
    struct Outcome: CustomStringConvertible {
        var door: String
        /// The Lua error's kind (`io`, `budget`, ...), where the door reports one.
        var kind: String?
        var message: String
        var description: String { "\(door): \(kind ?? "-"): \(message)" }
    }

    // MARK: The doors

    /// `sheetlab ARGS`, in process: its exit code and what it wrote to standard error.
    static func cli(_ args: [String]) -> (code: ExitCode, err: String) {
        let out = Output(capturing: true)
        let code = sheetLabMain(args, out: out)
        return (code, out.captured!.err)
    }

    /// The servers, on the configuration the command line would give them
    /// (policies read only from the current folder and the paths allowed).
    static func servers(_ defaults: SessionConfiguration = commandLineDefaults) -> (
        serve: ServeServer, serveClient: RPCTestClient, mcp: MCPServer, mcpClient: RPCTestClient
    ) {
        let serve = ServeServer(defaults: defaults) { _ in }
        let mcp = MCPServer(options: MCPServer.Options(defaults: defaults, root: ExampleScenarios.root.path))
        let mcpClient = RPCTestClient { mcp.handle(line: Array($0.utf8)) }
        _ = mcpClient.request("initialize", ["protocolVersion": "2025-11-25", "capabilities": [:]])
        return (serve, RPCTestClient { serve.handle(line: Array($0.utf8)) }, mcp, mcpClient)
    }

    /// What `ScriptOptions` gives a server: paths allowed, none beyond the current folder.
    static var commandLineDefaults: SessionConfiguration {
        var configuration = SessionConfiguration()
        configuration.allowedPolicyRoots = []
        return configuration
    }

    /// The command line's defaults with the bad files' folder allowed (`--allow-path`), so
    /// that what is wrong with each file is found, not where it lies.
    static func allowing(_ bad: BadFiles) -> SessionConfiguration {
        var configuration = commandLineDefaults
        configuration.allowedPolicyRoots = [bad.folder.path]
        return configuration
    }

    /// A serve error response as an outcome.
    static func serveOutcome(_ response: JSON) -> Outcome {
        guard case .string(let message)? = response["error"]?["message"] else {
            return Outcome(door: "serve", kind: nil, message: "no error: \(response.text)")
        }
        return Outcome(door: "serve", kind: string(response["error"]?["data"]?["kind"]), message: message)
    }

    /// An mcp tool error as an outcome: its text, and the error in its structured content.
    static func mcpOutcome(_ response: JSON) -> Outcome {
        let result = response["result"]
        guard result?["isError"] == true, case .string(let text)? = result?["content"]?.array?.first?["text"] else {
            return Outcome(door: "mcp", kind: nil, message: "no tool error: \(response.text)")
        }
        return Outcome(
            door: "mcp", kind: string(result?["structuredContent"]?["error"]?["data"]?["kind"]), message: text)
    }

    static func string(_ json: JSON?) -> String? {
        if case .string(let s)? = json { return s }
        return nil
    }

    /// The library's error as an outcome.
    static func library(_ body: () throws -> Void) -> Outcome {
        do {
            try body()
            return Outcome(door: "library", kind: nil, message: "no error")
        } catch let error as ScenarioError {
            return Outcome(door: "library", kind: error.error.kind.rawValue, message: error.error.message)
        } catch let error as LuaError {
            return Outcome(door: "library", kind: error.kind.rawValue, message: error.message)
        } catch {
            return Outcome(door: "library", kind: nil, message: "\(error)")
        }
    }

    static func expectSame(_ outcomes: [Outcome], kind: String, saying message: String) {
        for outcome in outcomes {
            #expect(outcome.kind == kind, "\(outcome)")
            #expect(outcome.message.contains(message), "\(outcome)")
        }
    }

    // MARK: Files

    @Test func aPolicyFileThatCannotBeRead_isTheSameIOErrorThroughEveryDoor() throws {
        let bad = try BadFiles()
        let (_, serve, _, mcp) = Self.servers(Self.allowing(bad))
        for file in bad.unreadable {
            var outcomes = [
                Self.serveOutcome(serve.request("create", ["policies": [.string(file.path)]])),
                Self.serveOutcome(
                    serve.request("run_scenario", ["path": .string(Self.seed000), "policies": [.string(file.path)]])),
                Self.mcpOutcome(
                    mcp.request(
                        "tools/call",
                        ["name": "run_scenario", "arguments": ["source": "", "policies": [.string(file.path)]]])),
                Self.mcpOutcome(
                    mcp.request(
                        "tools/call", ["name": "check_policy", "arguments": ["policies": [.string(file.path)]]])),
                Self.library { _ = try Session(SessionConfiguration(policies: [.file(file.path)])) },
            ]
            let run = Self.cli(["run", Self.seed000, "--policy", file.path])
            if file.name == "missing" {
                // The command line checks its flags before anything runs.
                #expect(run.code == .usage && run.err.contains("no such policy file"), "\(run)")
            } else {
                #expect(run.code == .ioError, "\(file.name): \(run)")
                outcomes.append(Outcome(door: "cli", kind: "io", message: run.err))
            }
            Self.expectSame(outcomes, kind: "io", saying: file.message)
        }
        #expect(serve.request("create")["result"]?["app"] != nil, "serve still answers")
        #expect(mcp.request("ping")["result"] == [:], "mcp still answers")
    }

    @Test func aSetUpFileThatCannotBeRead_isTheSameIOErrorThroughEveryDoor() throws {
        let bad = try BadFiles()
        let (_, _, _, mcp) = Self.servers(Self.allowing(bad))
        for file in bad.unreadable {
            var outcomes = [
                Self.mcpOutcome(
                    mcp.request("tools/call", ["name": "check_policy", "arguments": ["scenario": .string(file.path)]])),
                Self.library { _ = try Session(SessionConfiguration(setup: .file(file.path))) },
            ]
            let check = Self.cli(["check", "--scenario", file.path, "--depth", "1"])
            if ["missing", "folder"].contains(file.name) {
                #expect(check.code == .usage, "\(file.name): \(check)")  // checked as a flag first
            } else {
                #expect(check.code == .ioError, "\(file.name): \(check)")
                outcomes.append(Outcome(door: "cli", kind: "io", message: check.err))
            }
            Self.expectSame(outcomes, kind: "io", saying: file.message)
        }
        #expect(mcp.request("ping")["result"] == [:])
    }

    @Test func filesOutsideTheRoots_areRefusedThroughEveryDoor_naming_allowPath() throws {
        let bad = try BadFiles()
        let (_, serve, _, mcp) = Self.servers()
        let setup = bad.folder.appendingPathComponent("setup.lua").path
        try #"view { name = "V" }"#.write(toFile: setup, atomically: true, encoding: .utf8)
        let outside = JSON.string(bad.outside)
        var roots = SessionConfiguration()
        roots.allowedPolicyRoots = []
        let outcomes = [
            Self.serveOutcome(serve.request("create", ["policies": [outside]])),
            Self.serveOutcome(serve.request("run_scenario", ["source": "", "policies": [outside]])),
            Self.mcpOutcome(
                mcp.request(
                    "tools/call", ["name": "run_scenario", "arguments": ["source": "", "policies": [outside]]])),
            Self.mcpOutcome(mcp.request("tools/call", ["name": "check_policy", "arguments": ["policies": [outside]]])),
            Self.mcpOutcome(
                mcp.request("tools/call", ["name": "check_policy", "arguments": ["scenario": .string(setup)]])),
            Self.library {
                var configuration = roots
                configuration.policies = [.file(bad.outside)]
                _ = try Session(configuration)
            },
            Self.library {
                var configuration = roots
                configuration.setup = .file(setup)
                _ = try Session(configuration)
            },
        ]
        Self.expectSame(outcomes, kind: "io", saying: BadFiles.outsideTheRoots)
        for outcome in outcomes { #expect(outcome.message.contains("--allow-path"), "\(outcome)") }
        // The command line allows the files it is given; what it refuses is a scenario's own
        // policy() call outside them, a script error at that line (exit 3) with the same reason.
        let inside = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-inside-\(UUID())")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: inside) }
        let calling = inside.appendingPathComponent("calls.lua").path
        try "policy(\"\(bad.outside)\")\nexpect(true)\n".write(toFile: calling, atomically: true, encoding: .utf8)
        let run = Self.cli(["run", calling])
        #expect(run.code == .scriptError, "\(run)")
        #expect(run.err.contains(BadFiles.outsideTheRoots) && run.err.contains("--allow-path"), "\(run)")
        #expect(Self.cli(["run", calling, "--allow-path", bad.folder.path]).code == .ok)
    }

    // MARK: Scripts

    static let view = #"view { name = "V", state = { s = "" } }"# + "\n"

    /// A scenario's script error through every door: serve's and mcp's
    /// `run_scenario` (in the result), `sheetlab run`, the library.
    func scenarioErrors(_ source: String, scriptBudget: Int = 10_000) throws -> [Outcome] {
        var defaults = Self.commandLineDefaults
        defaults.limits.scriptBudgetMilliseconds = scriptBudget
        let (_, serve, _, mcp) = Self.servers(defaults)
        var outcomes: [Outcome] = []
        let served = serve.request("run_scenario", ["source": .string(source), "timeline": false])["result"]
        #expect(served?["exit_status"] == 3)
        outcomes.append(
            Outcome(
                door: "serve", kind: Self.string(served?["error"]?["kind"]),
                message: Self.string(served?["error"]?["message"]) ?? ""))
        let tool = mcp.request("tools/call", ["name": "run_scenario", "arguments": ["source": .string(source)]])
        let structured = tool["result"]?["structuredContent"]
        #expect(structured?["exit_status"] == 3)
        outcomes.append(
            Outcome(
                door: "mcp", kind: Self.string(structured?["error"]?["kind"]),
                message: Self.string(structured?["error"]?["message"]) ?? ""))
        outcomes.append(
            Self.library { _ = try defaults.runScenario(source: source) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-bad-\(UUID()).lua").path
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = Self.cli(["run", file, "--script-budget", String(scriptBudget)])
        #expect(run.code == .scriptError, "\(run)")
        outcomes.append(Outcome(door: "cli", kind: nil, message: run.err))
        #expect(serve.request("create")["result"]?["app"] != nil, "serve still answers")
        #expect(mcp.request("ping")["result"] == [:], "mcp still answers")
        return outcomes
    }

    @Test func aLoopingScript_isStoppedByTheScriptBudget_everywhere() throws {
        let outcomes = try scenarioErrors("while true do end", scriptBudget: 300)
        Self.expectSame(outcomes.filter { $0.door != "cli" }, kind: "budget", saying: "raise it with --script-budget")
        #expect(outcomes.last!.message.contains("raise it with --script-budget"))
    }

    @Test func aMemoryBomb_isStoppedByTheMemoryCap_everywhere() throws {
        let outcomes = try scenarioErrors("local s, t = ('x'):rep(1 << 20), {} for i = 1, 1e9 do t[i] = s .. i end")
        let message = "the memory limit of 16 MiB was reached (raise it with --memory)"
        Self.expectSame(outcomes.filter { $0.door != "cli" }, kind: "memory", saying: message)
        #expect(outcomes.last!.message.contains(message))
    }

    @Test func anUnknownSlot_isTheSameEngineRefusal_everywhere() throws {
        let outcomes = try scenarioErrors(Self.view + #"set("V.nope", 1)"#)
        let message = try #require(outcomes.first?.message)
        #expect(message.contains("nope"))
        Self.expectSame(outcomes.filter { $0.door != "cli" }, kind: "runtime", saying: message)
        #expect(outcomes.last!.message.contains(message))
    }

    // MARK: Limits

    /// One table of ranges (`SessionSetting`) for the command line's flags
    /// and serve's `limits`, and the defaults `--help` prints are the
    /// limits' own.
    @Test func aLimitOutOfItsRange_isRefusedWithTheSameRange_onTheCommandLineAndInServe() {
        let serve = ServeServer { _ in }
        let client = RPCTestClient { serve.handle(line: Array($0.utf8)) }
        for (setting, field) in [
            (SessionSetting.memory, "memory_mib"), (.callBudget, "budget_ms"), (.scriptBudget, "script_budget_ms"),
        ] {
            let over = setting.range.upperBound + 1
            let cli = Self.cli(["run", Self.seed000, setting.flag, String(over)])
            #expect(cli.code == .usage)
            let range = "from \(setting.range.lowerBound) to \(setting.range.upperBound)"
            #expect(cli.err.contains(range), "\(cli)")
            let error = client.request("create", ["limits": [field: .int(over)]])["error"]
            #expect(error?["code"] == .int(RPCError.invalidParamsCode))
            #expect(Self.string(error?["message"])?.contains(range) == true, "\(String(describing: error))")
        }
        let shown = Output(capturing: true)
        _ = sheetLabMain(["run", "--help"], out: shown)
        let text = shown.captured!.out
        for expected in [
            "(default \(LuaLimits().callBudgetMilliseconds)).", "(default \(LuaLimits().scriptBudgetMilliseconds)).",
            "(default \(LuaLimits().memory >> 20)).", "(default \(LuaLimits().maximumSourceBytes >> 20)).",
            "(default \(EngineLimits().memoryBytes >> 20)).",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    // MARK: Requests

    @Test func aRequestOverItsBudget_namesTheLimitAndTheFlag_inBothServers() throws {
        let bad = try BadFiles()
        let looping = bad.folder.appendingPathComponent("looping.lua").path
        try "while true do end\n".write(toFile: looping, atomically: true, encoding: .utf8)
        var defaults = Self.commandLineDefaults
        defaults.limits = LuaLimits(callBudgetMilliseconds: 200, scriptBudgetMilliseconds: 200)
        defaults.allowedPolicyRoots = [bad.folder.path]
        var limits = ServerLimits()
        limits.maximumRequestBudgetMilliseconds = 200
        let serve = ServeServer(defaults: defaults, limits: limits) { _ in }
        let mcp = MCPServer(options: MCPServer.Options(defaults: defaults, root: ".", limits: limits))
        let serveClient = RPCTestClient { serve.handle(line: Array($0.utf8)) }
        let mcpClient = RPCTestClient { mcp.handle(line: Array($0.utf8)) }
        _ = mcpClient.request("initialize", ["protocolVersion": "2025-11-25"])
        // Loading a policy that loops spends the whole request, whichever budget stops it first.
        let served = serveClient.request("run_scenario", ["source": "", "policies": [.string(looping)]])["error"]
        let tool = mcpClient.request(
            "tools/call", ["name": "run_scenario", "arguments": ["source": "", "policies": [.string(looping)]]])
        let structured = tool["result"]?["structuredContent"]?["error"]
        for error in [served, structured] {
            #expect(error?["code"] == .int(RPCError.limitErrorCode))
            #expect(error?["data"]?["kind"] == "requestBudget")
            #expect(error?["data"]?["flag"] == "--max-request-budget")
            #expect(error?["data"]?["max"] == 200)
        }
        #expect(Self.mcpOutcome(tool).message.contains("(--max-request-budget 200)"))
        #expect(serveClient.request("create")["result"]?["app"] != nil)
        #expect(mcpClient.request("ping")["result"] == [:])
    }

    @Test func aCancelledRunScenario_isCancelled_inBothServers_andTheyGoOn() throws {
        var defaults = Self.commandLineDefaults
        defaults.limits.scriptBudgetMilliseconds = 60_000
        var limits = ServerLimits()
        limits.maximumRequestBudgetMilliseconds = 60_000
        let serve = ServeServer(defaults: defaults, limits: limits) { _ in }
        let mcp = MCPServer(options: MCPServer.Options(defaults: defaults, root: ".", limits: limits))
        let mcpClient = RPCTestClient { mcp.handle(line: Array($0.utf8)) }
        _ = mcpClient.request("initialize", ["protocolVersion": "2025-11-25"])
        func cancelOnceRunning(_ control: RequestControl, _ id: JSON) {
            startDetachedThread {
                var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
                while !control.isRunning(id) { nanosleep(&pause, nil) }
                control.cancel(id)
            }
        }
        cancelOnceRunning(serve.endpoint.control, 41)
        let served = serve.handle(
            line: Array(
                #"{"jsonrpc":"2.0","id":41,"method":"run_scenario","params":{"source":"while true do end"}}"#.utf8))
        let answer = try JSONParser.parse(Array(try #require(served).utf8))
        #expect(answer["error"]?["code"] == .int(RPCError.requestCancelledCode))
        #expect(answer["error"]?["data"]?["kind"] == "cancelled")
        cancelOnceRunning(mcp.endpoint.control, 42)
        let line =
            #"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"run_scenario","arguments":{"source":"while true do end"}}}"#
        #expect(mcp.handle(line: Array(line.utf8)) == nil, "MCP answers a cancelled request with nothing")
        #expect(mcpClient.request("ping")["result"] == [:])
        #expect(RPCTestClient { serve.handle(line: Array($0.utf8)) }.request("create")["result"]?["app"] != nil)
    }

    /// The routine both servers' `run_scenario` go through: a scenario
    /// interrupted after a cancel is the cancel, not a script error.
    @Test func anInterruptAfterACancel_isRequestCancelled() {
        let endpoint = RPCEndpoint()
        _ = endpoint.control.begin(7, message: endpoint.control.messageRead())
        endpoint.control.cancel(7)
        #expect(endpoint.failure(LuaError(.interrupted, "interrupted")) == .requestCancelled)
        endpoint.control.end()
        #expect(endpoint.failure(LuaError(.interrupted, "interrupted")).code == RPCError.limitErrorCode)
    }
}
