import Testing

@testable import SheetServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines from a descriptor: CRLF, a last line without a newline, and lines
/// over the limit skipped without being held.
@Suite struct LineReaderTests {
    /// Every line `LineReader` reads from a pipe holding `input`.
    func lines(_ input: [UInt8], limit: Int) -> [LineReader.Line] {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        let written = input.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        precondition(written == input.count)
        close(fds[1])
        defer { close(fds[0]) }
        let reader = LineReader(fd: fds[0], limit: limit)
        var out: [LineReader.Line] = []
        while let line = reader.next() { out.append(line) }
        return out
    }

    func text(_ s: String) -> LineReader.Line { .text(Array(s.utf8)) }

    @Test func lines_crlf_andALastLineWithoutNewline() {
        #expect(lines(Array("a\r\nbc\n\nlast".utf8), limit: 100) == [text("a"), text("bc"), text(""), text("last")])
        #expect(lines([], limit: 100) == [])
    }

    @Test func longLines_areSkipped_andTheNextLineIsRead() {
        let input = "ok\n" + String(repeating: "x", count: 50) + "\nafter\n" + String(repeating: "y", count: 11)
        #expect(lines(Array(input.utf8), limit: 10) == [text("ok"), .tooLong(50), text("after"), .tooLong(11)])
        #expect(lines(Array("0123456789\n".utf8), limit: 10) == [text("0123456789")], "exactly the limit is fine")
    }

    @Test func aLongLineAcrossManyReads_isCountedWhole() {
        let input = String(repeating: "z", count: 40_000) + "\nnext\n"
        #expect(lines(Array(input.utf8), limit: 1_000) == [.tooLong(40_000), text("next")])
    }
}
