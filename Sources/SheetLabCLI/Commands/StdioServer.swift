import SheetServer

/// What `sheetlab serve` and `sheetlab mcp` do once their options are read:
/// claim standard input and output, then serve the handler on them.
enum StdioServer {
    /// Serves the handler `make` builds (on the writer of the answers) until
    /// its input ends.
    /// - Parameters:
    ///   - command: `serve` or `mcp`, for messages.
    ///   - hint: what to tell a person typing at a terminal.
    ///   - framing: how messages are delimited.
    ///   - make: the handler, given the writer its notifications go through.
    /// - Returns: the handler, once it is done; nil when the streams cannot be set up.
    static func run<Handler: RPCHandler>(
        _ command: String, hint: String, framing: Framing, _ out: Output, _ make: (MessageWriter) -> Handler
    ) -> Handler? {
        out.flush()
        guard let streams = ProtocolStreams.claim() else {
            out.error("sheetlab \(command): cannot set up standard input and output")
            return nil
        }
        if streams.inputIsTerminal { out.error("sheetlab \(command): \(hint)") }
        let writer = MessageWriter(fd: streams.output, framing: framing)
        let handler = make(writer)
        handler.endpoint.serve(handler, input: streams.input, writer: writer)
        return handler
    }
}
