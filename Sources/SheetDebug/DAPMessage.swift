import SheetJSON
import SheetServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One Debug Adapter Protocol request, as a client sends it.
package struct DAPRequest: Equatable, Sendable {
    package var seq: Int
    package var command: String
    package var arguments: JSON

    package init(seq: Int, command: String, arguments: JSON = .object([:])) {
        self.seq = seq
        self.command = command
        self.arguments = arguments
    }

    /// Why a message is not a request: the message, and the `seq` and
    /// `command` when they could be read (the error response names them).
    package struct Problem: Error, Equatable, Sendable {
        package var seq: Int
        package var command: String
        package var message: String
    }

    /// Parses a message body.
    /// - Throws: `Problem` when the body is not JSON, not an object, not a
    ///   request, or has no `seq` or `command`.
    package static func parse(_ bytes: [UInt8]) throws(Problem) -> DAPRequest {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch {
            throw Problem(seq: 0, command: "", message: "the message is not JSON: \(error.description)")
        }
        guard case .object = json else {
            throw Problem(seq: 0, command: "", message: "the message is a JSON \(json.typeName), not an object")
        }
        var seq = 0
        if case .int(let n)? = json["seq"] { seq = n }
        var command = ""
        if case .string(let c)? = json["command"] { command = c }
        guard case .string(let type)? = json["type"] else {
            throw Problem(seq: seq, command: command, message: "the message has no \"type\"")
        }
        guard type == "request" else {
            throw Problem(
                seq: seq, command: command, message: "the adapter takes requests, got a message of type '\(type)'")
        }
        guard case .int? = json["seq"] else {
            throw Problem(seq: seq, command: command, message: "the request has no integer \"seq\"")
        }
        guard !command.isEmpty else {
            throw Problem(seq: seq, command: command, message: "the request has no \"command\"")
        }
        let arguments = json["arguments"] ?? .object([:])
        guard case .object = arguments else {
            throw Problem(
                seq: seq, command: command, message: "\"arguments\" must be an object, got \(arguments.typeName)")
        }
        return DAPRequest(seq: seq, command: command, arguments: arguments)
    }
}

/// The messages a debug adapter writes, each with DAP's `Content-Length`
/// header, numbered; from any thread (the run's thread sends events).
package final class DAPOutput: @unchecked Sendable {
    private let lock = NSLockLike()
    private var seq = 0
    private let write: ([UInt8]) -> Void

    /// Writes frames with `write` (descriptor 1's copy in `sheetlab debug`; a buffer in tests).
    package init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
    }

    /// Writes to a file descriptor.
    package convenience init(fd: Int32) {
        self.init { bytes in _ = MessageWriter.writeAll(bytes, to: fd) }
    }

    /// A message's bytes on the wire: the header, a blank line, the JSON.
    package static func frame(_ message: JSON) -> [UInt8] {
        MessageWriter.frame(message.text, .lsp)
    }

    private func send(_ fields: [String: JSON]) {
        lock.locked {
            seq += 1
            var message = fields
            message["seq"] = .int(seq)
            write(Self.frame(.object(message)))
        }
    }

    package func respond(to request: DAPRequest, body: JSON? = nil) {
        var fields: [String: JSON] = [
            "type": "response", "request_seq": .int(request.seq), "success": true, "command": .string(request.command),
        ]
        if let body { fields["body"] = body }
        send(fields)
    }

    /// An error response: `message` is shown to the person (`body.error.format` too).
    package func fail(seq: Int, command: String, _ message: String) {
        send([
            "type": "response", "request_seq": .int(seq), "success": false, "command": .string(command),
            "message": .string(message),
            "body": ["error": ["id": 1, "format": .string(message.replacingBraces), "showUser": true]],
        ])
    }

    package func fail(_ request: DAPRequest, _ message: String) {
        fail(seq: request.seq, command: request.command, message)
    }

    package func event(_ name: String, _ body: JSON? = nil) {
        var fields: [String: JSON] = ["type": "event", "event": .string(name)]
        if let body { fields["body"] = body }
        send(fields)
    }

    /// An `output` event (category `console`, `stdout` or `stderr`).
    package func output(_ text: String, category: String = "console") {
        event("output", ["category": .string(category), "output": .string(text.hasSuffix("\n") ? text : text + "\n")])
    }
}

extension String {
    /// DAP's error `format` puts variables in braces: a message's own are doubled away.
    var replacingBraces: String {
        var out = ""
        for c in self {
            switch c {
            case "{": out += "("
            case "}": out += ")"
            default: out.append(c)
            }
        }
        return out
    }
}

/// A mutex (pthread), without Foundation.
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}

/// The arguments of a request, read with the errors a client can act on.
package struct DAPArguments {
    package var json: JSON
    package var command: String

    package func string(_ key: String) throws(DAPFailure) -> String? {
        switch json[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw DAPFailure("\(command): \"\(key)\" must be a string, got \(other.typeName)")
        }
    }

    package func int(_ key: String) throws(DAPFailure) -> Int? {
        switch json[key] {
        case nil, .null?: return nil
        case .int(let n)?: return n
        case let other?: throw DAPFailure("\(command): \"\(key)\" must be an integer, got \(other.typeName)")
        }
    }

    package func bool(_ key: String) throws(DAPFailure) -> Bool? {
        switch json[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?: throw DAPFailure("\(command): \"\(key)\" must be true or false, got \(other.typeName)")
        }
    }

    package func array(_ key: String) throws(DAPFailure) -> [JSON]? {
        switch json[key] {
        case nil, .null?: return nil
        case .array(let a)?: return a
        case let other?: throw DAPFailure("\(command): \"\(key)\" must be an array, got \(other.typeName)")
        }
    }

    package func strings(_ key: String) throws(DAPFailure) -> [String]? {
        guard let items = try array(key) else { return nil }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else {
                throw DAPFailure("\(command): \"\(key)\" must be an array of strings, got a \(item.typeName) in it")
            }
            out.append(s)
        }
        return out
    }
}

/// A request that cannot be done: its message goes in the error response.
package struct DAPFailure: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
