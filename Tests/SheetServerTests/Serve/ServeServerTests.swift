import SheetJSON
import Testing

@testable import SheetServer

/// Requests in, responses and notifications out: seed 000 replayed over
/// JSON-RPC, and every kind of bad or hostile request answered with the
/// right code while the apps keep answering.
@Suite struct ServeServerTests {
    let queuePolicy: JSON = .string(serveRepositoryRoot + "/examples/policies/queue.lua")

    /// Seed 000: open item 0, swipe, re-tap with item 1 while dismissing, let the dismissal end.
    func replaySeed000(_ client: ServeTestClient, app: Int) throws {
        let a: JSON = .int(app)
        #expect(try client.call("view", ["app": a, "view": seed000View]) == "ContentView")
        try client.call("set", ["app": a, "slot": "selectedItem", "value": ["id": 0]])
        try client.call("advance", ["app": a, "ms": 500])
        try client.call("swipe", ["app": a])
        try client.call("advance", ["app": a, "ms": 100])
        try client.call("set", ["app": a, "slot": "selectedItem", "value": ["id": 1]])
        try client.call("advance", ["app": a, "ms": 150])
    }

    func count(_ client: ServeTestClient, app: Int, kind: String) throws -> Int {
        guard
            case .array(let events) = try client.call(
                "timeline", ["app": .int(app), "filter": ["kind": .string(kind)]])
        else {
            return -1
        }
        return events.count
    }

    @Test func seed000_overJSONRPC_stockLosesTheReopen_queuePolicyPresentsIt() throws {
        let client = ServeTestClient()
        let stock = try client.call("create", ["profile": "iphone15-ios17"])
        #expect(stock == ["app": 1, "profile": "iphone15-ios17", "policies": []])
        #expect(try client.call("create", ["policies": [queuePolicy]])["policies"] == ["queue.lua"])
        try replaySeed000(client, app: 1)
        try replaySeed000(client, app: 2)
        #expect(try count(client, app: 1, kind: "requestLost") == 1)
        #expect(try client.call("top", ["app": 1]) == .null)
        #expect(try count(client, app: 2, kind: "requestLost") == 0)
        #expect(try count(client, app: 2, kind: "queued") == 1)
        let top = try client.call("top", ["app": 2])
        #expect(top["item_id"] == "1")
        #expect(top["phase"] == "presenting")
        #expect(top["text"] == "item 1")
        #expect(try client.call("get", ["app": 2, "slot": "selectedItem"]) == ["id": 1])
        #expect(try client.call("apps") == [1, 2])
    }

