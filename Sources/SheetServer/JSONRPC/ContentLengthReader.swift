/// Reads messages framed as the Language Server Protocol frames them
/// (`--framing lsp`): a header block of `Name: value` lines ending with a
/// blank line (`\r\n`; a bare `\n` is accepted too), then exactly
/// `Content-Length` bytes of body. Other headers (`Content-Type`) are
/// ignored.
///
/// Holds at most about `limit` bytes: a body over the limit is skipped as
/// it arrives and reported as `.tooLong`; a header block without a valid
/// `Content-Length`, or longer than `maximumHeaderBytes`, is `.malformed`
/// and reading goes on after it.
package final class ContentLengthReader: FrameReader {
    /// The longest header block accepted, in bytes.
    package static let maximumHeaderBytes = 8192

    package let fd: Int32
    /// The longest body accepted, in bytes.
    package let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Reads from `fd`, accepting bodies up to `limit` bytes.
    package init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    package func next() -> Frame? {
        // Blank lines between messages are skipped.
        while true {
            guard let header = headerBlock() else { return nil }
            switch header {
            case .failure(let problem):
                return .malformed(problem.text)
            case .success(let lines) where lines.isEmpty:
                continue
            case .success(let lines):
                return body(lines)
            }
        }
    }

    /// The header lines up to the blank line; empty for a lone blank line;
    /// nil at the end of the input.
    private func headerBlock() -> Result<[String], HeaderProblem>? {
        var lines: [String] = []
        var length = 0
        while true {
            guard let line = nextLine() else {
                return lines.isEmpty ? nil : .failure(HeaderProblem("the input ended inside a header"))
            }
            length += line.count + 1
            if line.isEmpty { return .success(lines) }
            if length > ContentLengthReader.maximumHeaderBytes {
                skipToBlankLine()
                return .failure(
                    HeaderProblem("a header block longer than \(ContentLengthReader.maximumHeaderBytes) bytes"))
            }
            lines.append(String(decoding: line, as: UTF8.self))
        }
    }

    private func body(_ header: [String]) -> Frame {
        var length: Int?
        for line in header {
            guard let colon = line.firstIndex(of: ":") else {
                return .malformed("a header line without ':' (\(quoted(line)))")
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            guard name == "content-length" else { continue }
            guard let n = Int(line[line.index(after: colon)...].trimmingSpaces), n >= 0 else {
                return .malformed("Content-Length is not a number (\(quoted(line)))")
            }
            length = n
        }
        guard let length else { return .malformed("a header without Content-Length") }
        if length > limit {
            skip(length)
            return .tooLong(length)
        }
        guard fillTo(length) else {
            start = buffer.count
            return .malformed("the input ended inside a message")
        }
        defer { start += length }
        return .text(Array(buffer[start..<(start + length)]))
    }

    private func quoted(_ line: String) -> String {
        // The message goes out as a JSON string: control characters are escaped there.
        "'" + String(line.prefix(80)) + "'"
    }

    // MARK: Bytes

    /// The next line without `\n` (and a `\r` before it); nil at the end.
    private func nextLine() -> ArraySlice<UInt8>? {
        var scanned = 0  // bytes after `start` known to hold no newline (`fill` moves `start`)
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                start = newline + 1
                if line.last == 0x0D { line = line.dropLast() }
                return line
            }
            scanned = buffer.count - start
            // A line longer than a header block can be is cut there; the caller reports it.
            if buffer.count - start > ContentLengthReader.maximumHeaderBytes {
                let line = buffer[start..<buffer.count]
                start = buffer.count
                return line
            }
            guard fill() else {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return buffer[start...]
            }
        }
    }

    private func skipToBlankLine() {
        while let line = nextLine(), !line.isEmpty {}
    }

    /// Reads until `count` bytes from `start` are buffered; false if the input ends first.
    private func fillTo(_ count: Int) -> Bool {
        while buffer.count - start < count { guard fill() else { return false } }
        return true
    }

    /// Drops `count` bytes of input, holding none of them for long.
    private func skip(_ count: Int) {
        var left = count
        while true {
            let here = min(left, buffer.count - start)
            start += here
            left -= here
            if left == 0 { return }
            guard fill() else { return }
        }
    }

    /// Reads more input, first dropping what was consumed; false at the end.
    private func fill() -> Bool {
        if start > 0 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        guard !atEnd, let chunk = readChunk(fd) else {
            atEnd = true
            return false
        }
        buffer.append(contentsOf: chunk)
        return true
    }

    private struct HeaderProblem: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
