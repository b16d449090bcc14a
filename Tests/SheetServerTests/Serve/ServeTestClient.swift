import Foundation
import SheetJSON
import SheetLabTestSupport
import SheetScripting

@testable import SheetServer

/// The repository's root, for reading examples and docs.
let serveRepositoryRoot = ExampleScenarios.root.path

/// A client talking to a `ServeServer` in memory: lines in, lines out
/// (`RPCTestClient`), and the notifications it sent.
final class ServeTestClient {
    /// Notification lines the server sent, parsed.
    private(set) var notifications: [JSON] = []
    private(set) var server: ServeServer!
    private var client: RPCTestClient!

    init(defaults: SessionConfiguration = SessionConfiguration(), limits: ServerLimits = ServerLimits()) {
        server = ServeServer(defaults: defaults, limits: limits) { [unowned self] line in
            self.notifications.append(try! JSONParser.parse(Array(line.utf8)))
        }
        client = RPCTestClient { [unowned self] line in self.server.handle(line: Array(line.utf8)) }
    }

    /// Sends a raw line; the parsed response, or nil when none came.
    func send(_ line: String) -> JSON? { client.send(line) }

    /// Calls a method; its whole response object.
    func request(_ method: String, _ params: [String: JSON] = [:]) -> JSON { client.request(method, params) }

    /// Calls a method that must succeed; its result.
    @discardableResult
    func call(_ method: String, _ params: [String: JSON] = [:]) throws -> JSON {
        let response = request(method, params)
        guard let result = response["result"] else { throw Failure(response: response) }
        return result
    }

    /// The error code a call answers with, nil when it succeeds.
    func errorCode(_ method: String, _ params: [String: JSON] = [:]) -> Int? {
        RPCTestClient.errorCode(request(method, params))
    }

    /// Takes the notifications received so far.
    func takeNotifications() -> [JSON] {
        defer { notifications = [] }
        return notifications
    }

    struct Failure: Error, CustomStringConvertible {
        var response: JSON
        var description: String { response.text }
    }
}

/// Seed 000's view: an item sheet whose content names the item.
let seed000View: JSON = [
    "name": "ContentView", "state": ["selectedItem"],
    "modifiers": [
        ["kind": "sheet", "item": "selectedItem", "content": ["$lua": "function(c) return 'item ' .. c.item.id end"]]
    ],
]
