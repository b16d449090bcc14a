#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading Lua source files, which scripts may name (`policy(path)`, serve's
/// `load_policy`): regular files only, up to a size limit, never blocking,
/// and without quoting what is not Lua source in syntax errors.
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
        // stat before open: opening a FIFO or a device can block or act.
        var named = stat()
        guard stat(path, &named) == 0 else { throw systemError("cannot open", path) }
        try requireRegular(named, path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw systemError("cannot open", path) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { throw systemError("cannot read", path) }
        try requireRegular(opened, path)  // it may have been replaced since the stat
        let tooLarge = LuaError(
            .io,
            "cannot load \(path): it is larger than the \(LuaError.byteCount(maximumBytes)) a Lua source may have"
                + LuaError.raiseHint(raiseHint))
        guard Int(opened.st_size) <= maximumBytes else { throw tooLarge }
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { readSome(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw systemError("cannot read", path)
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumBytes else { throw tooLarge }
        bytes.removeSubrange(count...)
        return bytes
    }

    static func requireRegular(_ info: stat, _ path: String) throws(LuaError) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        throw LuaError(.io, "cannot load \(path): it is \(kind), not a regular file")
    }

    static func systemError(_ what: String, _ path: String) -> LuaError {
        LuaError(.io, "\(what) \(path): \(String(cString: strerror(errno)))")
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

/// read(2), out of reach of `SourceFile.read`'s name.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
