#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing the files commands produce (`run --out`, `check --out`, the
/// REPL's `:save` and `:timeline`): the one place they are written.
///
/// A regular file (or a path where nothing is yet) is replaced atomically:
/// the text goes to a temporary file in the same folder, renamed over the
/// path, so a reader never sees half a file. Anything else the path names
/// is written through and never replaced: a symbolic link writes its
/// target (the link stays a link), a character device such as `/dev/null`
/// or a terminal gets the bytes, a FIFO gets them when a reader is there
/// (opening never blocks: no reader is an error). A directory, a block
/// device or a socket is refused.
enum OutputFile {
    /// A file that could not be written: the path and the system's reason.
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        /// `strerror` of the failing call, with a hint where one helps.
        var reason: String

        init(_ path: String, errno code: Int32, hint: String? = nil) {
            self.path = path
            reason = String(cString: strerror(code)) + (hint.map { " (\($0))" } ?? "")
        }

        init(_ path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `cannot write PATH: No such file or directory`.
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path` as described above.
    /// - Throws: `WriteError` with the system's message.
    static func write(_ text: String, to path: String) throws(WriteError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw WriteError(path, errno: errno) }
            return try replace(path, with: text, mode: nil)
        }
        if (info.st_mode & S_IFMT) == S_IFREG { return try replace(path, with: text, mode: info.st_mode & 0o7777) }
        try writeThrough(path, text)
    }

    /// Makes the folder `path` and the folders above it that are missing
    /// (`mkdir -p`); one that is there is left as it is.
    /// - Throws: `WriteError`: `F is a file, not a folder` when something
    ///   other than a folder is in the way, or the system's reason.
    static func makeFolder(_ path: String) throws(WriteError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw WriteError(path, reason: "it is \(FileSystem.node(at: path)?.type.description ?? "a file"), not a folder")
            }
            return
        }
        let parent = PathName.directory(of: path)
        if parent != path, parent != "." { try makeFolder(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw WriteError(path, errno: errno) }
    }

    /// A regular file or a new one: a temporary file renamed over `path`.
    private static func replace(_ path: String, with text: String, mode: mode_t?) throws(WriteError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".sheetlab-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path, errno: errno) }
        let temporary = String(cString: template)
        var ok = false
        defer { if !ok { unlink(temporary) } }
        // mkstemp makes 0600; give the file the mode it had, or what a new file gets.
        let umaskNow = umask(0)
        umask(umaskNow)
        fchmod(fd, mode ?? (0o666 & ~umaskNow))
        do throws(WriteError) {
            try writeAll(fd, text, path: path)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw WriteError(path, errno: errno) }
        guard rename(temporary, path) == 0 else { throw WriteError(path, errno: errno) }
        ok = true
    }

    /// What a link, a device or a FIFO names, opened for writing without replacing it.
    private static func writeThrough(_ path: String, _ text: String) throws(WriteError) {
        // O_NONBLOCK: opening a FIFO with no reader fails (ENXIO) instead of waiting.
        // O_CREAT: a dangling link creates its target, as a shell's `>` does.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_CREAT, 0o666)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            let isFIFO = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
            throw WriteError(path, errno: code, hint: isFIFO && code == ENXIO ? "a FIFO with no reader" : nil)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw WriteError(path, errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard ftruncate(fd, 0) == 0 else { throw WriteError(path, errno: errno) }
        case S_IFCHR, S_IFIFO:
            // Blocking writes from here on: a full pipe waits for its reader.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        default:
            throw WriteError(path, reason: "not a regular file, a character device or a FIFO")
        }
        try writeAll(fd, text, path: path)
    }

    private static func writeAll(_ fd: Int32, _ text: String, path: String) throws(WriteError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw WriteError(path, errno: errno) }
            offset += n
        }
    }
}
