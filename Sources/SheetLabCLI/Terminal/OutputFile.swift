import LuaRuntime
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing the files commands produce (`run --out`, `check --out`, the
/// REPL's `:save` and `:timeline`, `test --record`'s snapshots): the one
/// place they are written.
///
/// A regular file (or a path where nothing is yet) is replaced atomically:
/// the text goes to a temporary file in the same folder, renamed over the
/// path, so a reader never sees half a file. Anything else the path names
/// is written through and never replaced: a symbolic link writes its
/// target (the link stays a link), a character device such as `/dev/null`
/// or a terminal gets the bytes, a FIFO gets them when a reader is there
/// (opening never blocks: no reader is an error). A directory, a block
/// device or a socket is refused. A snapshot (`writeRegularFile`) is only
/// ever a regular file: nothing else at its name is written through.
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
                throw WriteError(
                    path, reason: "it is \(FileSystem.node(at: path)?.type.description ?? "a file"), not a folder")
            }
            return
        }
        let parent = PathName.directory(of: path)
        if parent != path, parent != "." { try makeFolder(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw WriteError(path, errno: errno) }
    }

    /// Writes `text` as the regular file `path`, never through anything
    /// else (a timeline snapshot): a temporary file in the same folder,
    /// renamed over the name. A symbolic link (dangling or not), a FIFO, a
    /// device or a folder at the name is refused, and neither written
    /// through nor replaced; one that appears while the file is written is
    /// replaced by the rename (its target is never written).
    /// - Throws: `WriteError`: `it is a symbolic link, not a regular file
    ///   (not written through)`, or the system's reason.
    static func writeRegularFile(_ text: String, to path: String) throws(WriteError) {
        let (folder, name) = try parts(of: path)
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw WriteError(path, errno: errno) }
        defer { close(directory) }
        var info = stat()
        var mode: mode_t?
        if fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                let kind = ConfinedFile.Kind(mode: info.st_mode)
                throw WriteError(path, reason: "it is \(kind), not a regular file (not written through)")
            }
            mode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            throw WriteError(path, errno: errno)
        }
        try replace(name, in: directory, with: text, mode: mode, path: path)
    }

    /// A path's folder and its last part (`a/b.txt`: `a`, `b.txt`).
    private static func parts(of path: String) throws(WriteError) -> (folder: String, name: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw WriteError(path, errno: EISDIR) }
        return (PathName.directory(of: path), name)
    }

    /// A regular file or a new one: a temporary file renamed over `path`.
    private static func replace(_ path: String, with text: String, mode: mode_t?) throws(WriteError) {
        let (folder, name) = try parts(of: path)
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw WriteError(path, errno: errno) }
        defer { close(directory) }
        try replace(name, in: directory, with: text, mode: mode, path: path)
    }

    /// Writes `text` to a new temporary file in the open folder `directory`
    /// (created exclusively, never through a link), then renames it over
    /// `name` there: both calls name the folder by its descriptor, so a
    /// folder swapped meanwhile cannot redirect them.
    /// - Parameters:
    ///   - mode: the permissions to keep (the replaced file's); nil: a new file's.
    ///   - path: the path, for messages.
    private static func replace(_ name: String, in directory: Int32, with text: String, mode: mode_t?, path: String)
        throws(WriteError)
    {
        var temporary = ""
        var fd: Int32 = -1
        var random = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let suffix = String((0..<8).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
            temporary = "." + name + ".sheetlab-" + suffix
            // 0666 less the umask, as any new file gets.
            fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw WriteError(path, errno: errno) }
        var ok = false
        defer { if !ok { unlinkat(directory, temporary, 0) } }
        if let mode { fchmod(fd, mode) }
        do throws(WriteError) {
            try writeAll(fd, text, path: path)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw WriteError(path, errno: errno) }
        guard renameat(directory, temporary, directory, name) == 0 else { throw WriteError(path, errno: errno) }
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
