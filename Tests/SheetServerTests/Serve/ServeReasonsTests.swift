import SheetJSON
import Testing

@testable import SheetServer

/// One `reason` per kind of mistake, however it is spelled, and `eval`
/// results that carry the expectations they checked.
@Suite struct ServeReasonsTests {
    /// A client with one app holding seed 000's view and a second view `Other`.
    func client() throws -> ServeTestClient {
        let client = ServeTestClient()
        try client.call("create")
        try client.call("view", ["app": 1, "view": seed000View])
        try client.call("view", ["app": 1, "view": ["name": "Other", "state": ["shared": 0]]])
        try client.call("view", ["app": 1, "view": ["name": "Third", "state": ["shared": 0]]])
        return client
    }

    @Test(
        arguments: [
            ("get", ["slot": "nothing"], "unknownSlot"),
            ("get", ["slot": "ContentView.nothing"], "unknownSlot"),
            ("set", ["slot": "nothing", "value": 1], "unknownSlot"),
            ("set", ["slot": "ContentView.nothing", "value": 1], "unknownSlot"),
            ("binding", ["slot": "nothing"], "unknownSlot"),
            ("get", ["slot": "shared"], "ambiguousSlot"),
            ("get", ["slot": "Ghost.x"], "unknownView"),
            ("remove", ["view": "Ghost"], "unknownView"),
            ("dismiss", ["view": "Ghost"], "unknownView"),
            ("view", ["view": ["name": "Other"]], "duplicateView"),
            ("profile", ["name": "nokia3310-ios1"], "unknownProfile"),
            ("reset", ["profile": "nokia3310-ios1"], "unknownProfile"),
            ("profile", ["name": "iphonese-ios16"], "profileAfterViews"),
            ("swipe", [:], "noPresentation"),
            ("drag", ["height": 100], "noPresentation"),
            ("rotate", ["orientation": "sideways"], "invalidOrientation"),
        ] as [(String, [String: JSON], String)])
    func engineErrors_haveOneReasonPerKindOfMistake(method: String, params: [String: JSON], reason: String) throws {
        let client = try client()
        let error = client.request(method, params.merging(["app": 1]) { a, _ in a })["error"]
        #expect(error?["code"] == .int(RPCError.engineErrorCode))
        #expect(error?["data"]?["reason"] == .string(reason))
    }

    @Test func unknownProfileInCreate_isUnknownProfile() {
        let error = ServeTestClient().request("create", ["profile": "nokia3310-ios1"])["error"]
        #expect(error?["data"]?["reason"] == "unknownProfile")
    }

    /// 4,504 advances of 10^12 ms reach the clock's end (2^52 ms) in one batch.
    @Test func advancingPastTheEndOfTime_isTimeOutOfRange() throws {
        let client = ServeTestClient()
        try client.call("create")
        let advance = #"{"jsonrpc":"2.0","method":"advance","params":{"app":1,"ms":1000000000000}}"#
        #expect(client.send("[" + Array(repeating: advance, count: 4504).joined(separator: ",") + "]") == nil)
        let error = client.request("advance", ["app": 1, "ms": 1_000_000_000_000])["error"]
        #expect(error?["data"]?["reason"] == "timeOutOfRange")
    }

    @Test func eval_reportsFailedExpectations() throws {
        let client = try client()
        let result = try client.call(
            "eval",
            ["app": 1, "source": "expect(true)\nexpect(false, 'B03: lost')\nexpect_eq(now(), 5, 'time')\nreturn 7"])
        #expect(result["values"] == [7])
        #expect(result["expectations"] == 3)
        #expect(
            result["failures"] == [
                ["location": "eval:2", "file": "eval", "line": 2, "message": "B03: lost"],
                ["location": "eval:3", "file": "eval", "line": 3, "message": "time", "expected": "5", "seen": "0"],
            ])
        let next = try client.call("eval", ["app": 1, "source": "return 1"])
        #expect(next == ["values": [1], "expectations": 0, "failures": []], "each eval reports its own")
    }

    @Test func eval_thatFailsAfterExpectations_keepsThemInTheErrorData() throws {
        let client = try client()
        let error = client.request("eval", ["app": 1, "source": "expect(false, 'first')\nerror('then this')"])["error"]
        #expect(error?["code"] == .int(RPCError.scriptErrorCode))
        #expect(error?["data"]?["expectations"] == 1)
        #expect(error?["data"]?["failures"]?.array?.first?["message"] == "first")
    }

    @Test func nonFiniteNumbers_areWrittenAsTheJSONTimelineWritesThem() throws {
        let client = try client()
        #expect(
            try client.call("eval", ["app": 1, "source": "return 0/0, 1/0, -1/0, 0.5"])["values"] == [
                "nan", "inf", "-inf", 0.5,
            ])
        try client.call("eval", ["app": 1, "source": "set('Other.shared', 1/0)"])
        #expect(try client.call("get", ["app": 1, "slot": "Other.shared"]) == "inf")
    }
}
