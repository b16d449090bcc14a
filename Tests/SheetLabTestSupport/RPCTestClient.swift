import SheetJSON

/// A client talking to a JSON-RPC server in memory, one message at a time:
/// `serve`'s and `mcp`'s tests (and the door-parity test) drive their
/// servers through it. The server is a function from a line to its answer
/// (`handler.handle(line:)`), so this target needs no server.
package final class RPCTestClient {
    private let handle: (String) -> String?
    private var nextID = 1

    /// A client of `handle`, which answers one line (nil when nothing is answered).
    package init(_ handle: @escaping (String) -> String?) {
        self.handle = handle
    }

    /// Sends a raw line; the parsed response, or nil when none came.
    package func send(_ line: String) -> JSON? {
        handle(line).map { try! JSONParser.parse(Array($0.utf8)) }
    }

    /// The id the next `request` goes out with.
    package var nextRequestID: Int { nextID }

    /// Sends a request; its whole response, which must answer it.
    package func request(_ method: String, _ params: [String: JSON] = [:]) -> JSON {
        let id = nextID
        nextID += 1
        let request: JSON = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": .object(params)]
        guard let response = send(request.text) else { preconditionFailure("no response to \(request.text)") }
        precondition(response["id"] == .int(id), "response to another id: \(response.text)")
        return response
    }

    /// The error code a response carries, nil when it succeeded.
    package static func errorCode(_ response: JSON) -> Int? {
        if case .int(let code)? = response["error"]?["code"] { return code }
        return nil
    }
}
