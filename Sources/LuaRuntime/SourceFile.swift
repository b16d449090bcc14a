#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading Lua source files, which scripts may name (`policy(path)`, serve's
/// `load_policy`): regular files only, up to a size limit, never blocking,
/// from where they may be read, and without quoting what is not Lua source
/// in syntax errors. The file is read by `ConfinedFile`: opened first, and
/// every check made on what was opened, so a name cannot be swapped between
/// a check and the read.
///
/// - A FIFO, a device (`/dev/zero`, `/dev/stdin`), a socket or a directory
///   is refused before it is read: opening a FIFO can block forever, a
///   device can be endless, and a CPU budget sees neither.
/// - A file over the limit (`LuaLimits.maximumSourceBytes`, 1 MiB by
///   default) is refused from its size, so a 1 GiB sparse file costs
///   nothing; at most limit + 1 bytes are read in case it grows meanwhile.
public enum SourceFile {
    /// Reads a source file.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - maximumBytes: the largest file accepted.
    ///   - raiseHint: how to raise the limit, for the message (`--max-source`).
    /// - Returns: the file's bytes.
    /// - Throws: `.io`: `cannot open PATH: No such file or directory`,
    ///   `cannot load PATH: it is a FIFO, not a regular file`, `cannot load
    ///   PATH: it is larger than the 1 MiB a Lua source may have (raise it
    ///   with --max-source)`.
    public static func read(_ path: String, maximumBytes: Int, raiseHint: String = "") throws(LuaError) -> [UInt8] {
        try read(path, within: nil, maximumBytes: maximumBytes, raiseHint: raiseHint).bytes
    }

    /// Reads a source file if the file opened lies within `roots`
    /// (`ConfinedFile.read(_:within:maximumBytes:)`).
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - roots: real paths of the folders (and below) or files it may be
    ///     read from; nil: anywhere.
    ///   - maximumBytes: the largest file accepted.
    ///   - raiseHint: how to raise the limit, for the message (`--max-source`).
    /// - Returns: the file: its bytes and where it really is.
    /// - Throws: `.io`, as `read(_:maximumBytes:raiseHint:)`, and `cannot
    ///   load PATH: it lies outside the folders it may be read from`.
    public static func read(_ path: String, within roots: [String]?, maximumBytes: Int, raiseHint: String = "")
        throws(LuaError) -> ConfinedFile
    {
        do throws(ConfinedFile.Refusal) {
            return try ConfinedFile.read(path, within: roots, maximumBytes: maximumBytes)
        } catch {
            throw self.error(error, path: path, raiseHint: raiseHint)
        }
    }

    /// What a refused source file is, as `LuaError.io`: the messages above.
    /// - Parameters:
    ///   - refusal: why `ConfinedFile` did not read it.
    ///   - path: the file as named.
    ///   - raiseHint: how to raise the size limit (`--max-source`).
    public static func error(_ refusal: ConfinedFile.Refusal, path: String, raiseHint: String = "") -> LuaError {
        switch refusal {
        case .cannotOpen: return LuaError(.io, "cannot open \(path): \(refusal.reason)")
        case .cannotRead: return LuaError(.io, "cannot read \(path): \(refusal.reason)")
        case .tooLarge(let limit):
            return LuaError(
                .io,
                "cannot load \(path): it is larger than the \(LuaError.byteCount(limit)) a Lua source may have"
                    + LuaError.raiseHint(raiseHint))
        case .notRegular, .outside, .unverifiable: return LuaError(.io, "cannot load \(path): \(refusal.reason)")
        }
    }

    // MARK: What a syntax error may quote

    /// The longest token a syntax error in a file quotes.
    static let maximumQuotedToken = 40

    /// A syntax error in a file, with the file's text left out when it may
    /// not be Lua source: Lua quotes the token it stopped at (`near
    /// 'TOKEN'`), which for a file that is not Lua (`/etc/machine-id`) is
    /// its content. Quoted are Lua's keywords, operators and `<eof>`, which
    /// carry no content; other tokens (names, numbers, strings) only past
    /// the line of the file's first token (the file parsed as Lua that far)
    /// and only when printable ASCII of at most `maximumQuotedToken` bytes.
    static func withoutUnquotableText(_ error: LuaError, source: [UInt8]) -> LuaError {
        guard error.kind == .syntax, let near = error.message.firstRange(of: " near ") else { return error }
        let token = error.message[near.upperBound...]
        if token == "<eof>" || isLuaSymbol(token) { return error }
        let pastFirstLine = (error.line ?? 0) > firstTokenLine(source)
        let printable = token.utf8.allSatisfy { (0x20...0x7E).contains($0) }
        if pastFirstLine && printable && token.utf8.count <= maximumQuotedToken + 2 { return error }
        var quiet = error
        quiet.message =
            String(error.message[..<near.lowerBound])
            + (pastFirstLine
                ? " (the token is not quoted)"
                : " (the file's text is not quoted: it does not parse as Lua from its first line)")
        return quiet
    }

    /// `'end'`, `'{'`, `'=='`, `'..'`: a quoted keyword or operator.
    static func isLuaSymbol(_ token: Substring) -> Bool {
        guard token.count >= 3, token.first == "'", token.last == "'" else { return false }
        let inner = token.dropFirst().dropLast()
        if LuaSyntax.isKeyword(inner) { return true }
        return inner.count <= 3 && inner.utf8.allSatisfy { "+-*/%^#&~|<>=(){}[];:,.".utf8.contains($0) }
    }

    /// The line of the first token: past whitespace and comments.
    static func firstTokenLine(_ source: [UInt8]) -> Int {
        var line = 1
        var i = 0
        func at(_ offset: Int) -> UInt8? { i + offset < source.count ? source[i + offset] : nil }
        while i < source.count {
            let byte = source[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                i += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                i += 1
            } else if byte == UInt8(ascii: "-"), at(1) == UInt8(ascii: "-") {
                i += 2
                if let close = longBracketClose(source, at: i) {
                    while i < source.count && !source[i...].starts(with: close) {
                        if source[i] == UInt8(ascii: "\n") { line += 1 }
                        i += 1
                    }
                    i += close.count
                } else {
                    while i < source.count && source[i] != UInt8(ascii: "\n") { i += 1 }
                }
            } else {
                return line
            }
        }
        return line
    }

    /// For `[[` or `[==[` at `start`, the bracket that closes it.
    static func longBracketClose(_ source: [UInt8], at start: Int) -> [UInt8]? {
        guard start < source.count, source[start] == UInt8(ascii: "[") else { return nil }
        var level = 0
        var i = start + 1
        while i < source.count && source[i] == UInt8(ascii: "=") {
            level += 1
            i += 1
        }
        guard i < source.count, source[i] == UInt8(ascii: "[") else { return nil }
        return [UInt8(ascii: "]")] + [UInt8](repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
    }
}
