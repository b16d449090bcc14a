import CLibEdit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a terminal with libedit: emacs-style editing, history
/// on the arrow keys (kept in a file), and Tab bound to `complete`.
///
/// libedit's own signal handling is off: Ctrl-C reaches the REPL's SIGINT
/// handler, which is installed without `SA_RESTART`, so `el_gets` returns
/// with `EINTR` and the line is dropped (`.interrupted`).
final class EditLineReader: PromptReader {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    /// What the history file holds, oldest first.
    private var entries: [String] = []
    /// The prompt libedit shows; replaced before each line.
    private var promptText: UnsafeMutablePointer<CChar>
    /// Given the line up to the cursor: what to insert there, and the candidates to list.
    var complete: ((String) -> (insert: String, list: [String]))?

    /// How many entries the history keeps.
    static let historySize: Int32 = 1000

    /// Sets libedit up on the process's standard streams.
    /// - Parameters:
    ///   - program: the name `~/.editrc` rules are matched against.
    ///   - historyPath: the history file (loaded now, saved after each input), or nil for none.
    /// - Returns: nil when libedit cannot start.
    init?(program: String, historyPath: String?) {
        // Streams of its own over the standard descriptors (never closed: that would close 0, 1 and 2).
        guard let input = fdopen(0, "r"), let output = fdopen(1, "w"), let errors = fdopen(2, "w"),
            let editLine = el_init(program, input, output, errors)
        else { return nil }
        guard let history = history_init() else {
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.historyPath = historyPath
        promptText = strdup("> ")
        sl_history_setsize(history, Self.historySize)
        sl_history_setunique(history, 1)
        if let historyPath, let data = FileManager.default.contents(atPath: historyPath) {
            entries = Array(
                HistoryFile.entries(in: String(decoding: data, as: UTF8.self)).suffix(Int(Self.historySize)))
            for entry in entries { sl_history_enter(history, entry) }
        }
        sl_el_set_editor(editLine, "emacs")
        sl_el_set_signal(editLine, 0)
        sl_el_set_history(editLine, history)
        sl_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        sl_el_set_prompt(editLine) { editLine in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return nil }
            return reader.promptText
        }
        sl_el_add_function(editLine, "sheetlab-complete", "Complete a name, a field or a method") { editLine, _ in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.completeAtCursor()
        }
        sl_el_bind(editLine, "^I", "sheetlab-complete")
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptText)
    }

    private static func from(_ editLine: OpaquePointer) -> EditLineReader? {
        guard let data = sl_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    func readLine(prompt: String) -> PromptReadResult {
        free(promptText)
        promptText = strdup(prompt)
        var count: Int32 = 0
        errno = 0
        guard let bytes = el_gets(editLine, &count) else {
            if count == -1 && errno == EINTR {
                Self.writeOut("\n")
                return .interrupted
            }
            return .endOfInput
        }
        var line = String(cString: bytes)
        while let last = line.last, last == "\n" || last == "\r" { line.removeLast() }
        return .line(line)
    }

    /// Adds an input's entries (`HistoryFile.entries(forInput:)`) and saves
    /// the history as plain text, one input per line.
    func addHistory(_ lines: [String]) {
        let added = HistoryFile.entries(forInput: lines)
        guard !added.isEmpty else { return }
        for entry in added where entry != entries.last {
            sl_history_enter(history, entry)
            entries.append(entry)
        }
        if entries.count > Int(Self.historySize) { entries.removeFirst(entries.count - Int(Self.historySize)) }
        if let historyPath {
            try? Data(HistoryFile.text(of: entries).utf8).write(to: URL(fileURLWithPath: historyPath), options: .atomic)
        }
    }

    /// Tab: inserts the candidates' common beginning, or lists them.
    private func completeAtCursor() -> UInt8 {
        guard let info = el_line(editLine), let complete else { return UInt8(CC_ERROR) }
        let length = info.pointee.cursor - info.pointee.buffer
        let before = String(
            decoding: UnsafeRawBufferPointer(start: info.pointee.buffer, count: max(0, length)), as: UTF8.self)
        let (insert, list) = complete(before)
        if !insert.isEmpty {
            el_insertstr(editLine, insert)
            return UInt8(CC_REFRESH)
        }
        guard !list.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        Self.writeOut("\n" + Self.columns(list, width: terminalColumns()) + "\n")
        return UInt8(CC_REDISPLAY)
    }

    /// Writes straight to standard output (libedit flushes its own stream before reading).
    private static func writeOut(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// The candidates in columns, as shells list them.
    static func columns(_ items: [String], width: Int) -> String {
        let cell = (items.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / cell)
        var rows: [String] = []
        var i = 0
        while i < items.count {
            let row = items[i..<min(i + perRow, items.count)]
            rows.append(row.map { $0.padded(to: cell) }.joined().trimmed())
            i += perRow
        }
        return rows.joined(separator: "\n")
    }
}

/// The terminal's width in columns (80 when it cannot be told).
func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
}
