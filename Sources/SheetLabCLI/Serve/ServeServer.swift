import LuaRuntime
import SheetEngine
import SheetScripting

/// The JSON-RPC 2.0 server behind `sheetlab serve`, apart from its streams:
/// it turns one input line into at most one output line, and sends
/// notifications (`event`, `print`) through `send` while a request runs,
/// so they always precede the response of the request that caused them.
///
/// Nothing a request does can take the server down: malformed input,
/// unknown methods, script errors and script limits are error responses,
/// and the apps stay as they were.
///
/// Confinement: not `Sendable`; one thread handles every line.
final class ServeServer {
    /// What `create` uses when a request leaves something out.
    struct Defaults: Sendable {
        /// The profile of a new app.
        var profile: Profile
        /// Policy files every new app loads when `create` names none.
        var policies: [String]
        /// The Lua limits of a new app.
        var limits: LuaLimits

        /// Creates defaults.
        init(profile: Profile = .default, policies: [String] = [], limits: LuaLimits = LuaLimits()) {
            self.profile = profile
            self.policies = policies
            self.limits = limits
        }
    }

    /// How many apps may be open at once (each has its own Lua state).
    static let maximumApps = 256

    /// The default longest line, 1 MiB.
    static let defaultMaximumLineLength = 1 << 20

    let defaults: Defaults
    /// Writes one line (a notification) to the client.
    let send: (String) -> Void
    /// Open apps by id.
    var apps: [Int: ServedApp] = [:]
    var nextID = 1

    /// Creates a server.
    /// - Parameters:
    ///   - defaults: the profile, policies and limits of apps created without them.
    ///   - send: writes a notification line (without its newline).
    init(defaults: Defaults = Defaults(), send: @escaping (String) -> Void) {
        self.defaults = defaults
        self.send = send
    }

    /// Handles one input line (without its newline).
    /// - Returns: the response line, or nil when nothing is to be answered
    ///   (a notification, a batch of notifications, a blank line).
    func handle(line: [UInt8]) -> String? {
        if line.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) { return nil }
        let json: JSON
        do {
            json = try JSONParser.parse(line)
        } catch {
            return response(id: .null, error: RPCError.parse("\(error)")).text
        }
        return handle(json)?.text
    }

    /// The answer to a line that was over the length limit.
    func lineTooLong(length: Int, limit: Int) -> String {
        response(
            id: .null,
            error: RPCError.invalidRequest("line longer than \(limit) bytes (\(length) bytes); it was skipped")
                .with(data: ["max_line_bytes": .int(limit)])
        ).text
    }

    /// A request, or a batch of them.
    func handle(_ json: JSON) -> JSON? {
        guard case .array(let batch) = json else { return handle(request: json) }
        guard !batch.isEmpty else { return response(id: .null, error: RPCError.invalidRequest("empty batch")) }
        let answers = batch.compactMap { handle(request: $0) }
        return answers.isEmpty ? nil : .array(answers)
    }

    /// One request object: its response, or nil for a notification.
    func handle(request json: JSON) -> JSON? {
        switch RPCRequest.decode(json) {
        case .failure(let failure):
            return failure.id.map { response(id: $0, error: failure.error) }
        case .success(let request):
            let answer: JSON
            do {
                answer = response(id: request.id ?? .null, result: try dispatch(request))
            } catch {
                answer = response(id: request.id ?? .null, error: error)
            }
            return request.isNotification ? nil : answer
        }
    }

    /// Runs a request's method.
    /// - Throws: `RPCError` for an unknown method, bad params, or what the method throws.
    func dispatch(_ request: RPCRequest) throws(RPCError) -> JSON {
        guard let method = ServeMethods.all[request.method] else { throw RPCError.methodNotFound(request.method) }
        let allowed = method.params + (method.needsApp ? ["app"] : [])
        if let unknown = request.params.keys.filter({ !allowed.contains($0) }).sorted().first {
            let expected = allowed.isEmpty ? "none" : allowed.joined(separator: ", ")
            throw RPCError.invalidParams("'\(request.method)' has no parameter '\(unknown)'; expected \(expected)")
        }
        let params = ServeParams(method: request.method, values: request.params)
        let app = method.needsApp ? try self.app(params) : nil
        return try method.run(self, app, params)
    }

    /// The app a request addresses with `app`.
    func app(_ params: ServeParams) throws(RPCError) -> ServedApp {
        let id = try params.int("app", in: Int.min...Int.max)
        guard let app = apps[id] else {
            let open = apps.keys.sorted().map(String.init).joined(separator: ", ")
            throw RPCError.invalidParams("no app \(id)" + (open.isEmpty ? "; create one first" : " (open: \(open))"))
        }
        return app
    }

    // MARK: Output

    func response(id: JSON, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    func response(id: JSON, error: RPCError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSON) {
        send(JSON.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).text)
    }
}

extension RPCError {
    /// The same error with `data`.
    func with(data: JSON) -> RPCError {
        var e = self
        e.data = data
        return e
    }
}
