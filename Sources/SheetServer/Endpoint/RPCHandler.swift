import SheetJSON

/// One protocol spoken on an `RPCEndpoint`: its methods, and the few points
/// where it departs from what the endpoint does for every protocol.
/// `ServeServer` (`sheetlab serve`) and `MCPServer` (`sheetlab mcp`) are
/// the two; a new door adds a handler, not a server.
///
/// The endpoint reads a frame, decodes the request, checks it, runs it
/// under the request's CPU budget and its cancellation, and answers within
/// `--max-response`; the handler says what a method does (`dispatch`) and,
/// through the requirements that have defaults, how it differs.
package protocol RPCHandler: AnyObject {
    /// The endpoint the handler's messages come through.
    var endpoint: RPCEndpoint { get }

    /// The protocol's cancel notification, which the reader thread acts on
    /// as soon as it is read (`CancelNotification.serve`, `.mcp`).
    var cancelNotification: CancelNotification { get }

    /// Runs a request's method.
    /// - Throws: `RPCError` for an unknown method, bad params, or what the method throws.
    func dispatch(_ request: RPCRequest) throws(RPCError) -> JSON

    /// A batch of requests (a JSON array): the response text, or nil when
    /// nothing is to be answered. Default: refused, one error for the batch.
    func handle(batch: [JSON], message: Int) -> String?

    /// Why `request` is not run (serve after `shutdown`, an MCP request with
    /// a null id), or nil to run it. Default: nil.
    func refusal(of request: RPCRequest) -> RPCError?

    /// A notification (a request without an id). Default: its method runs, unanswered.
    func notification(_ request: RPCRequest)

    /// Whether a request that was cancelled is answered (`-32800`, as LSP
    /// does) or not at all (MCP: the receiver should not respond). Default: answered.
    var answersCancelledRequests: Bool { get }

    /// Whether a message that is a response (`result` or `error`, no
    /// `method`) is dropped: neither server sends requests, so nothing waits
    /// for one. Default: false (it is answered as an invalid request).
    var dropsResponses: Bool { get }

    /// Whether the response to `request` is sent (serve's `exit` gets none). Default: true.
    func answers(_ request: RPCRequest) -> Bool

    /// What a client whose response is over `--max-response` should do.
    var responseTooLargeAdvice: String { get }

    /// Whether the stdio loop ends after the message just handled (serve's `exit`). Default: false.
    var hasEnded: Bool { get }
}

extension RPCHandler {
    package func handle(batch: [JSON], message: Int) -> String? {
        endpoint.errorText(
            id: .null, RPCError.invalidRequest("this protocol has no batches; send one message at a time"))
    }

    package func refusal(of request: RPCRequest) -> RPCError? { nil }

    package func notification(_ request: RPCRequest) { _ = try? dispatch(request) }

    package var answersCancelledRequests: Bool { true }

    package var dropsResponses: Bool { false }

    package func answers(_ request: RPCRequest) -> Bool { true }

    package var responseTooLargeAdvice: String { "ask for less" }

    package var hasEnded: Bool { false }

    /// Handles one input line (without its newline), as if it had just been read.
    /// - Returns: the response, or nil when nothing is to be answered.
    package func handle(line: [UInt8]) -> String? {
        handle(.text(line), message: endpoint.control.messageRead())
    }

    /// Handles one message the reader read.
    /// - Parameter message: its number, from `endpoint.control.messageRead()`.
    /// - Returns: the response, or nil when nothing is to be answered.
    package func handle(_ frame: Frame, message: Int) -> String? {
        endpoint.handle(frame, message: message, by: self)
    }
}
