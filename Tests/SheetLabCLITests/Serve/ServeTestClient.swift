import Foundation

@testable import SheetLabCLI

/// The repository's root, for reading examples and docs.
let serveRepositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// A client talking to a `ServeServer` in memory: lines in, lines out.
final class ServeTestClient {
    /// Notification lines the server sent, parsed.
    private(set) var notifications: [JSON] = []
    private(set) var server: ServeServer!
    private var nextID = 1

    init(defaults: ServeServer.Defaults = ServeServer.Defaults(), limits: ServeLimits = ServeLimits()) {
        server = ServeServer(defaults: defaults, limits: limits) { [unowned self] line in
            self.notifications.append(try! JSONParser.parse(Array(line.utf8)))
        }
    }

    /// Sends a raw line; the parsed response, or nil when none came.
    func send(_ line: String) -> JSON? {
        server.handle(line: Array(line.utf8)).map { try! JSONParser.parse(Array($0.utf8)) }
    }

    /// Calls a method; its whole response object.
    func request(_ method: String, _ params: [String: JSON] = [:]) -> JSON {
        let id = nextID
        nextID += 1
        let request: JSON = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": .object(params)]
        let response = send(request.text)!
        precondition(response["id"] == .int(id), "response to another id: \(response.text)")
        return response
    }

    /// Calls a method that must succeed; its result.
    @discardableResult
    func call(_ method: String, _ params: [String: JSON] = [:]) throws -> JSON {
        let response = request(method, params)
        guard let result = response["result"] else { throw Failure(response: response) }
        return result
    }

    /// The error code a call answers with, nil when it succeeds.
    func errorCode(_ method: String, _ params: [String: JSON] = [:]) -> Int? {
        if case .int(let code)? = request(method, params)["error"]?["code"] { return code }
        return nil
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
