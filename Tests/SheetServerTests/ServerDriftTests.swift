import Foundation
import SheetJSON
import SheetLabTestSupport
import SheetScripting
import Testing

@testable import SheetServer

/// What serve and mcp did differently when each built its own floor, now
/// one routine each: the engine's cap on the sessions a client starts, the
/// set-up read through the one reader, tool errors that carry the error.
@Suite struct ServerDriftTests {
    /// A scenario that makes the app hold far more than 8 MiB of state values (256 KiB a write).
    static let bigWrites = """
        view { name = "V", state = { s = "" } }
        local big = ("x"):rep(256 * 1024)
        for i = 1, 1000 do set("V.s", big .. i) end
        """

    static func mcp(_ defaults: SessionConfiguration = SessionConfiguration()) -> (MCPServer, RPCTestClient) {
        let server = MCPServer(options: MCPServer.Options(defaults: defaults, root: ExampleScenarios.root.path))
        let client = RPCTestClient { server.handle(line: Array($0.utf8)) }
        _ = client.request("initialize", ["protocolVersion": "2025-11-25"])
        return (server, client)
    }

    static func message(_ json: JSON?) -> String {
        if case .string(let s)? = json { return s }
        return ""
    }

    @Test func serve_capsTheEngineAtTheRunsMemory() throws {
        let client = ServeTestClient()
        let result = try client.call(
            "run_scenario", ["source": .string(Self.bigWrites), "limits": ["memory_mib": 8], "timeline": false])
        let error = Self.message(result["error"]?["message"])
        #expect(error.contains("engine memory limit of 8 MiB reached"), "\(error)")
        #expect(error.contains("raise it with run_scenario's memory_mib"), "\(error)")
        try client.call("create", ["limits": ["memory_mib": 8]])
        try client.call("view", ["app": 1, "view": ["name": "V", "state": ["s": ""]]])
        let eval = client.request(
            "eval", ["app": 1, "source": "for i = 1, 1000 do set('V.s', ('x'):rep(262144) .. i) end"])
        let refused = Self.message(eval["error"]?["message"])
        #expect(refused.contains("raise it with create's memory_mib"), "\(eval.text)")
    }

    @Test func mcp_capsTheEngineAtTheLuaCap_inRunScenarioAndCheckPolicy() throws {
        var defaults = SessionConfiguration()
        defaults.limits.memory = 8 << 20
        let (_, client) = Self.mcp(defaults)
        let run = client.request(
            "tools/call",
            ["name": "run_scenario", "arguments": ["source": .string(Self.bigWrites), "timeline": "none"]])
        let error = Self.message(run["result"]?["structuredContent"]?["error"]?["message"])
        #expect(error.contains("engine memory limit of 8 MiB reached"), "\(run.text)")
        #expect(error.contains("raise it with --memory"), "\(run.text)")
        let setup = FileManager.default.temporaryDirectory.appendingPathComponent("big-setup-\(UUID()).lua").path
        try Self.bigWrites.write(toFile: setup, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: setup) }
        let check = client.request(
            "tools/call", ["name": "check_policy", "arguments": ["scenario": .string(setup), "depth": 1]])
        #expect(check["result"]?["isError"] == true)
        #expect(MCPTestClient.text(check["result"] ?? .null).contains("engine memory limit of 8 MiB reached"))
    }

    @Test func mcp_checkPolicy_readsItsSetUpThroughTheOneReader() throws {
        let bad = try BadFiles()
        let (_, client) = Self.mcp()
        for (path, message) in [
            (bad.oversized, "it is larger than the 1 MiB a Lua source may have (raise it with --max-source)"),
            (bad.fifo, "it is a FIFO, not a regular file"),
        ] {
            let result = client.request(
                "tools/call", ["name": "check_policy", "arguments": ["scenario": .string(path)]])
            #expect(result["result"]?["isError"] == true)
            #expect(MCPTestClient.text(result["result"] ?? .null).contains(message), "\(result.text)")
        }
        #expect(client.request("ping")["result"] == [:])
    }

    @Test func mcp_aToolError_carriesTheErrorAsData() {
        let (_, client) = Self.mcp()
        let result = client.request(
            "tools/call", ["name": "run_scenario", "arguments": ["source": "", "policies": ["/nonexistent/p.lua"]]])
        let error = result["result"]?["structuredContent"]?["error"]
        #expect(error?["code"] == .int(RPCError.scriptErrorCode))
        #expect(error?["data"]?["kind"] == "io")
        #expect(Self.message(error?["message"]) == MCPTestClient.text(result["result"] ?? .null))
    }

    @Test func serve_andMCP_tooLongMessages_areTheSameError() {
        let serve = ServeServer { _ in }
        let (mcp, _) = Self.mcp()
        for answer in [serve.handle(.tooLong(2 << 20), message: 1), mcp.handle(.tooLong(2 << 20), message: 1)] {
            let json = try? JSONParser.parse(Array((answer ?? "").utf8))
            #expect(json?["error"]?["code"] == .int(RPCError.invalidRequestCode))
            #expect(json?["error"]?["data"]?["flag"] == "--max-line")
        }
    }
}
