#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads newline-terminated lines from a file descriptor, holding at most
/// about `limit` bytes: a longer line is skipped as it arrives and reported
/// as `.tooLong`, so a hostile client cannot make the server buffer without
/// bound.
package final class LineReader: FrameReader {
    /// What the next line was: `.text` without its newline (and without a
    /// `\r` before it), or `.tooLong` with its length.
    package typealias Line = Frame

    package let fd: Int32
    /// The longest line accepted, in bytes.
    package let limit: Int
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` known to hold no newline.
    private var scanned = 0
    /// Bytes of the overlong line being skipped, if one is.
    private var skipping: Int?
    private var atEnd = false

    /// Reads from `fd`, accepting lines up to `limit` bytes.
    package init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line; nil at the end of the input.
    package func next() -> Line? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                scanned = 0
                if let skipped = skipping {
                    skipping = nil
                    return .tooLong(skipped + line.count)
                }
                if line.count > limit { return .tooLong(line.count) }
                if line.last == 0x0D { line.removeLast() }
                return .text(line)
            }
            scanned = buffer.count
            if skipping != nil {
                skipping! += buffer.count
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            } else if buffer.count > limit {
                skipping = buffer.count
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if atEnd {
                if let skipped = skipping {
                    skipping = nil
                    return .tooLong(skipped)
                }
                guard !buffer.isEmpty else { return nil }
                defer {
                    buffer.removeAll()
                    scanned = 0
                }
                if buffer.last == 0x0D { buffer.removeLast() }
                return .text(buffer)
            }
            fill()
        }
    }

    /// Reads what is available (blocking until something is), or notes the end.
    private func fill() {
        if let chunk = readChunk(fd) { buffer.append(contentsOf: chunk) } else { atEnd = true }
    }
}
