#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One message as the input's framing delivers it.
package enum Frame: Equatable, Sendable {
    /// A message's bytes (a line without its newline, or a `Content-Length` body).
    case text([UInt8])
    /// A message over the length limit, skipped as it arrived; its length in bytes.
    case tooLong(Int)
    /// Input that is not in the framing (a header block without a valid
    /// `Content-Length`); reading goes on after it.
    case malformed(String)
}

/// How messages are delimited on the wire (`--framing`).
package enum Framing: String, Sendable, CaseIterable {
    /// One JSON text per line (the default).
    case line
    /// `Content-Length: N` headers and a blank line before each message, as LSP.
    case lsp

    /// A reader of this framing on `fd`.
    package func reader(fd: Int32, limit: Int) -> any FrameReader {
        switch self {
        case .line: LineReader(fd: fd, limit: limit)
        case .lsp: ContentLengthReader(fd: fd, limit: limit)
        }
    }
}

/// Reads one message after another.
package protocol FrameReader: AnyObject {
    /// The next message; nil at the end of the input.
    func next() -> Frame?
}

/// Reads what is available from `fd` (blocking until something is); nil at
/// the end of the input or on an error.
package func readChunk(_ fd: Int32) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 { return Array(chunk[0..<n]) }
        if n < 0, errno == EINTR { continue }
        return nil
    }
}
