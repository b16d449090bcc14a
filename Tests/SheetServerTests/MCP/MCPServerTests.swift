import Foundation
import LuaRuntime
import SheetEngine
import SheetJSON
import SheetLabTestSupport
import Testing

@testable import SheetServer

/// A client talking to an `MCPServer` in memory, one line at a time (`RPCTestClient`).
final class MCPTestClient {
    let server: MCPServer
    private var client: RPCTestClient!

    init(initialize: Bool = true, options: MCPServer.Options = MCPServer.Options(root: serveRepositoryRoot)) {
        server = MCPServer(options: options)
        client = RPCTestClient { [server] line in server.handle(line: Array(line.utf8)) }
        if initialize {
            _ = request(
                "initialize",
                ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])
            _ = send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        }
    }

    /// Sends a raw line; the parsed response, or nil when none came.
    func send(_ line: String) -> JSON? { client.send(line) }

    /// A request's whole response.
    func request(_ method: String, _ params: [String: JSON] = [:]) -> JSON { client.request(method, params) }

    /// A tool call's result.
    func call(_ tool: String, _ arguments: [String: JSON] = [:]) -> JSON {
        request("tools/call", ["name": .string(tool), "arguments": .object(arguments)])["result"] ?? .null
    }

    /// The text of a result's first content block.
    static func text(_ result: JSON) -> String {
        if case .string(let s)? = result["content"]?.array?.first?["text"] { return s }
        return ""
    }
}

@Suite struct MCPServerTests {
    static let seed000 = "sheetlab://examples/seeds/seed000_lost_reopen.lua"

