import LuaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input and output claimed for a protocol (`serve`, `mcp`):
/// private copies of descriptors 0 and 1 carry the messages, descriptor 1
/// becomes standard error and descriptor 0 `/dev/null`, so a stray print
/// cannot corrupt the stream and a script that reads `/dev/stdin` (a policy
/// path) cannot eat the requests. Diagnostics go to standard error.
package struct ProtocolStreams {
    /// Where messages are read.
    package let input: Int32
    /// Where messages are written.
    package let output: Int32

    /// Claims the streams; nil when the descriptors cannot be set up.
    package static func claim() -> ProtocolStreams? {
        let input = dup(0)
        let output = dup(1)
        let null = open("/dev/null", O_RDONLY)
        guard input >= 0, output >= 0, null >= 0, dup2(2, 1) >= 0, dup2(null, 0) >= 0 else { return nil }
        close(null)
        signal(SIGPIPE, SIG_IGN)
        return ProtocolStreams(input: input, output: output)
    }

    /// Whether a person is typing the input (a hint goes to standard error then).
    package var inputIsTerminal: Bool { isatty(input) == 1 }

    /// Reads messages on a thread of their own, so that a cancel takes
    /// effect as soon as it is read, while the request it cancels runs.
    /// - Parameters:
    ///   - reader: the framing's reader of `input`.
    ///   - queue: where the other messages go, numbered by `control`.
    ///   - cancel: the protocol's cancel notification.
    ///   - control: the running request's cancellation.
    package static func startReading(
        _ reader: any FrameReader, into queue: MessageQueue, cancel: CancelNotification, _ control: RequestControl
    ) {
        // The reader is used by the new thread only, from here on.
        nonisolated(unsafe) let reader = reader
        startDetachedThread {
            while let frame = reader.next() {
                if case .text(let bytes) = frame, let id = cancel.id(in: bytes) {
                    control.cancel(id)
                    continue
                }
                queue.push(MessageQueue.Item(frame: frame, number: control.messageRead()))
            }
            queue.finish()
        }
    }
}

/// CPU time of the calling thread, in ns: what request budgets are measured in.
package func threadCPUNanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}
