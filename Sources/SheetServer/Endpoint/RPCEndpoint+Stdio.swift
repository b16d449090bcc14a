/// The stdio loop: one thread reads messages (acting on cancels at once),
/// this one handles them in order and writes each answer.
extension RPCEndpoint {
    /// Serves `handler` until its input ends, a write fails (the client went
    /// away) or the handler has ended (serve's `exit`).
    /// - Parameters:
    ///   - handler: the protocol; its `endpoint` is this one.
    ///   - input: where messages are read, in this endpoint's framing.
    ///   - writer: where answers go (the handler's notifications too).
    package func serve(_ handler: some RPCHandler, input: Int32, writer: MessageWriter) {
        // Room for two messages at the longest, and never less than 16 MiB.
        let queue = MessageQueue(capacity: max(16 << 20, 2 * limits.maximumMessageBytes))
        ProtocolStreams.startReading(
            framing.reader(fd: input, limit: limits.maximumMessageBytes), into: queue,
            cancel: handler.cancelNotification, control)
        while !writer.failed, let item = queue.pop() {
            if let answer = handler.handle(item.frame, message: item.number) { writer.write(answer) }
            if handler.hasEnded { return }
        }
    }
}
