#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole messages to a file descriptor, unbuffered, so that each
/// response reaches the client as soon as it is ready: a line each, or with
/// a `Content-Length` header (`--framing lsp`).
///
/// Confinement: used from the serving thread only.
package final class MessageWriter {
    package let fd: Int32
    package let framing: Framing
    /// Whether a write failed (the client went away); nothing more is written.
    private(set) var failed = false

    /// Writes to `fd` in `framing`.
    package init(fd: Int32, framing: Framing = .line) {
        self.fd = fd
        self.framing = framing
    }

    /// Writes one message (`text` is one line of JSON).
    package func write(_ text: String) {
        guard !failed else { return }
        failed = !Self.writeAll(Self.frame(text, framing), to: fd)
    }

    /// A message's bytes on the wire: the line and its newline, or the
    /// `Content-Length` header, a blank line and the text.
    package static func frame(_ text: String, _ framing: Framing) -> [UInt8] {
        var bytes: [UInt8]
        switch framing {
        case .line:
            bytes = Array(text.utf8)
            bytes.append(0x0A)
        case .lsp:
            bytes = Array("Content-Length: \(text.utf8.count)\r\n\r\n".utf8)
            bytes.append(contentsOf: text.utf8)
        }
        return bytes
    }

    /// Writes all of `bytes` to `fd`, again after an interruption.
    /// - Returns: false if a write failed (the reader went away).
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                    Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                #else
                    Darwin.write(fd, raw.baseAddress! + offset, raw.count - offset)
                #endif
            }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
