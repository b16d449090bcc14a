import LuaRuntime
import SheetEngine
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON-RPC 2.0 server behind `sheetlab serve`, apart from its streams:
/// it turns one input message into at most one output message, and sends
/// notifications (`event`, `print`) through `send` while a request runs,
/// so they always precede the response of the request that caused them.
///
/// Nothing a request does can take the server down: malformed input,
/// unknown methods, script errors and script limits are error responses,
/// and the apps stay as they were. No request can hold it for long either:
/// one input line (a request or a whole batch) gets at most
/// `--max-request-budget` of CPU, and a client can cancel the running
/// request (`$/cancelRequest`, through `control` from the reader thread).
///
/// Confinement: not `Sendable`; one thread handles every message. Only
/// `control` is shared with the reader thread.
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

    /// Where the LSP-style life cycle stands.
    enum Phase: Equatable {
        /// Answering requests (`initialize` is optional).
        case serving
        /// After `shutdown`: only `exit` is accepted.
        case shutDown
        /// After `exit`: the process ends with this code.
        case exited(ExitCode)
    }

    /// The version of the protocol `initialize` reports; it grows when a
    /// change could break a client.
    static let protocolVersion = 2

    let defaults: Defaults
    let limits: ServeLimits
    let framing: Framing
    /// Writes one message (a notification) to the client.
    let send: (String) -> Void
    /// Cancellation, shared with the reader thread.
    let control = RequestControl()
    /// Open apps by id.
    var apps: [Int: ServedApp] = [:]
    var nextID = 1
    private(set) var phase = Phase.serving
    /// Thread CPU time when the message being handled started, in ns.
    private var messageStart: Int64 = 0

    /// Creates a server.
    /// - Parameters:
    ///   - defaults: the profile, policies and limits of apps created without them.
    ///   - limits: the server's own limits.
    ///   - framing: how messages are delimited (for `initialize` to report).
    ///   - send: writes a notification (without framing).
    init(
        defaults: Defaults = Defaults(), limits: ServeLimits = ServeLimits(), framing: Framing = .line,
        send: @escaping (String) -> Void
    ) {
        self.defaults = defaults
        self.limits = limits
        self.framing = framing
        self.send = send
    }

    // MARK: Messages

    /// Handles one input line (without its newline), as if it had just been read.
    /// - Returns: the response, or nil when nothing is to be answered
    ///   (a notification, a batch of notifications, a blank line).
    func handle(line: [UInt8]) -> String? {
        handle(.text(line), message: control.messageRead())
    }

    /// Handles one message the reader read.
    /// - Parameter message: its number, from `control.messageRead()`.
    func handle(_ frame: Frame, message: Int) -> String? {
        messageStart = threadCPUNanoseconds()
        switch frame {
        case .text(let bytes):
            switch JSONParser.message(bytes) {
            case nil: return nil
            case .failure(let error)?: return response(id: .null, error: error).text
            case .success(let json)?: return handle(json, message: message)
            }
        case .tooLong(let length):
            return lineTooLong(length: length)
        case .malformed(let problem):
            return response(id: .null, error: RPCError.parse("not Content-Length framing: \(problem)")).text
        }
    }

    /// The answer to a message over the length limit.
    func lineTooLong(length: Int) -> String {
        let limit = limits.maximumMessageBytes
        return response(
            id: .null,
            error: RPCError.invalidRequest("message longer than \(limit) bytes (\(length) bytes); it was skipped")
                .with(data: ["max_line_bytes": .int(limit), "flag": .string(ServeLimits.message.flag)])
        ).text
    }

    /// A request, or a batch of them: the response text. A batch stops
    /// running requests once its responses pass `--max-batch-response` or
    /// its CPU passes `--max-request-budget`; the rest are answered with
    /// that limit's error.
    func handle(_ json: JSON, message: Int) -> String? {
        guard case .array(let batch) = json else { return handle(request: json, message: message) }
        guard !batch.isEmpty else { return response(id: .null, error: RPCError.invalidRequest("empty batch")).text }
        var answers: [String] = []
        var bytes = 2
        for element in batch {
            let answer: String?
            if bytes > limits.maximumBatchResponseBytes {
                answer = refuse(
                    element,
                    limits.error(
                        ServeLimits.batchResponse, kind: "batchResponseTooLarge",
                        "the batch's responses passed \(limits.maximumBatchResponseBytes) bytes; this request was not run"
                    ))
            } else {
                answer = handle(request: element, message: message)
            }
            guard let answer else { continue }
            answers.append(answer)
            bytes += answer.utf8.count + 1
        }
        return answers.isEmpty ? nil : "[" + answers.joined(separator: ",") + "]"
    }

    /// The error answer for a request that is not run; nil for a notification.
    private func refuse(_ json: JSON, _ error: RPCError) -> String? {
        switch RPCRequest.decode(json) {
        case .failure(let failure): return failure.id.map { response(id: $0, error: failure.error).text }
        case .success(let request): return request.id.map { response(id: $0, error: error).text }
        }
    }

    /// One request object: its response text (at most `--max-response`
    /// bytes), or nil for a notification.
    func handle(request json: JSON, message: Int) -> String? {
        let request: RPCRequest
        switch RPCRequest.decode(json) {
        case .failure(let failure):
            return failure.id.map { response(id: $0, error: failure.error).text }
        case .success(let decoded):
            request = decoded
        }
        if phase == .shutDown, request.method != "exit" {
            return request.id.map {
                response(
                    id: $0, error: RPCError.invalidRequest("the server is shut down; only 'exit' is accepted")
                ).text
            }
        }
        let answer: JSON
        if let id = request.id {
            if control.begin(id, message: message) {
                answer = run(request, id: id)
                control.end()
            } else {
                answer = response(id: id, error: .requestCancelled)
            }
        } else {
            answer = run(request, id: .null)
        }
        guard !request.isNotification, ServeMethods.all[request.method]?.answered ?? true else { return nil }
        if let text = answer.text(limit: limits.maximumResponseBytes) { return text }
        return response(
            id: request.id ?? .null,
            error: limits.error(
                ServeLimits.response, kind: "responseTooLarge",
                "the response is longer than \(limits.maximumResponseBytes) bytes; ask for less (timeline 'since' or 'filter')"
            )
        ).text
    }

    private func run(_ request: RPCRequest, id: JSON) -> JSON {
        do {
            return response(id: id, result: try dispatch(request))
        } catch {
            return response(id: id, error: error)
        }
    }

    /// Runs a request's method, once its parameters match the method's.
    /// - Throws: `RPCError` for an unknown method, bad params, or what the method throws.
    func dispatch(_ request: RPCRequest) throws(RPCError) -> JSON {
        guard let method = ServeMethods.all[request.method] else { throw RPCError.methodNotFound(request.method) }
        let params = ServeParams(method: request.method, values: request.params)
        let names = method.params.map(\.name)
        if let unknown = request.params.keys.filter({ !names.contains($0) }).sorted().first {
            let expected = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw RPCError.invalidParams("'\(request.method)' has no parameter '\(unknown)'; expected \(expected)")
        }
        for param in method.params {
            guard let value = params[param.name] else {
                if param.required { throw params.missing(param.name, param.typeDescription) }
                continue
            }
            guard param.accepts(value) else { throw params.wrongType(param.name, param.typeDescription) }
        }
        guard method.needsApp else { return try method.run(self, nil, params) }
        let app = try self.app(params)
        return try guarded(app.session.runtime) { () throws(RPCError) in try method.run(self, app, params) }
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

    /// Ends the life cycle's phases: `shutdown`, then `exit`.
    func enter(_ next: Phase) { phase = next }

    // MARK: Budgets and cancellation

    /// Runs `body`, which uses `runtime`, as one guarded scope of it: every
    /// Lua call it makes shares what is left of the message's CPU budget,
    /// and a cancel interrupts it.
    /// - Throws: `requestCancelled` when cancelled and stopped; a limit
    ///   error (`requestBudget`) when the message's budget ran out and
    ///   `body` failed; otherwise what `body` throws.
    func guarded<T>(_ runtime: LuaRuntime, _ body: () throws(RPCError) -> T) throws(RPCError) -> T {
        control.attach(runtime)
        let left = remainingBudgetMilliseconds
        guard left > 0 else { throw requestBudgetError }
        var outcome: Result<T, RPCError>?
        let (_, spent) = runtime.withBudget(milliseconds: left) { () -> Void in
            // Checked inside the scope: a cancel before this line is seen here, one after interrupts the scope.
            if control.isCancelled {
                outcome = .failure(.requestCancelled)
                return
            }
            outcome = Result { () throws(RPCError) -> T in try body() }
        }
        guard let outcome else { throw RPCError.requestCancelled }
        if case .failure = outcome {
            if control.isCancelled { throw RPCError.requestCancelled }
            if spent { throw requestBudgetError }
        } else if spent, control.isCancelled {
            throw RPCError.requestCancelled
        }
        return try outcome.get()
    }

    /// CPU left to the message being handled, in ms.
    var remainingBudgetMilliseconds: Int {
        let spent = (threadCPUNanoseconds() - messageStart) / 1_000_000
        return limits.maximumRequestBudgetMilliseconds - Int(spent)
    }

    var requestBudgetError: RPCError {
        limits.error(
            ServeLimits.requestBudget, kind: "requestBudget",
            "this input line used up its CPU budget of \(limits.maximumRequestBudgetMilliseconds) ms")
    }

    // MARK: Memory

    /// The memory caps of the open apps, added up, in bytes: each app's Lua
    /// state and what its engine holds for scripts (state values, the
    /// timeline), capped alike.
    var reservedMemory: Int {
        apps.values.reduce(0) { $0 + $1.session.runtime.limits.memory + $1.session.app.limits.memoryBytes }
    }

    /// Checks that one more app with a Lua memory cap of `memory` bytes (and
    /// an engine capped alike) fits the server's limits.
    /// - Throws: a limit error (`appMemory` or `totalMemory`) naming the flag.
    func checkRoom(forMemory memory: Int) throws(RPCError) {
        let mib = memory >> 20
        guard memory <= limits.maximumAppMemory else {
            throw limits.error(
                ServeLimits.appMemory, kind: "appMemory", "a memory cap of \(mib) MiB is over the server's cap per app")
        }
        let reserved = reservedMemory
        guard reserved + 2 * memory <= limits.maximumTotalMemory else {
            throw limits.error(
                ServeLimits.totalMemory, kind: "totalMemory",
                "the open apps' memory caps take \(reserved >> 20) MiB; \(2 * mib) MiB more (a Lua cap of \(mib) MiB and its engine's) is over the server's total; close an app first"
            )
        }
    }

    // MARK: Output

    func response(id: JSON, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    func response(id: JSON, error: RPCError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    /// Sends a notification. One longer than `--max-response` is cut: a
    /// `print`'s text, an `event`'s detail, marked `"truncated": true`.
    func notify(_ method: String, _ params: [String: JSON]) {
        let message: JSON = ["jsonrpc": "2.0", "method": .string(method), "params": .object(params)]
        if let text = message.text(limit: limits.maximumResponseBytes) { return send(text) }
        var cut = params
        cut["truncated"] = true
        if case .string(let text)? = params["text"] {
            cut["text"] = .string(String(decoding: text.utf8.prefix(limits.maximumResponseBytes / 2), as: UTF8.self))
        }
        if case .object(var event)? = params["event"] {
            event["detail"] = ""
            cut["event"] = .object(event)
        }
        let shorter: JSON = ["jsonrpc": "2.0", "method": .string(method), "params": .object(cut)]
        if let text = shorter.text(limit: limits.maximumResponseBytes) { send(text) }
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