    @Test func policyFromSource_andLoadPolicyLater() throws {
        let client = ServeTestClient()
        let source = "return { request = function(ctx) if ctx.phase then return 'queue' end end }"
        #expect(
            try client.call("create", ["policies": [["source": .string(source), "name": "q.lua"]]])["policies"] == [
                "q.lua"
            ])
        try replaySeed000(client, app: 1)
        #expect(try count(client, app: 1, kind: "queued") == 1)
        try client.call("create")
        #expect(try client.call("load_policy", ["app": 2, "path": queuePolicy]) == "queue.lua")
        #expect(try client.call("load_policy", ["app": 2, "source": "return {}"]) == "inline.lua")
    }

    @Test func scriptErrors_carryFileAndLine() throws {
        let client = ServeTestClient()
        try client.call("create")
        let eval = client.request("eval", ["app": 1, "source": "local x = 1\nerror('boom')"])
        #expect(eval["error"]?["code"] == .int(RPCError.scriptErrorCode))
        #expect(eval["error"]?["data"]?["file"] == "eval")
        #expect(eval["error"]?["data"]?["line"] == 2)
        #expect(eval["error"]?["data"]?["kind"] == "runtime")
        #expect(eval["error"]?["message"] == "eval:2: boom")
        let policy = client.request(
            "load_policy",
            ["app": 1, "source": "return {\n  request = function(ctx)\n    return = 1\n  end }", "name": "p.lua"])
        #expect(policy["error"]?["data"]?["file"] == "p.lua")
        #expect(policy["error"]?["data"]?["line"] == 3)
        #expect(policy["error"]?["data"]?["kind"] == "syntax")
        let missing = client.request("load_policy", ["app": 1, "path": "/no/such/policy.lua"])
        #expect(missing["error"]?["data"]?["kind"] == "io")
        let content = client.request(
            "view",
            [
                "app": 1,
                "view": [
                    "name": "V",
                    "modifiers": [["kind": "sheet", "isPresented": "x", "content": ["$lua": "function(c) return"]]],
                ],
            ])
        #expect(content["error"]?["code"] == .int(RPCError.scriptErrorCode))
        #expect(content["error"]?["data"]?["file"] == "view.modifiers[1].content")
    }

    @Test(
        arguments: [
            ("nope", [:], RPCError.methodNotFoundCode),
            ("swipe", [:], RPCError.invalidParamsCode),
            ("swipe", ["app": 99], RPCError.invalidParamsCode),
            ("swipe", ["app": "1"], RPCError.invalidParamsCode),
            ("swipe", ["app": 1, "force": true], RPCError.invalidParamsCode),
            ("drag", ["app": 1], RPCError.invalidParamsCode),
            ("drag", ["app": 1, "height": "tall"], RPCError.invalidParamsCode),
            ("advance", ["app": 1, "ms": -1], RPCError.invalidParamsCode),
            ("advance", ["app": 1, "ms": 9_223_372_036_854_775_807], RPCError.invalidParamsCode),
            ("set", ["app": 1], RPCError.invalidParamsCode),
            ("set", ["app": 1, "writes": 3], RPCError.invalidParamsCode),
            ("view", ["app": 1, "view": ["name": "V", "stat": ["x"]]], RPCError.invalidParamsCode),
            ("view", ["app": 1, "view": ["name": "V", "state": [.null]]], RPCError.invalidParamsCode),
            ("create", ["limits": ["memory": 1]], RPCError.invalidParamsCode),
            ("create", ["policies": "queue.lua"], RPCError.invalidParamsCode),
            ("load_policy", ["app": 1], RPCError.invalidParamsCode),
            ("timeline", ["app": 1, "since": 0, "filter": [:]], RPCError.invalidParamsCode),
            ("swipe", ["app": 1], RPCError.engineErrorCode),
            ("get", ["app": 1, "slot": "nothing"], RPCError.engineErrorCode),
            ("create", ["profile": "nokia3310-ios1"], RPCError.engineErrorCode),
            ("remove", ["app": 1, "view": "Ghost"], RPCError.engineErrorCode),
            ("rotate", ["app": 1, "orientation": "sideways"], RPCError.engineErrorCode),
            ("eval", ["app": 1, "source": "return ("], RPCError.scriptErrorCode),
            ("eval", ["app": 1, "source": "set('nothing', 1)"], RPCError.scriptErrorCode),
        ] as [(String, [String: JSON], Int)])
    func badRequests_getTheirCode_andTheAppStillAnswers(method: String, params: [String: JSON], code: Int) throws {
        let client = ServeTestClient()
        try client.call("create")
        #expect(client.errorCode(method, params) == code)
        #expect(try client.call("now", ["app": 1]) == 0)
        #expect(try client.call("apps") == [1])
    }

    @Test func scriptLimits_areErrors_andTheAppsSurvive() throws {
        // A server that allows long requests, so the memory bomb below can have a far budget.
        var limits = ServerLimits()
        limits.maximumRequestBudgetMilliseconds = 600_000
        let client = ServeTestClient(limits: limits)
        try client.call("create", ["limits": ["script_budget_ms": 100, "budget_ms": 50]])
        try client.call("create")
        try replaySeed000(client, app: 2)
        let loop = client.request("eval", ["app": 1, "source": "while true do end"])
        #expect(loop["error"]?["code"] == .int(RPCError.limitErrorCode))
        #expect(loop["error"]?["data"]?["kind"] == "budget")
        // The memory bomb runs in an app whose budget is far away, so the cap
        // comes first whatever the machine's speed (app 1's 100 ms could race it).
        try client.call("create", ["limits": ["script_budget_ms": 600_000]])
        let bomb = client.request("eval", ["app": 3, "source": "local s = 'x' while true do s = s .. s end"])
        #expect(bomb["error"]?["code"] == .int(RPCError.limitErrorCode))
        #expect(bomb["error"]?["data"]?["kind"] == "memory")
        #expect(client.errorCode("load_policy", ["app": 1, "source": "while true do end"]) == RPCError.limitErrorCode)
        #expect(try client.call("eval", ["app": 1, "source": "return 1 + 1"])["values"] == [2])
        #expect(try client.call("top", ["app": 2]) == .null, "app 2 is as it was")
        #expect(try count(client, app: 2, kind: "requestLost") == 1)
    }

    @Test func openApps_areCapped_andClosingOneMakesRoom() throws {
        let client = ServeTestClient()
        let apps = ServerLimits().maximumApps
        for _ in 0..<apps { try client.call("create", ["limits": ["memory_mib": 4]]) }
        let refused = client.request("create", ["limits": ["memory_mib": 4]])["error"]
        #expect(refused?["code"] == .int(RPCError.limitErrorCode))
        #expect(refused?["data"]?["kind"] == "apps")
        #expect(refused?["data"]?["flag"] == "--max-apps")
        try client.call("close", ["app": 1])
        #expect(try client.call("create", ["limits": ["memory_mib": 4]])["app"] == .int(apps + 1))
    }

    @Test func malformedLines_areAnswered() throws {
        let client = ServeTestClient()
        let notJSON = client.send("this is not json")
        #expect(notJSON?["error"]?["code"] == .int(RPCError.parseErrorCode))
        #expect(notJSON?["id"] == .null)
        #expect(client.send("[]")?["error"]?["code"] == .int(RPCError.invalidRequestCode))
        #expect(client.send("\"create\"")?["error"]?["code"] == .int(RPCError.invalidRequestCode))
        #expect(client.send("   ") == nil)
        let tooLong = try JSONParser.parse(Array(client.server.handle(.tooLong(2_000_000), message: 1)!.utf8))
        #expect(tooLong["error"]?["code"] == .int(RPCError.invalidRequestCode))
        #expect(tooLong["error"]?["data"]?["max_line_bytes"] == .int(1 << 20))
    }

    @Test func batch_answersEachRequest_butNotNotifications() throws {
        let client = ServeTestClient()
        let answer = client.send(
            #"[{"jsonrpc":"2.0","id":1,"method":"create"},{"jsonrpc":"2.0","method":"create"},"#
                + #"{"jsonrpc":"2.0","id":3,"method":"nope"},7]"#)
        guard case .array(let answers)? = answer else {
            Issue.record("not an array: \(String(describing: answer))")
            return
        }
        #expect(answers.count == 3)
        #expect(answers[0]["result"]?["app"] == 1)
        #expect(answers[1]["error"]?["code"] == .int(RPCError.methodNotFoundCode))
        #expect(answers[2]["error"]?["code"] == .int(RPCError.invalidRequestCode))
        #expect(try client.call("apps") == [1, 2], "the notification ran")
        #expect(client.send(#"[{"jsonrpc":"2.0","method":"apps"}]"#) == nil)
    }

    @Test func subscribedApps_sendEventNotifications_inTimelineOrder_acrossReset() throws {
        let client = ServeTestClient()
        try client.call("create", ["subscribe": true])
        try client.call("create")
        try replaySeed000(client, app: 2)
        #expect(client.takeNotifications().isEmpty, "app 2 is not subscribed")
        try replaySeed000(client, app: 1)
        let events = client.takeNotifications()
        guard case .array(let timeline) = try client.call("timeline", ["app": 1]) else {
            Issue.record("timeline")
            return
        }
        #expect(events.map { $0["params"]?["event"] } == timeline.map { Optional($0) })
        #expect(events.allSatisfy { $0["method"] == "event" && $0["params"]?["app"] == 1 && $0["id"] == nil })
        try client.call("reset", ["app": 1])
        #expect(client.errorCode("set", ["app": 1, "writes": [["selectedItem", .null]]]) == RPCError.engineErrorCode)
        #expect(client.takeNotifications().isEmpty, "no view, no slot: the set failed")
        try client.call("view", ["app": 1, "view": seed000View])
        try client.call("set", ["app": 1, "slot": "selectedItem", "value": ["id": 2]])
        #expect(client.takeNotifications().first?["params"]?["event"]?["index"] == 1, "a fresh timeline")
        try client.call("unsubscribe", ["app": 1])
        try client.call("set", ["app": 1, "slot": "selectedItem", "value": ["id": 3]])
        #expect(client.takeNotifications().isEmpty)
        try client.call("subscribe", ["app": 2])
        try client.call("set", ["app": 2, "slot": "selectedItem", "value": 4])
        #expect(!client.takeNotifications().isEmpty)
    }

    @Test func luaPrint_isANotification() throws {
        let client = ServeTestClient()
        try client.call("create")
        #expect(
            try client.call("eval", ["app": 1, "source": "print('hello', 42) return 'a', nil, {1, 2}, {x = 1}"])[
                "values"] == ["a", .null, [1, 2], ["x": 1]])
        #expect(
            client.takeNotifications() == [
                ["jsonrpc": "2.0", "method": "print", "params": ["app": 1, "text": "hello\t42"]]
            ])
    }

    @Test func set_acceptsOneSlot_anObject_orOrderedPairs() throws {
        let client = ServeTestClient()
        try client.call("create")
        try client.call("view", ["app": 1, "view": ["name": "V", "state": ["a": 0, "b": 0]]])
        try client.call("set", ["app": 1, "writes": ["a": 1, "b": ["x", 2.5]]])
        #expect(try client.call("get", ["app": 1, "slot": "V.b"]) == ["x", 2.5])
        try client.call("set", ["app": 1, "writes": [["a", 2], ["a", 3]]])
        #expect(try client.call("get", ["app": 1, "slot": "a"]) == 3)
        try client.call("set", ["app": 1, "slot": "a"])
        #expect(try client.call("binding", ["app": 1, "slot": "a"]) == .null)
        #expect(try client.call("close", ["app": 1]) == .null)
        #expect(client.errorCode("now", ["app": 1]) == RPCError.invalidParamsCode)
    }
}
