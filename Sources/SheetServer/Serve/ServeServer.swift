import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON-RPC 2.0 server behind `sheetlab serve`, apart from its streams:
/// the handler of its methods on the shared `RPCEndpoint`, which turns one
/// input message into at most one output message. It sends notifications
/// (`event`, `print`) through `send` while a request runs, so they always
/// precede the response of the request that caused them.
///
/// What serve adds to the endpoint: batches (each element a request, the
/// batch's responses and CPU bounded), the LSP-style life cycle
/// (`shutdown`, then `exit`), and the apps a client opens.
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
package final class ServeServer: RPCHandler {
    /// Where the LSP-style life cycle stands.
    package enum Phase: Equatable {
        /// Answering requests (`initialize` is optional).
        case serving
        /// After `shutdown`: only `exit` is accepted.
        case shutDown
        /// After `exit`: the process ends with this code (0 when `shutdown` came first, else 1).
        case exited(ExitCode)
    }

    /// The version of the protocol `initialize` reports; it grows when a
    /// change could break a client.
    static let protocolVersion = 2

    /// What `create` and `run_scenario` use when a request leaves something
    /// out: the profile, the policy files and the Lua limits (the engine's
    /// are the server's rule, `RPCEndpoint.engineLimits(matching:setting:)`).
    package let defaults: SessionConfiguration
    /// Where the files a request names may be (`ServerRoots`); `defaults` is bounded by them.
    package let roots: ServerRoots
    package let endpoint: RPCEndpoint
    /// Writes one message (a notification) to the client.
    let send: (String) -> Void
    /// Open apps by id.
    var apps: [Int: ServedApp] = [:]
    var nextID = 1
    package private(set) var phase = Phase.serving

    /// The server's own limits.
    package var limits: ServerLimits { endpoint.limits }
    /// Cancellation, shared with the reader thread.
    package var control: RequestControl { endpoint.control }
    /// How messages are delimited (for `initialize` to report).
    var framing: Framing { endpoint.framing }

    /// Creates a server.
    /// - Parameters:
    ///   - defaults: the profile, policies and limits of apps created without them.
    ///   - limits: the server's own limits.
    ///   - framing: how messages are delimited.
    ///   - send: writes a notification (without framing).
    package init(
        defaults: SessionConfiguration = SessionConfiguration(), limits: ServerLimits = ServerLimits(),
        framing: Framing = .line, send: @escaping (String) -> Void
    ) {
        roots = ServerRoots(defaults)
        self.defaults = roots.bound(defaults)
        endpoint = RPCEndpoint(limits: limits, framing: framing)
        self.send = send
    }

    // MARK: The handler

    package var cancelNotification: CancelNotification { .serve }

    package var responseTooLargeAdvice: String { "ask for less (timeline 'since' or 'filter')" }

    package var hasEnded: Bool {
        if case .exited = phase { return true }
        return false
    }

    /// After `shutdown`, only `exit`.
    package func refusal(of request: RPCRequest) -> RPCError? {
        guard phase == .shutDown, request.method != "exit" else { return nil }
        return RPCError.invalidRequest("the server is shut down; only 'exit' is accepted")
    }

    package func answers(_ request: RPCRequest) -> Bool { ServeMethods.all[request.method]?.answered ?? true }

    /// A batch: its requests in order. It stops running them once its
    /// responses pass `--max-batch-response` (the rest are answered with that
    /// limit's error) or its CPU passes `--max-request-budget` (each method
    /// then fails with the request-budget error).
    package func handle(batch: [JSON], message: Int) -> String? {
        guard !batch.isEmpty else { return endpoint.errorText(id: .null, RPCError.invalidRequest("empty batch")) }
        var answers: [String] = []
        var bytes = 2
        for element in batch {
            let answer: String?
            if bytes > limits.maximumBatchResponseBytes {
                answer = refuse(
                    element,
                    limits.error(
                        ServerLimits.batchResponse, kind: "batchResponseTooLarge",
                        "the batch's responses passed \(limits.maximumBatchResponseBytes) bytes; this request was not run"
                    ))
            } else {
                answer = endpoint.handle(request: element, message: message, by: self)
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
        case .failure(let failure): return failure.id.map { endpoint.errorText(id: $0, failure.error) }
        case .success(let request): return request.id.map { endpoint.errorText(id: $0, error) }
        }
    }

    /// Runs a request's method, once its parameters match the method's.
    /// - Throws: `RPCError` for an unknown method, bad params, or what the method throws.
    package func dispatch(_ request: RPCRequest) throws(RPCError) -> JSON {
        guard let method = ServeMethods.all[request.method] else {
            throw RPCError.methodNotFound(request.method, known: ServeMethods.list.map(\.name))
        }
        let params = try RPCParams(request.method, request.params, checkedAgainst: method.params, naming: "parameter")
        guard method.needsApp else { return try method.run(self, nil, params) }
        let app = try self.app(params)
        return try endpoint.guarded(app.session.runtime) { () throws(RPCError) in try method.run(self, app, params) }
    }

    /// The app a request addresses with `app`.
    func app(_ params: RPCParams) throws(RPCError) -> ServedApp {
        let id = try params.int("app", in: RequestRanges.id)
        guard let app = apps[id] else {
            let open = apps.keys.sorted().map(String.init).joined(separator: ", ")
            throw RPCError.invalidParams("no app \(id)" + (open.isEmpty ? "; create one first" : " (open: \(open))"))
        }
        return app
    }

    /// Ends the life cycle's phases: `shutdown`, then `exit`.
    func enter(_ next: Phase) { phase = next }

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
                ServerLimits.appMemory, kind: "appMemory", "a memory cap of \(mib) MiB is over the server's cap per app"
            )
        }
        let reserved = reservedMemory
        guard reserved + 2 * memory <= limits.maximumTotalMemory else {
            throw limits.error(
                ServerLimits.totalMemory, kind: "totalMemory",
                "the open apps' memory caps take \(reserved >> 20) MiB; \(2 * mib) MiB more (a Lua cap of \(mib) MiB and its engine's) is over the server's total; close an app first"
            )
        }
    }

    // MARK: Output

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
