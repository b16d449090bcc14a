import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the REPL keeps its history: `$XDG_STATE_HOME/sheetlab/history`,
/// or `~/.local/state/sheetlab/history` when `XDG_STATE_HOME` is unset,
/// empty or relative (as the XDG base directory specification says).
enum HistoryFile {
    /// The history file's path, or nil when neither variable gives a folder.
    /// - Parameter environment: the process environment.
    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/sheetlab/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/sheetlab/history"
    }

    /// The entries a history file holds, oldest first: plain text, one
    /// input per line. A file libedit wrote (`_HiStOrY_V2_`, `\040` for a
    /// space) is read too, so an older history is not lost.
    static func entries(in text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.first == "_HiStOrY_V2_" else { return lines }
        lines.removeFirst()
        return lines.map(unescapeOctal)
    }

    /// The file's text for `entries`: one per line.
    static func text(of entries: [String]) -> String {
        entries.map { $0 + "\n" }.joined()
    }

    /// What the history keeps of an input typed over several lines: one
    /// line, so the up arrow recalls the block whole, when joining its
    /// lines with spaces means the same Lua (no `--` comment, long bracket
    /// or `\` line end, which a newline ends or is part of); else each line.
    static func entries(forInput lines: [String]) -> [String] {
        let kept = lines.filter { !$0.trimmed().isEmpty }
        guard kept.count > 1 else { return kept }
        let joinable = !kept.contains {
            $0.contains("--") || $0.contains("[[") || $0.contains("[=") || $0.hasSuffix("\\")
        }
        guard joinable else { return kept }
        return [kept.map { $0.trimmed() }.joined(separator: " ")]
    }

    /// libedit's `strvis` octal escapes (`\040`) decoded; other text as it is.
    private static func unescapeOctal(_ line: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(line.utf8)
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "\\"), let value = octal(source, at: i + 1) {
                bytes.append(value)
                i += 4
            } else {
                bytes.append(source[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func octal(_ bytes: [UInt8], at start: Int) -> UInt8? {
        guard start + 3 <= bytes.count else { return nil }
        var value = 0
        for b in bytes[start..<start + 3] {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(b - UInt8(ascii: "0"))
        }
        return value < 256 ? UInt8(value) : nil
    }

    /// Creates the file's folder (owner-only) if needed.
    /// - Returns: whether the folder exists now.
    static func prepareFolder(of path: String) -> Bool {
        let folder = PathName.directory(of: path)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }
}
