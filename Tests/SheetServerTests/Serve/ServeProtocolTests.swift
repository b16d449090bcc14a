import Foundation
import LuaRuntime
import SheetJSON
import Testing

@testable import SheetServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The protocol's own methods: `initialize` agrees with
/// docs/serve.openrpc.json, `shutdown`/`exit` follow LSP, and
/// `$/cancelRequest` stops a running request or one still waiting.
@Suite struct ServeProtocolTests {
    let document = try! JSONParser.parse(
        Array(try! String(contentsOfFile: serveRepositoryRoot + "/docs/serve.openrpc.json", encoding: .utf8).utf8))

    /// A schema's JSON types, following `$ref`s into the document's components.
    func types(_ schema: JSON) -> [String] {
        if case .string(let ref)? = schema["$ref"] {
            let name = String(ref.split(separator: "/").last!)
            return types(document["components"]?["schemas"]?[name] ?? .null)
        }
        switch schema["type"] {
        case .string(let t)?: return [t]
        case .array(let ts)?: return ts.compactMap { if case .string(let t) = $0 { t } else { nil } }
        default: return []
        }
    }

    /// A schema, its `$ref` followed into the document's components.
    func resolved(_ schema: JSON) -> JSON {
        guard case .string(let ref)? = schema["$ref"] else { return schema }
        return resolved(document["components"]?["schemas"]?[String(ref.split(separator: "/").last!)] ?? .null)
    }

    /// Each parameter's name, types, whether it is required and, for a
    /// number, its range (`minimum`, `maximum`: `RequestRanges`, the same on both sides).
    @Test func initialize_listsTheMethodsAndParameters_ofTheOpenRPCDocument() throws {
        let methods = try ServeTestClient().call("initialize")["methods"]?.array ?? []
        let documented = document["methods"]?.array ?? []
        #expect(methods.map { $0["name"] } == documented.map { $0["name"] })
        for (served, doc) in zip(methods, documented) {
            let params = (doc["params"]?.array ?? []).map { p -> JSON in
                var members: [String: JSON] = [
                    "name": p["name"] ?? .null, "types": .array(types(p["schema"] ?? .null).map { .string($0) }),
                    "required": p["required"] ?? false,
                ]
                let schema = resolved(p["schema"] ?? .null)
                for bound in ["minimum", "maximum"] { if let b = schema[bound] { members[bound] = b } }
                return .object(members)
            }
            #expect(served["params"] == .array(params), "\(served["name"]?.text ?? "")")
        }
    }

    @Test func initialize_reportsVersions_andRefusesAnotherProtocol() throws {
        let client = ServeTestClient()
        let result = try client.call("initialize", ["client": ["name": "test"]])
        #expect(result["protocol_version"] == .int(ServeServer.protocolVersion))
        #expect(result["server"] == ["name": "sheetlab", "version": .string(sheetLabVersion)])
        #expect(result["capabilities"]?["cancel"] == true)
        #expect(document["info"]?["version"] == .string(String(ServeServer.protocolVersion)))
        #expect(client.errorCode("initialize", ["protocol_version": 1]) == RPCError.invalidParamsCode)
    }

    @Test func afterShutdown_onlyExitIsAccepted_andExitEndsWithZero() throws {
        let client = ServeTestClient()
        try client.call("create")
        #expect(try client.call("shutdown") == .null)
        #expect(client.errorCode("apps") == RPCError.invalidRequestCode)
        #expect(client.send(#"{"jsonrpc":"2.0","method":"advance","params":{"app":1}}"#) == nil)
        #expect(client.send(#"{"jsonrpc":"2.0","method":"exit"}"#) == nil)
        #expect(client.server.phase == .exited(.ok))
    }

    @Test func exitWithoutShutdown_endsWithOne() {
        let client = ServeTestClient()
        #expect(client.send(#"{"jsonrpc":"2.0","id":5,"method":"exit"}"#) == nil, "exit is never answered")
        #expect(client.server.phase == .exited(.failed))
    }

    /// Another thread cancels the loop once it runs (as the reader thread
    /// does); the request ends with -32800 and the app goes on.
    @Test func cancellingARunningEval_stopsIt_withRequestCancelled() throws {
        let client = ServeTestClient()
        try client.call("create")
        let control = client.server.control
        startDetachedThread {
            // Cancel only once the request has begun: before that, the id is not running.
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            while !control.isRunning(.int(77)) { nanosleep(&pause, nil) }
            control.cancel(.int(77))
        }
        let answer = client.send(
            #"{"jsonrpc":"2.0","id":77,"method":"eval","params":{"app":1,"source":"while true do end"}}"#)
        #expect(answer?["error"]?["code"] == .int(RPCError.requestCancelledCode))
        #expect(answer?["error"]?["data"]?["kind"] == "cancelled")
        #expect(try client.call("eval", ["app": 1, "source": "return 2"])["values"] == [2])
    }

    @Test func aCancelForAWaitingRequest_answersItWithoutRunningIt() throws {
        let client = ServeTestClient()
        try client.call("create")
        try client.call("view", ["app": 1, "view": ["name": "V", "state": ["n": 0]]])
        // Read (numbered) before the cancel, handled after it: still waiting when cancelled.
        let waiting = client.server.control.messageRead()
        client.server.control.cancel(.string("later"))
        let answer = client.server.handle(
            .text(
                Array(#"{"jsonrpc":"2.0","id":"later","method":"set","params":{"app":1,"slot":"n","value":1}}"#.utf8)),
            message: waiting)
        #expect(answer?.contains("-32800") == true)
        #expect(try client.call("get", ["app": 1, "slot": "n"]) == 0, "it did not run")
        // A cancel read before a request does not reach it.
        client.server.control.cancel(.string("next"))
        #expect(client.send(#"{"jsonrpc":"2.0","id":"next","method":"now","params":{"app":1}}"#)?["result"] == 0)
    }

    @Test func cancelRequest_asARequest_isAnsweredNull_andUnknownIdsAreIgnored() throws {
        let client = ServeTestClient()
        #expect(try client.call("$/cancelRequest", ["id": 12345]) == .null)
        #expect(client.errorCode("$/cancelRequest", ["id": 1.5]) == RPCError.invalidParamsCode)
        #expect(client.errorCode("$/cancelRequest") == RPCError.invalidParamsCode)
    }

    @Test func theCancelNotification_isRecognisedOnlyInItsPlainForm() {
        #expect(
            CancelNotification.serve.id(
                in: Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#.utf8))
                == 4)
        #expect(
            CancelNotification.serve.id(
                in: Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"a"}}"#.utf8))
                == "a")
        for other in [
            #"{"jsonrpc":"2.0","id":1,"method":"$/cancelRequest","params":{"id":4}}"#,
            #"[{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}]"#,
            #"{"jsonrpc":"2.0","method":"eval","params":{"app":1,"source":"-- $/cancelRequest"}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4,"x":1}}"#,
        ] {
            #expect(CancelNotification.serve.id(in: Array(other.utf8)) == nil, "\(other)")
        }
    }
}
