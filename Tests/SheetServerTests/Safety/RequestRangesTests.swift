import Foundation
import SheetJSON
import SheetLabTestSupport
import Testing

@testable import SheetServer

/// Issue 32, item 2: every number a request gives is checked against its
/// range before it is converted, with an error naming it and the range.
@Suite struct RequestRangesTests {
    static func message(_ response: JSON) -> String {
        if case .string(let s)? = response["error"]?["message"] { return s }
        return response.text
    }

    @Test(arguments: [
        ("drag", ["height": JSON.double(1e300)], "'height' must be from -1000000 to 1000000, got 1e+300"),
        ("release", ["velocity": JSON.double(-1e300)], "'velocity' must be from -1000000 to 1000000"),
        ("advance", ["ms": JSON.double(1e300)], "'ms' must be from 0 to 1000000000000, got 1e+300"),
        ("advance", ["ms": JSON.int(Int.max)], "'ms' must be from 0 to 1000000000000, got 9223372036854775807"),
        ("timeline", ["since": JSON.int(-1)], "'since' must be from 0 to 9007199254740991, got -1"),
    ])
    func serve_aNumberOutOfItsRange_isInvalidParams_namingItAndTheRange(
        method: String, params: [String: JSON], message: String
    ) throws {
        let client = ServeTestClient()
        try client.call("create")
        let response = client.request(method, params.merging(["app": 1]) { a, _ in a })
        #expect(response["error"]?["code"] == .int(RPCError.invalidParamsCode), "\(response.text)")
        #expect(Self.message(response).contains(message), "\(response.text)")
        #expect(client.errorCode("now", ["app": 1]) == nil, "the app is still there")
    }

    @Test func serve_anAppIdOfAnySize_isAnError_notATrap() {
        let client = ServeTestClient()
        for id: JSON in [.double(1e300), .double(-1e300), .int(Int.min), .double(9.3e18)] {
            let response = client.request("now", ["app": id])
            #expect(response["error"]?["code"] == .int(RPCError.invalidParamsCode), "\(response.text)")
            #expect(Self.message(response).contains("'app' must be from 1 to"), "\(response.text)")
        }
    }

    @Test func serve_limitsFields_ofAnySize_areInvalidParams() {
        let client = ServeTestClient()
        let response = client.request("create", ["limits": ["memory_mib": .double(1e300)]])
        #expect(response["error"]?["code"] == .int(RPCError.invalidParamsCode), "\(response.text)")
        #expect(Self.message(response).contains("'memory_mib' must be from 1 to 4096"), "\(response.text)")
    }

    @Test(arguments: [
        (
            JSON.object(["time": 0, "kind": "heightChanged", "presenter": "root", "height": .double(1e300)]),
            "events[1].height must be a number (points) from -1000000 to 1000000, got 1e+300"
        ),
        (
            JSON.object(["time": .int(Int.max), "kind": "presented", "presenter": "root"]),
            "events[1].time must be an integer (ms) from 0 to 4503599627370496, got 9223372036854775807"
        ),
        (JSON.object(["time": .double(1e300), "kind": "presented"]), "events[1].time must be an integer"),
        (JSON.object(["time": -1, "kind": "presented"]), "events[1].time must be an integer"),
    ])
    func mcp_renderTimeline_eventsOutOfRange_areToolErrors(event: JSON, message: String) {
        let client = MCPTestClient()
        let result = client.call("render_timeline_svg", ["events": [event]])
        #expect(result["isError"] == true, "\(result.text)")
        #expect(MCPTestClient.text(result).contains(message), "\(result.text)")
        #expect(client.request("ping")["result"] == [:])
    }

    @Test func mcp_renderTimeline_eventsOutOfOrder_areAToolError() {
        let client = MCPTestClient()
        let result = client.call(
            "render_timeline_svg",
            ["events": [["time": 500, "kind": "presenting", "presenter": "root"], ["time": 0, "kind": "presented"]]])
        #expect(result["isError"] == true)
        #expect(MCPTestClient.text(result).contains("events[2].time 0 is before events[1]'s 500"), "\(result.text)")
    }

    @Test func mcp_explainEvent_andCheckPolicy_numbersOutOfRange_areToolErrors() {
        let client = MCPTestClient()
        let cases: [(String, [String: JSON], String)] = [
            (
                "explain_event", ["event": ["time": .double(1e300), "kind": "presented"]],
                "event.time must be an integer"
            ),
            (
                "explain_event", ["event": ["time": 0, "kind": "presented", "index": 0]],
                "event.index must be an integer"
            ),
            ("explain_event", ["source": "expect(true)", "index": .double(1e300)], "'index' must be from 1 to"),
            ("check_policy", ["runs": .double(1e300)], "'runs' must be from 1 to 100000, got 1e+300"),
            ("check_policy", ["runs": 1, "seed": .double(-1e300)], "'seed' must be from 0 to 9007199254740991"),
            ("check_policy", ["depth": 11], "'depth' must be from 1 to 10, got 11"),
            ("check_policy", ["max_ms": .int(Int.max)], "'max_ms' must be from 1 to 10000"),
        ]
        for (tool, arguments, message) in cases {
            let result = client.call(tool, arguments)
            #expect(result["isError"] == true, "\(tool) \(result.text)")
            #expect(MCPTestClient.text(result).contains(message), "\(tool): \(MCPTestClient.text(result))")
        }
    }

    /// What tools/list publishes is what the call checks: every number argument has a minimum and a maximum.
    @Test func mcp_everyNumberArgument_hasTheRangeItIsCheckedAgainst() {
        for tool in MCPTools.list {
            for argument in tool.arguments where argument.types.contains("integer") || argument.types.contains("number")
            {
                #expect(argument.range != nil, "\(tool.name).\(argument.name) has no minimum/maximum")
                let property = tool.inputSchema()["properties"]?[argument.name]
                #expect(property?["minimum"] != nil && property?["maximum"] != nil, "\(tool.name).\(argument.name)")
            }
        }
    }

    /// Every serve parameter that is a number has a range.
    @Test func serve_everyNumberParameter_hasARange() {
        for method in ServeMethods.list {
            for param in method.params where param.types.contains("integer") || param.types.contains("number") {
                if method.name == "$/cancelRequest" { continue }  // an id, compared, never converted
                #expect(param.range != nil, "\(method.name).\(param.name) has no range")
            }
        }
    }
}
