#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole lines to a file descriptor, unbuffered, so that each
/// response reaches the client as soon as it is ready.
final class LineWriter {
    let fd: Int32
    /// Whether a write failed (the client went away); nothing more is written.
    private(set) var failed = false

    /// Writes to `fd`.
    init(fd: Int32) { self.fd = fd }

    /// Writes `text` and a newline.
    func write(_ text: String) {
        guard !failed else { return }
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
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
            if n <= 0 {
                failed = true
                return
            }
            offset += n
        }
    }
}
