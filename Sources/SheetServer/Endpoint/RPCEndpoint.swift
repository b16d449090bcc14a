import SheetJSON

/// The one JSON-RPC 2.0 endpoint under `sheetlab serve` and `sheetlab mcp`:
/// frame -> request -> handler -> limited response, with the request's CPU
/// budget and its cancellation, and the stdio loop (`serve(_:...)`).
///
/// Every message goes the same way: a frame that is not JSON, too long or
/// not in the framing is answered with the error that says so; a JSON value
/// that is not a request is answered as invalid; a request is run by its
/// handler between `control.begin` and `control.end`, so that a cancel
/// stops it, and its answer is cut to `--max-response` (a limit error in
/// its place). What a request may do is bounded here too: the CPU of one
/// message (`remainingBudgetMilliseconds`, `guarded`, `withinBudget`) and
/// the sessions it makes (`RPCEndpoint+Sessions.swift`). This is where a
/// rule for every request of every protocol belongs (issue 32's roots that
/// a request cannot widen, ranges of JSON numbers, bounded cancellation).
///
/// Confinement: not `Sendable`; one thread handles every message. Only
/// `control` is shared with the reader thread.
package final class RPCEndpoint {
    /// The server's own limits: CPU of one message, the longest response and message, ...
    package let limits: ServerLimits
    /// How messages are delimited on the wire.
    package let framing: Framing
    /// Cancellation, shared with the reader thread.
    package let control = RequestControl()
    /// Thread CPU time when the message being handled started, in ns.
    var messageStart: Int64 = 0

    /// Creates an endpoint.
    /// - Parameters:
    ///   - limits: the server's limits.
    ///   - framing: how messages are delimited (for `initialize` to report).
    package init(limits: ServerLimits = ServerLimits(), framing: Framing = .line) {
        self.limits = limits
        self.framing = framing
    }

    // MARK: Messages

    /// Handles one message the reader read, for `handler`.
    /// - Parameter message: its number, from `control.messageRead()`.
    /// - Returns: the response text, or nil when nothing is to be answered
    ///   (a notification, a blank line, a cancelled MCP request).
    package func handle(_ frame: Frame, message: Int, by handler: some RPCHandler) -> String? {
        messageStart = threadCPUNanoseconds()
        switch frame {
        case .text(let bytes):
            switch JSONParser.message(bytes) {
            case nil: return nil
            case .failure(let error)?: return errorText(id: .null, error)
            case .success(.array(let batch))?: return handler.handle(batch: batch, message: message)
            case .success(let json)?: return handle(request: json, message: message, by: handler)
            }
        case .tooLong(let length):
            let limit = limits.maximumMessageBytes
            return errorText(
                id: .null,
                RPCError.invalidRequest("message longer than \(limit) bytes (\(length) bytes); it was skipped")
                    .with(data: ["max_line_bytes": .int(limit), "flag": .string(ServerLimits.message.flag)]))
        case .malformed(let problem):
            return errorText(id: .null, RPCError.parse("not Content-Length framing: \(problem)"))
        }
    }

    /// One request object (a message, or an element of a batch): its
    /// response text, or nil for a notification or what is not answered.
    package func handle(request json: JSON, message: Int, by handler: some RPCHandler) -> String? {
        if handler.dropsResponses, case .object(let o) = json, o["method"] == nil,
            o["result"] != nil || o["error"] != nil
        {
            return nil
        }
        let request: RPCRequest
        switch RPCRequest.decode(json) {
        case .failure(let failure): return failure.id.map { errorText(id: $0, failure.error) }
        case .success(let decoded): request = decoded
        }
        if let refusal = handler.refusal(of: request) { return request.id.map { errorText(id: $0, refusal) } }
        guard let id = request.id else {
            handler.notification(request)
            return nil
        }
        guard control.begin(id, message: message) else {
            return handler.answersCancelledRequests ? errorText(id: id, .requestCancelled) : nil
        }
        let outcome = Result { () throws(RPCError) -> JSON in try handler.dispatch(request) }
        let cancelled = control.end()
        if cancelled, !handler.answersCancelledRequests { return nil }
        guard handler.answers(request) else { return nil }
        return text(id: id, outcome, advice: handler.responseTooLargeAdvice)
    }

    // MARK: Output

    /// A response's text, at most `--max-response` bytes: a longer one is
    /// replaced by the limit error (`responseTooLarge`) with `advice`.
    package func text(id: JSON, _ outcome: Result<JSON, RPCError>, advice: String) -> String {
        let response: JSON
        switch outcome {
        case .success(let result): response = ["jsonrpc": "2.0", "id": id, "result": result]
        case .failure(let error): response = ["jsonrpc": "2.0", "id": id, "error": error.json]
        }
        if let text = response.text(limit: limits.maximumResponseBytes) { return text }
        return errorText(
            id: id,
            limits.error(
                ServerLimits.response, kind: "responseTooLarge",
                "the response is longer than \(limits.maximumResponseBytes) bytes; \(advice)"))
    }

    /// An error response's text (the endpoint's own errors, which are short).
    package func errorText(id: JSON, _ error: RPCError) -> String {
        JSON.object(["jsonrpc": "2.0", "id": id, "error": error.json]).text
    }
}

extension RPCError {
    /// The same error with `data`.
    package func with(data: JSON) -> RPCError {
        var e = self
        e.data = data
        return e
    }
}
