import Testing

@testable import SheetServer

/// `run_scenario`: a scenario file or source in a fresh session, its
/// relative policies found from its folder, reported as `sheetlab test`
/// would (expectations, failures, error, exit status).
@Suite struct RunScenarioTests {
    let seed = serveRepositoryRoot + "/examples/seeds/seed000_queue_reopen.lua"

    @Test func aSeedScenario_withARelativePolicy_passes() throws {
        let result = try ServeTestClient().call("run_scenario", ["path": .string(seed)])
        #expect(result["passed"] == true)
        #expect(result["exit_status"] == 0)
        #expect(result["failures"] == [])
        #expect((result["expectations"].flatMap { if case .int(let n) = $0 { n } else { nil } } ?? 0) > 5)
        #expect(result["timeline"]?.array?.contains { $0["kind"] == "queued" } == true)
    }

    @Test func source_resolvesPoliciesFromItsBaseDirectory_andReportsFailures() throws {
        let source = """
            policy("../policies/queue.lua")
            expect_eq(1, 2, "one is two")
            print("done")
            """
        let client = ServeTestClient()
        let result = try client.call(
            "run_scenario",
            [
                "source": .string(source), "name": "mine.lua",
                "base_directory": .string(serveRepositoryRoot + "/examples/seeds"), "timeline": false,
            ])
        #expect(result["passed"] == false)
        #expect(result["exit_status"] == 1)
        #expect(result["failures"]?.array?.first?["location"] == "mine.lua:2")
        #expect(result["output"] == ["done"])
        #expect(result["timeline"] == nil)
        let lost = try client.call("run_scenario", ["source": .string(source), "timeline": false])
        #expect(lost["error"]?["file"] == "scenario.lua", "without the base directory the policy is not found")
        #expect(lost["error"]?["message"]?.text.contains("../policies/queue.lua") == true)
        #expect(lost["exit_status"] == 3)
    }

    @Test func errorEvents_areListed() throws {
        let source = """
            view { name = "V", state = { "p" }, modifiers = { sheet { isPresented = "p", content = function() error("bad") end } } }
            set("p", true)
            expect(true)
            """
        let result = try ServeTestClient().call("run_scenario", ["source": .string(source)])
        #expect(result["error_events"]?.array?.map { $0["kind"] } == ["contentError"])
    }

    @Test func badParams_areInvalidParams() {
        let client = ServeTestClient()
        #expect(client.errorCode("run_scenario") == RPCError.invalidParamsCode)
        #expect(client.errorCode("run_scenario", ["path": .string(seed), "source": "x"]) == RPCError.invalidParamsCode)
        #expect(client.errorCode("run_scenario", ["path": .string(seed), "name": "x"]) == RPCError.invalidParamsCode)
        #expect(client.errorCode("run_scenario", ["source": "", "policies": [1]]) == RPCError.invalidParamsCode)
    }
}
