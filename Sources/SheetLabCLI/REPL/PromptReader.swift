/// What reading a line gave.
enum PromptReadResult: Equatable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C while reading: the line typed so far is dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// Where the REPL's lines come from: a terminal with line editing, or plain standard input.
protocol PromptReader: AnyObject {
    /// Reads one line, showing `prompt` first when the reader shows prompts.
    func readLine(prompt: String) -> PromptReadResult
    /// Remembers an input, given as the lines it was typed on, for the up
    /// arrow (and the history file).
    func addHistory(_ lines: [String])
}

/// Reads standard input line by line, with no prompt and no escape codes:
/// for `echo 'swipe()' | sheetlab repl` and other pipes.
final class PlainPromptReader: PromptReader {
    func readLine(prompt: String) -> PromptReadResult {
        guard var line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        if line.hasSuffix("\r") { line.removeLast() }
        return .line(line)
    }

    func addHistory(_ lines: [String]) {}
}
