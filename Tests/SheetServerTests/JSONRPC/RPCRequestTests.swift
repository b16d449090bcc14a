import SheetJSON
import Testing

@testable import SheetServer

/// Which objects are requests, and what an invalid one is answered with.
@Suite struct RPCRequestTests {
    func decode(_ text: String) -> Result<RPCRequest, AnsweredError> {
        RPCRequest.decode(try! JSONParser.parse(Array(text.utf8)))
    }

    @Test func request_withIDAndParams() throws {
        let r = try decode(#"{"jsonrpc":"2.0","id":7,"method":"swipe","params":{"app":1}}"#).get()
        #expect(r == RPCRequest(id: .int(7), method: "swipe", params: ["app": .int(1)]))
        #expect(!r.isNotification)
    }

    @Test func notification_hasNoID_andParamsMayBeLeftOut() throws {
        let r = try decode(#"{"jsonrpc":"2.0","method":"apps"}"#).get()
        #expect(r.isNotification)
        #expect(r.params.isEmpty)
        #expect(try decode(#"{"jsonrpc":"2.0","id":null,"method":"apps"}"#).get().id == .null)
        #expect(try decode(#"{"jsonrpc":"2.0","id":"x","method":"apps"}"#).get().id == .string("x"))
    }

    @Test(arguments: [
        (#"[1]"#, JSON.null, -32600, "a request must be an object"),
        (#"42"#, .null, -32600, "a request must be an object, got integer"),
        (#"{"id":5,"method":"apps"}"#, .int(5), -32600, "\"jsonrpc\": \"2.0\" is required"),
        (#"{"jsonrpc":"1.0","id":5,"method":"apps"}"#, .int(5), -32600, "\"jsonrpc\": \"2.0\" is required"),
        (#"{"jsonrpc":"2.0","id":5,"method":3}"#, .int(5), -32600, "method must be a string"),
        (#"{"jsonrpc":"2.0","id":{},"method":"apps"}"#, .null, -32600, "id must be a string, an integer or null"),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"apps"}"#, .null, -32600, "id must be"),
        (#"{"jsonrpc":"2.0","id":5,"method":"apps","param":{}}"#, .int(5), -32600, "unknown member 'param'"),
        (#"{"jsonrpc":"2.0","id":5,"method":"apps","params":[1]}"#, .int(5), -32602, "params must be an object"),
    ])
    func invalidRequests_areAnswered_withTheirID(text: String, id: JSON, code: Int, message: String) {
        guard case .failure(let failure) = decode(text) else {
            Issue.record("\(text) decoded")
            return
        }
        #expect(failure.id == id)
        #expect(failure.error.code == code)
        #expect(failure.error.message.contains(message), "\(failure.error.message)")
    }

    @Test func malformedNotification_isAnsweredWithNullID_butBadParamsOfANotificationAreNot() {
        guard case .failure(let f) = decode(#"{"method":"apps"}"#) else {
            Issue.record("decoded")
            return
        }
        #expect(f.id == .null)
        guard case .failure(let g) = decode(#"{"jsonrpc":"2.0","method":"apps","params":3}"#) else {
            Issue.record("decoded")
            return
        }
        #expect(g.id == nil)
    }
}
