import SheetServer

extension DebugAdapter {
    /// The longest message accepted, in bytes.
    package static let maximumMessageBytes = 16 << 20

    /// Serves DAP messages read from `input` until the client disconnects or
    /// the input ends; a run still going is ended then. A message that is
    /// not a request gets an error response and the session goes on.
    package func serve(input: Int32) {
        let reader = ContentLengthReader(fd: input, limit: Self.maximumMessageBytes)
        while !hasEnded, let frame = reader.next() {
            switch frame {
            case .text(let bytes):
                do throws(DAPRequest.Problem) {
                    handle(try DAPRequest.parse(bytes))
                } catch {
                    output.fail(seq: error.seq, command: error.command, error.message)
                }
            case .tooLong(let length):
                output.fail(
                    seq: 0, command: "",
                    "a message of \(length) bytes is longer than the \(Self.maximumMessageBytes) accepted")
            case .malformed(let problem):
                output.fail(seq: 0, command: "", "a malformed message: \(problem)")
            }
        }
        shutdown()
    }
}
