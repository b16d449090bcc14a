import Testing

@testable import SheetServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--framing lsp`: Content-Length headers, other headers ignored, bodies
/// over the limit skipped, broken headers reported and read past.
@Suite struct ContentLengthReaderTests {
    func frames(_ input: String, limit: Int = 100) -> [Frame] {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        let bytes = Array(input.utf8)
        precondition(bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == bytes.count)
        close(fds[1])
        defer { close(fds[0]) }
        let reader = ContentLengthReader(fd: fds[0], limit: limit)
        var out: [Frame] = []
        while let frame = reader.next() { out.append(frame) }
        return out
    }

    func text(_ s: String) -> Frame { .text(Array(s.utf8)) }

    @Test func bodies_followTheirHeaders_withOtherHeadersIgnored() {
        let input =
            "Content-Length: 7\r\n\r\n{\"a\":1}"
            + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:2\r\n\r\n[]"
            + "Content-Length: 3\n\n{}\n"
        #expect(frames(input) == [text("{\"a\":1}"), text("[]"), text("{}\n")])
    }

    @Test func aBodyOverTheLimit_isSkipped_andTheNextOneRead() {
        let big = String(repeating: "x", count: 500)
        #expect(frames("Content-Length: 500\r\n\r\n\(big)Content-Length: 2\r\n\r\n{}") == [.tooLong(500), text("{}")])
    }

    @Test func brokenHeaders_areMalformed_andReadingGoesOn() {
        let out = frames(
            "Content-Length: ten\r\n\r\nContent-Type: x\r\n\r\nno colon here\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(out.count == 4)
        #expect(out.prefix(3).allSatisfy { if case .malformed = $0 { true } else { false } })
        #expect(out.last == text("{}"))
    }

    @Test func theInputEndingInsideAMessage_isMalformed() {
        #expect(frames("Content-Length: 10\r\n\r\n{}").count == 1)
        #expect(frames("") == [])
    }
}
