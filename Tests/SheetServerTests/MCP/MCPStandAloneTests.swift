import Foundation
import SheetJSON
import SheetLabTestSupport
import Testing

@testable import SheetServer

/// `sheetlab mcp` for a client that knows nothing of the checkout: resources
/// built in, tools that say they only read and what they return, inline
/// policies, `strict`, and a timeline in words.
@Suite struct MCPStandAloneTests {
    static let seed000 = "sheetlab://examples/seeds/seed000_lost_reopen.lua"

    static func string(_ json: JSON?) -> String {
        if case .string(let s)? = json { return s }
        return ""
    }

    @Test func builtInResources_areEveryDocExampleAndTheStub_andServeFromAnywhere() throws {
        let folder = try #require(MCPResources.writeBuiltIn())
        defer { MCPResources.removeBuiltIn(folder) }
        #expect(MCPResources.isCheckout(folder))
        let builtIn = MCPResources(root: folder).list().map(\.uri)
        let checkout = MCPResources(root: serveRepositoryRoot).list().map(\.uri)
        #expect(builtIn == checkout, "the binary holds what the checkout has")
        let client = MCPTestClient(options: MCPServer.Options(root: folder))
        let read = client.request("resources/read", ["uri": "sheetlab://docs/scenarios.md"])
        let page = Self.string(read["result"]?["contents"]?.array?.first?["text"])
        #expect(page.contains("# "))
        let run = client.call("run_scenario", ["path": "sheetlab://examples/seeds/seed000_queue_reopen.lua"])
        #expect(run["structuredContent"]?["passed"] == true, "its relative policy path works: \(run.text)")
        MCPResources.removeBuiltIn(folder)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func everyTool_isReadOnly_andHasAnOutputSchema() {
        let tools = MCPTestClient().request("tools/list")["result"]?["tools"]?.array ?? []
        #expect(tools.count == MCPTools.list.count)
        for tool in tools {
            #expect(tool["annotations"]?["readOnlyHint"] == true, "\(Self.string(tool["name"]))")
            #expect(tool["outputSchema"]?["type"] == "object", "\(Self.string(tool["name"]))")
        }
    }

    @Test func inlinePolicies_areLoadedAsServesCreateLoadsThem() {
        let hold = "return { request = function(ctx) if ctx.phase then return 'queue' end end }"
        let result = MCPTestClient().call(
            "run_scenario",
            [
                "path": .string(Self.seed000), "timeline": "json",
                "policies": [["source": .string(hold), "name": "hold.lua"]],
            ])
        let queued = result["structuredContent"]?["timeline"]?.array?.first { $0["kind"] == "queued" }
        #expect(queued?["source"] == "hold.lua", "\(result.text)")
        let bad = MCPTestClient().call("run_scenario", ["path": .string(Self.seed000), "policies": [["src": "x"]]])
        #expect(bad["isError"] == true)
        #expect(MCPTestClient.text(bad).contains("policies[1] has no member 'src'"))
    }

    static let failingHook = """
        view { name = "V", state = { show = false }, modifiers = { sheet { isPresented = "show",
          content = function() error("boom") end } } }
        set("show", true)
        expect(true)
        """

    @Test func strict_failsOnAnUnexpectedErrorEvent_asTestStrictDoes() {
        let client = MCPTestClient()
        let lax = client.call("run_scenario", ["source": .string(Self.failingHook), "timeline": "none"])
        #expect(lax["structuredContent"]?["passed"] == true)
        #expect(MCPTestClient.text(lax).contains("strict: true would fail the run on them"))
        let strict = client.call(
            "run_scenario", ["source": .string(Self.failingHook), "timeline": "none", "strict": true])
        #expect(strict["structuredContent"]?["passed"] == false)
        #expect(strict["structuredContent"]?["exit_status"] == 1)
        #expect(MCPTestClient.text(strict).hasPrefix("failed (strict): "))
    }

    @Test func aMissingFile_saysItCouldNotBeRead_notThatTheLuaIsBroken() {
        let result = MCPTestClient().call("run_scenario", ["path": "no-such-scenario.lua"])
        #expect(result["structuredContent"]?["exit_status"] == 4)
        #expect(MCPTestClient.text(result).hasPrefix("could not read the scenario: "), "\(result.text)")
    }

    @Test func renderTimeline_describesThePictureInWords() {
        let result = MCPTestClient().call("render_timeline_svg", ["path": .string(Self.seed000)])
        let text = MCPTestClient.text(result)
        #expect(text.contains("ContentView.sheet(item:) item=0: presenting at 0 ms (until 500 ms)"), "\(text)")
        #expect(text.contains("warning requestLost (B03) at 750 ms: "), "\(text)")
        let summary = Self.string(result["structuredContent"]?["summary"])
        #expect(summary.contains("requestLost"))
    }

    /// Issue 30: the player as a tool, the one HTML writer `run --format html` uses.
    @Test func renderPlayer_isTheRunsPlayer_withItsExpectations() {
        let result = MCPTestClient().call("render_player_html", ["path": .string(Self.seed000)])
        let html = Self.string(result["structuredContent"]?["html"])
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("id=\"sheetlab-data\""))
        #expect(result["structuredContent"]?["parts"] == 1)
        #expect(result["structuredContent"]?["failed"] == 0)
        let content = result["content"]?.array ?? []
        #expect(
            content.contains { $0["resource"]?["mimeType"] == "text/html" && $0["resource"]?["text"] == .string(html) })
        #expect(MCPTestClient.text(result).hasPrefix("an HTML player"), "\(result.text)")
        let events = MCPTestClient().call(
            "render_player_html", ["events": [["time": 0, "kind": "set", "presenter": "V", "detail": "show = true"]]])
        #expect(events["structuredContent"]?["events"] == 1, "\(events.text)")
        let both = MCPTestClient().call("render_player_html", ["events": [], "path": .string(Self.seed000)])
        #expect(both["isError"] == true)
    }

    @Test func checkPolicy_withHTML_givesTheCounterexamplesPlayer() {
        let result = MCPTestClient().call(
            "check_policy", ["invariants": ["no-request-lost"], "depth": 6, "html": true])
        let html = Self.string(result["structuredContent"]?["violation"]?["html"])
        #expect(html.hasPrefix("<!DOCTYPE html>"), "\(result.text)")
        #expect(html.contains("invariant no-request-lost broke"))
        let content = result["content"]?.array ?? []
        #expect(content.contains { $0["resource"]?["uri"] == "sheetlab://counterexample.html" })
        let plain = MCPTestClient().call("check_policy", ["invariants": ["no-request-lost"], "depth": 6])
        #expect(plain["structuredContent"]?["violation"]?["html"] == nil)
    }

    @Test func checkPolicy_aSeedWithoutRuns_isAToolError() {
        let result = MCPTestClient().call("check_policy", ["seed": 5, "depth": 2])
        #expect(result["isError"] == true)
        #expect(MCPTestClient.text(result).contains("'seed' seeds random mode: give 'runs' too"))
    }

    @Test func checkPolicy_reportsTheProfileTheSetUpChose() throws {
        let setup = FileManager.default.temporaryDirectory.appendingPathComponent("setup15-\(UUID()).lua").path
        try """
        profile("iphone15-ios17")
        view { name = "V", state = { "item" }, modifiers = { sheet { item = "item" } } }
        """.write(toFile: setup, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: setup) }
        let result = MCPTestClient().call("check_policy", ["scenario": .string(setup), "depth": 2])
        #expect(result["structuredContent"]?["profile"] == "iphone15-ios17", "\(result.text)")
    }
}