    @Test(arguments: ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
    func initialize_aKnownVersion_isAnsweredWithIt(version: String) {
        let client = MCPTestClient(initialize: false)
        let result = client.request(
            "initialize", ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": [:]])["result"]
        #expect(result?["protocolVersion"] == .string(version))
        #expect(result?["serverInfo"]?["name"] == "sheetlab")
        #expect(result?["capabilities"]?["tools"] != nil)
    }

    @Test func initialize_anUnknownVersion_isAnsweredWithTheNewest() {
        let client = MCPTestClient(initialize: false)
        let result = client.request("initialize", ["protocolVersion": "1999-01-01", "capabilities": [:]])["result"]
        #expect(result?["protocolVersion"] == "2025-11-25")
    }

    @Test func initialize_twice_isInvalidRequest() {
        let client = MCPTestClient()
        #expect(client.request("initialize", ["protocolVersion": "2025-11-25"])["error"]?["code"] == -32600)
    }

    @Test func requestsBeforeInitialize_areRefused_butPingIsAnswered() {
        let client = MCPTestClient(initialize: false)
        #expect(client.request("tools/list")["error"]?["code"] == -32600)
        #expect(client.request("ping")["result"] == [:])
    }

    @Test func serverDiscover_isMethodNotFound_soTheSDKFallsBackToInitialize() {
        let client = MCPTestClient(initialize: false)
        #expect(client.request("server/discover")["error"]?["code"] == -32601)
    }

    @Test func batches_nullIds_andResponsesFromTheClient() {
        let client = MCPTestClient()
        #expect(client.send(#"[{"jsonrpc":"2.0","id":9,"method":"ping"}]"#)?["error"]?["code"] == -32600)
        #expect(client.send(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)?["error"]?["code"] == -32600)
        #expect(client.send(#"{"jsonrpc":"2.0","id":4,"result":{}}"#) == nil)
        #expect(client.send(#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#) == nil)
        #expect(client.send("not json")?["error"]?["code"] == -32700)
    }

    @Test func toolsList_everyToolHasAClosedObjectSchema() {
        let tools = MCPTestClient().request("tools/list")["result"]?["tools"]?.array ?? []
        #expect(tools.count == MCPTools.list.count)
        for tool in tools {
            #expect(tool["inputSchema"]?["type"] == "object")
            #expect(tool["inputSchema"]?["additionalProperties"] == false)
            #expect(tool["description"] != nil)
        }
    }

    @Test func unknownTool_isInvalidParams() {
        let response = MCPTestClient().request("tools/call", ["name": "nope", "arguments": [:]])
        #expect(response["error"]?["code"] == -32602)
    }

    @Test func unknownArgument_isAToolError_namingIt() {
        let result = MCPTestClient().call("run_scenario", ["path": .string(Self.seed000), "polices": []])
        #expect(result["isError"] == true)
        #expect(MCPTestClient.text(result).contains("no argument 'polices'"))
    }

    @Test func runScenario_seed000_reportsTheLostRequestWithItsRule() {
        let result = MCPTestClient().call("run_scenario", ["path": .string(Self.seed000), "timeline": "json"])
        #expect(result["isError"] == false)
        #expect(result["structuredContent"]?["passed"] == true)
        let lost = result["structuredContent"]?["timeline"]?.array?.first { $0["kind"] == "requestLost" }
        #expect(lost?["rule"] == "B03")
    }

    @Test func runScenario_pathAndSource_isAToolError() {
        let result = MCPTestClient().call("run_scenario", ["path": .string(Self.seed000), "source": "x = 1"])
        #expect(result["isError"] == true)
        #expect(MCPTestClient.text(result).contains("exactly one of 'path' or 'source'"))
    }

    @Test func runScenario_aURIThatIsNotAnExample_isAToolError() {
        let result = MCPTestClient().call("run_scenario", ["path": "sheetlab://docs/serve.md"])
        #expect(result["isError"] == true)
    }

    @Test func explainEvent_aPolicyDecision_namesThePolicyAndItsHook() {
        let event: JSON = [
            "time": 600, "kind": "queued", "presenter": "ContentView", "source": "queue.lua", "detail": "held",
        ]
        let result = MCPTestClient().call("explain_event", ["event": event])
        #expect(result["structuredContent"]?["decider"]?["name"] == "queue.lua")
        #expect(result["structuredContent"]?["decider"]?["hook"] == "request")
    }

    @Test func explainEvent_anIndexOffTheTimeline_isAToolError() {
        let result = MCPTestClient().call("explain_event", ["path": .string(Self.seed000), "index": 10_000])
        #expect(result["isError"] == true)
        #expect(MCPTestClient.text(result).contains("is not on the timeline"))
    }

    @Test func explainEvent_anUnknownKind_isAToolError() {
        let result = MCPTestClient().call("explain_event", ["event": ["time": 0, "kind": "exploded"]])
        #expect(result["isError"] == true)
    }

    @Test func checkPolicy_depthOverTheMaximum_isAToolError() {
        let result = MCPTestClient().call("check_policy", ["depth": 11])
        #expect(result["isError"] == true)
    }

    @Test func listRules_isTheEngineCatalogue_asProfilesRulesJSONGivesIt() {
        let result = MCPTestClient().call("list_rules")
        #expect(result["structuredContent"] == CatalogueJSON.rules)
        let one = MCPTestClient().call("list_rules", ["id": "b03"])
        #expect(one["structuredContent"]?["rules"]?.array?.first?["summary"] == .string(RuleID.b03.rule.summary))
        #expect(MCPTestClient().call("list_rules", ["id": "B99"])["isError"] == true)
    }

    @Test func explainEvent_citesTheRulesSummarySourceAndConfidence() {
        let event: JSON = ["time": 750, "kind": "requestLost", "rule": "B03", "presenter": "ContentView"]
        let result = MCPTestClient().call("explain_event", ["event": event])
        let rule = result["structuredContent"]?["rule"]
        #expect(rule?["summary"] == .string(RuleID.b03.rule.summary))
        #expect(rule?["confidence"] == .string(RuleID.b03.rule.confidence.rawValue))
        #expect(MCPTestClient.text(result).contains("rule: B03"))
    }

    @Test func resources_readAListedFile_refuseAnythingElse() {
        let client = MCPTestClient()
        let read = client.request("resources/read", ["uri": "sheetlab://api/sheetlab.lua"])
        #expect(read["result"]?["contents"]?.array?.first?["mimeType"] == "text/x-lua")
        let traversal = client.request("resources/read", ["uri": "sheetlab://examples/../Package.swift"])
        #expect(traversal["error"]?["code"] == -32002)
        #expect(traversal["error"]?["data"]?["uri"] == "sheetlab://examples/../Package.swift")
    }

    @Test func resources_linksLeavingTheRoot_areNotListedOrServed_andHugeFilesAreNotRead() throws {
        let base = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let root = base + "/root"
        let outside = base + "/outside"
        for dir in [root + "/docs", root + "/examples", outside] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        try "secret".write(toFile: outside + "/secret.md", atomically: false, encoding: .utf8)
        try "print('outside')".write(toFile: outside + "/x.lua", atomically: false, encoding: .utf8)
        try "# Fine".write(toFile: root + "/docs/fine.md", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/docs/leak.md", withDestinationPath: outside + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/docs/same.md", withDestinationPath: "fine.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/examples/away", withDestinationPath: outside)
        #expect(FileManager.default.createFile(atPath: root + "/docs/huge.md", contents: nil))
        #expect(truncate(root + "/docs/huge.md", 512 << 20) == 0)  // 512 MiB, sparse

        let client = MCPTestClient(options: MCPServer.Options(root: root))
        let uris = (client.request("resources/list")["result"]?["resources"]?.array ?? []).compactMap {
            uri -> String? in
            if case .string(let text)? = uri["uri"] { return text }
            return nil
        }
        #expect(uris == ["sheetlab://docs/fine.md", "sheetlab://docs/huge.md", "sheetlab://docs/same.md"])
        for uri in ["sheetlab://docs/leak.md", "sheetlab://examples/away/x.lua"] {
            let read = client.request("resources/read", ["uri": .string(uri)])
            #expect(read["error"]?["code"] == -32002, "\(uri) is not served")
            #expect(!read.text.contains("secret"))
        }
        let huge = client.request("resources/read", ["uri": "sheetlab://docs/huge.md"])
        #expect(huge["error"]?["message"] == "docs/huge.md is over 4 MiB")
        let same = client.request("resources/read", ["uri": "sheetlab://docs/same.md"])
        #expect(same["result"]?["contents"]?.array?.first?["text"] == "# Fine", "a link inside the root is served")
    }

    @Test func checkPolicy_aHugeSparseScenario_isRefusedFromItsSize() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/setup.lua"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 512 << 20) == 0)
        let result = MCPTestClient().call("check_policy", ["scenario": .string(path), "depth": 1])
        #expect(result["isError"] == true)
        #expect(MCPTestClient.text(result).contains("it is larger than the 1 MiB a Lua source may have"))
    }

    @Test func cancelledRequest_getsNoResponse() {
        let client = MCPTestClient()
        // A cancel read while request 7 runs interrupts its Lua; the request is then not answered.
        // It is sent once the request runs, however long a loaded machine takes to start it
        // (a cancel read before its request is for an earlier one, and is dropped).
        // From a thread of its own: the shared pool's threads can all be busy
        // with other tests (under AddressSanitizer the cancel once came after
        // the request's 10 s budget).
        let control = client.server.control
        startDetachedThread {
            for _ in 0..<60_000 where !control.isRunning(.int(7)) { usleep(1000) }
            control.cancel(.int(7))
        }
        let line: JSON = [
            "jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": ["name": "run_scenario", "arguments": ["source": "while true do end", "timeline": "none"]],
        ]
        #expect(client.send(line.text) == nil)
        #expect(client.request("ping")["result"] == [:])
    }

    @Test func cancelNotification_mcpsForm_isRecognisedEarly() {
        let mcp = CancelNotification.mcp
        #expect(
            mcp.id(
                in: Array(
                    #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"x"}}"#.utf8)
            )
                == .int(3))
        #expect(
            mcp.id(in: Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"id":3}}"#.utf8)) == nil)
        #expect(
            CancelNotification.serve.id(
                in: Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}"#.utf8)) == .int(3))
    }

    @Test func docs_listEveryToolAndArgument() throws {
        let doc = try String(contentsOfFile: serveRepositoryRoot + "/docs/mcp.md", encoding: .utf8)
        for tool in MCPTools.list {
            #expect(doc.contains("### `\(tool.name)`"), "docs/mcp.md lacks \(tool.name)")
            for argument in tool.arguments {
                #expect(doc.contains("| `\(argument.name)` |"), "docs/mcp.md lacks \(tool.name)'s \(argument.name)")
            }
        }
    }
}
