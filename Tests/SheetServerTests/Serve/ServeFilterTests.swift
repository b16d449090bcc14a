import SheetJSON
import Testing

@testable import SheetServer

/// `timeline`'s filter is Lua's `EventFilter`: a filter that could never
/// match is an error, so a "no such event" check cannot pass by accident.
@Suite struct ServeFilterTests {
    func appWithOneRequest() throws -> (ServeTestClient, JSON) {
        let client = ServeTestClient()
        let app = try client.call("create")["app"]!
        try client.call(
            "eval",
            [
                "app": app,
                "source": """
                view { name = "ContentView", state = { "item" }, modifiers = { sheet { item = "item" } } }
                set("item", { id = 1 })
                """,
            ])
        return (client, app)
    }

    @Test(arguments: [
        (["knd": "set"] as [String: JSON], "unknown field 'knd'"),
        (["kind": "sett"], "kind 'sett' is not an event kind"),
        (["item": 2], "field 'item' expects a string, got number"),
    ])
    func badFilter_isInvalidParams_namingTheProblem(filter: [String: JSON], message: String) throws {
        let (client, app) = try appWithOneRequest()
        let response = client.request("timeline", ["app": app, "filter": .object(filter)])
        #expect(response["error"]?["code"] == .int(-32602))
        guard case .string(let text)? = response["error"]?["message"] else {
            Issue.record("no error message: \(response.text)")
            return
        }
        #expect(text.contains(message), "\(text)")
    }

    @Test func goodFilter_selectsByField_andSince() throws {
        let (client, app) = try appWithOneRequest()
        let requests = try client.call("timeline", ["app": app, "filter": ["kind": "request"]])
        #expect(requests.array?.count == 1)
        let later = try client.call("timeline", ["app": app, "filter": ["kind": "request", "since": 5]])
        #expect(later.array?.isEmpty == true)
    }
}
