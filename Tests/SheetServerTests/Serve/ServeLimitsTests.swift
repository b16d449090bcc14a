import Foundation
import SheetJSON
import Testing

@testable import SheetServer

/// The server's own limits: apps' memory alone and together, budgets an
/// app may ask for, the CPU of one input line, the size of a response and
/// of a batch's responses. Each refusal is -32003 naming the flag.
@Suite struct ServeLimitsTests {
    func limitError(_ response: JSON, kind: String, flag: String) {
        #expect(response["error"]?["code"] == .int(RPCError.limitErrorCode), "\(response.text)")
        #expect(response["error"]?["data"]?["kind"] == .string(kind), "\(response.text)")
        #expect(response["error"]?["data"]?["flag"] == .string(flag), "\(response.text)")
    }

    @Test func create_refusesAMemoryCapOverTheServersCapPerApp() {
        let client = ServeTestClient()
        limitError(
            client.request("create", ["limits": ["memory_mib": 4096]]), kind: "appMemory", flag: "--max-app-memory")
        #expect(client.errorCode("create", ["limits": ["memory_mib": 256]]) == nil)
    }

    @Test func create_refusesAppsPastTheTotalMemory() throws {
        // Each app reserves its Lua cap and as much again for what its engine holds: 2 x 16 MiB by default.
        var limits = ServerLimits()
        limits.maximumTotalMemory = 80 << 20
        let client = ServeTestClient(limits: limits)
        try client.call("create")
        try client.call("create")
        limitError(client.request("create"), kind: "totalMemory", flag: "--max-total-memory")
        #expect(client.errorCode("create", ["limits": ["memory_mib": 8]]) == nil, "8 MiB still fits")
        try client.call("close", ["app": 1])
        #expect(client.errorCode("create") == nil, "closing an app gives its memory back")
    }

    @Test func create_refusesABudgetOverTheRequestBudget() {
        let client = ServeTestClient()
        limitError(
            client.request("create", ["limits": ["script_budget_ms": 3_600_000]]), kind: "appBudget",
            flag: "--max-request-budget")
        limitError(
            client.request("create", ["limits": ["budget_ms": 600_000]]), kind: "appBudget",
            flag: "--max-request-budget")
    }

    /// The line's budget, not the apps' own, stops the second loop; the
    /// third is not run at all.
    @Test func aBatchOfLoops_sharesOneRequestBudget() throws {
        var limits = ServerLimits()
        limits.maximumRequestBudgetMilliseconds = 300
        let client = ServeTestClient(limits: limits)
        try client.call("create", ["limits": ["script_budget_ms": 200]])
        let loop = #"{"jsonrpc":"2.0","id":ID,"method":"eval","params":{"app":1,"source":"while true do end"}}"#
        let batch =
            "[" + (1...3).map { loop.replacingOccurrences(of: "ID", with: "\($0)") }.joined(separator: ",") + "]"
        guard let answers = client.send(batch)?.array, answers.count == 3 else {
            Issue.record("no batch answer")
            return
        }
        #expect(answers[0]["error"]?["data"]?["kind"] == "budget", "the app's own budget")
        limitError(answers[1], kind: "requestBudget", flag: "--max-request-budget")
        limitError(answers[2], kind: "requestBudget", flag: "--max-request-budget")
        #expect(
            try client.call("eval", ["app": 1, "source": "return 1"])["values"] == [1], "the next line has its own")
    }

    @Test func aResponseOverTheLimit_isAnErrorNamingIt() throws {
        var limits = ServerLimits()
        limits.maximumResponseBytes = 64 << 10
        let client = ServeTestClient(limits: limits)
        try client.call("create")
        try client.call("view", ["app": 1, "view": ["name": "V", "state": ["big": 0]]])
        try client.call("eval", ["app": 1, "source": "set('big', string.rep('x', 100000))"])
        limitError(client.request("get", ["app": 1, "slot": "big"]), kind: "responseTooLarge", flag: "--max-response")
        #expect(try client.call("now", ["app": 1]) == 0)
    }

    @Test func aBatchsResponsesOverTheLimit_stopTheBatch() throws {
        var limits = ServerLimits()
        limits.maximumBatchResponseBytes = 100 << 10
        let client = ServeTestClient(limits: limits)
        try client.call("create")
        try client.call("view", ["app": 1, "view": ["name": "V", "state": ["big": 0, "n": 0]]])
        try client.call("eval", ["app": 1, "source": "set('big', string.rep('x', 30000))"])
        let get = #"{"jsonrpc":"2.0","id":1,"method":"get","params":{"app":1,"slot":"big"}}"#
        let set = #"{"jsonrpc":"2.0","id":2,"method":"set","params":{"app":1,"slot":"n","value":1}}"#
        guard
            let answers = client.send("[" + Array(repeating: get, count: 10).joined(separator: ",") + "," + set + "]")?
                .array
        else {
            Issue.record("no batch answer")
            return
        }
        #expect(answers.count == 11)
        #expect(answers.prefix(4).allSatisfy { $0["result"] != nil })
        limitError(answers[4], kind: "batchResponseTooLarge", flag: "--max-batch-response")
        limitError(answers[10], kind: "batchResponseTooLarge", flag: "--max-batch-response")
        #expect(try client.call("get", ["app": 1, "slot": "n"]) == 0, "the requests after the limit did not run")
    }

    @Test func aHugePrint_isCutToTheResponseLimit() throws {
        var limits = ServerLimits()
        limits.maximumResponseBytes = 64 << 10
        let client = ServeTestClient(limits: limits)
        try client.call("create")
        try client.call("eval", ["app": 1, "source": "print(string.rep('x', 100000))"])
        let note = client.takeNotifications().first
        #expect(note?["params"]?["truncated"] == true)
        #expect((note?.text.utf8.count ?? .max) <= 64 << 10)
    }

    @Test func initialize_reportsTheLimits() throws {
        let result = try ServeTestClient().call("initialize")
        #expect(result["limits"]?["max_apps"] == 256)
        #expect(result["limits"]?["max_request_budget_ms"] == 10_000)
        #expect(result["limits"]?["max_total_memory_mib"] == 2048)
    }
}
