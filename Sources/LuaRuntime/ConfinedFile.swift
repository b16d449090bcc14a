#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file read by opening it first and checking what was opened:
/// the one reader for files a script, a client or a folder's contents name
/// (policies, set-ups, scenarios, timeline snapshots, `mcp` resources).
///
/// A check made on a name and an open made later on the same name can be
/// raced: the name can lead elsewhere in between (a symbolic link swapped
/// for a file, a folder for a link). So nothing here checks a name. The
/// file is opened once, and every check is made on the descriptor:
///
/// - its kind and size by `fstat`, so a FIFO, a device, a socket or a
///   folder is refused without being read, and a sparse file over the limit
///   costs nothing; at most `maximumBytes + 1` bytes are read, in case it
///   grows meanwhile;
/// - where it is, by the descriptor's own path (Linux: the link
///   `/proc/self/fd/N`; macOS: `fcntl(F_GETPATH)`), against the roots.
///
/// On Linux the first open is `O_PATH`: it follows links but opens nothing,
/// so a FIFO cannot block and a device is never opened; the file is opened
/// for reading through `/proc/self/fd/N`, which is the same file whatever
/// its name leads to by then. On macOS (no `O_PATH`) the name is `stat`ed
/// first and opened with `O_NONBLOCK`; a race there can at worst open a
/// special file, never read one. Without `/proc` (Linux), a read within
/// roots is refused: where the file is cannot be known.
public struct ConfinedFile: Sendable, Equatable {
    /// The path as it was named.
    public var path: String
    /// Where the file that was read is (the descriptor's path): absolute,
    /// with links and `..` resolved.
    public var realPath: String
    /// Its bytes.
    public var bytes: [UInt8]

    /// What is at a path when it is not a regular file.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        case directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other

        /// The kind of a file of this `st_mode`.
        public init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            case S_IFLNK: self = .symbolicLink
            default: self = .other
            }
        }

        /// `a FIFO`, `a symbolic link`: for messages.
        public var description: String {
            switch self {
            case .directory: return "a directory"
            case .fifo: return "a FIFO"
            case .characterDevice: return "a character device"
            case .blockDevice: return "a block device"
            case .socket: return "a socket"
            case .symbolicLink: return "a symbolic link"
            case .other: return "not a file"
            }
        }
    }

    /// Why a file was not read.
    public enum Refusal: Error, Sendable, Equatable {
        /// Opening failed (`errno`: `ENOENT`, `EACCES`, ...).
        case cannotOpen(errno: Int32)
        /// Reading (or `fstat`) failed.
        case cannotRead(errno: Int32)
        /// It is not a regular file; nothing was read.
        case notRegular(Kind)
        /// It is larger than the limit; nothing past the limit was read.
        case tooLarge(maximumBytes: Int)
        /// It lies outside every root: where it really is.
        case outside(realPath: String)
        /// Where the opened file is could not be read (no `/proc`), so roots cannot be checked.
        case unverifiable

        /// Whether nothing is at the path (or a link there dangles).
        public var isMissing: Bool { self == .cannotOpen(errno: ENOENT) }

        /// The system's reason (`No such file or directory`), or what was refused.
        public var reason: String {
            switch self {
            case .cannotOpen(let code), .cannotRead(let code): return String(cString: strerror(code))
            case .notRegular(let kind): return "it is \(kind), not a regular file"
            case .tooLarge(let limit): return "it is larger than \(LuaError.byteCount(limit))"
            case .outside: return "it lies outside the folders it may be read from"
            case .unverifiable: return "where it leads cannot be checked (/proc/self/fd is not available)"
            }
        }
    }

    /// Reads a regular file, following symbolic links, if what was opened
    /// lies within one of `roots`.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - roots: real paths (absolute, links resolved, as `realPath(of:)`
    ///     gives them) of folders, whose files below may be read, or of
    ///     files; nil: anywhere.
    ///   - maximumBytes: the largest file accepted.
    /// - Returns: the file, with where it really is.
    /// - Throws: `Refusal`.
    public static func read(_ path: String, within roots: [String]? = nil, maximumBytes: Int) throws(Refusal)
        -> ConfinedFile
    {
        let probe = try Descriptor.openFollowing(path)
        defer { probe.close() }
        return try read(probe, path: path, within: roots, maximumBytes: maximumBytes)
    }

    /// Reads the regular file `name` in `folder` itself: a symbolic link
    /// there is refused (`.notRegular(.symbolicLink)`), never followed,
    /// and so is a name with a `/` in it.
    ///
    /// - Parameters:
    ///   - name: the file's name in the folder.
    ///   - folder: the folder (its own path may go through links).
    ///   - maximumBytes: the largest file accepted.
    /// - Throws: `Refusal`; `.cannotOpen(ENOENT)` when nothing is there.
    public static func read(named name: String, inFolder folder: String, maximumBytes: Int) throws(Refusal)
        -> ConfinedFile
    {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw .cannotOpen(errno: EINVAL)
        }
        let directory = try Descriptor.openFolder(folder)
        defer { directory.close() }
        let probe = try Descriptor.openNotFollowing(name, in: directory)
        defer { probe.close() }
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        return try read(probe, path: path, within: nil, maximumBytes: maximumBytes)
    }

    /// The absolute path with symbolic links and `..` resolved, or nil when nothing is there.
    public static func realPath(of path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether the real path `path` is `place` or below it (both resolved).
    public static func isWithin(_ path: String, _ place: String) -> Bool {
        path == place || place == "/" || path.hasPrefix(place + "/")
    }

    // MARK: Internals

    private static func read(_ probe: Descriptor, path: String, within roots: [String]?, maximumBytes: Int)
        throws(Refusal) -> ConfinedFile
    {
        // Where it is first: of a file outside, nothing more is told (its kind, its size).
        let located = probe.location()
        if let roots, let located, !roots.contains(where: { isWithin(located, $0) }) {
            throw .outside(realPath: located)
        }
        var info = stat()
        guard fstat(probe.fd, &info) == 0 else { throw .cannotRead(errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(Kind(mode: info.st_mode)) }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(maximumBytes: maximumBytes) }
        // A pipe or a socket has no path (`pipe:[N]`) and was refused above; a file should.
        if roots != nil, located == nil { throw .unverifiable }
        let reading = try probe.reopenForReading()
        defer { if reading.fd != probe.fd { reading.close() } }
        var opened = stat()
        guard fstat(reading.fd, &opened) == 0 else { throw .cannotRead(errno: errno) }
        // The same file the checks were made on (the magic link cannot lead
        // elsewhere; this keeps it so should that ever change).
        guard opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else { throw .cannotOpen(errno: ESTALE) }
        let bytes = try reading.readAll(expected: Int(opened.st_size), maximumBytes: maximumBytes)
        return ConfinedFile(path: path, realPath: located ?? path, bytes: bytes)
    }
}

/// A file descriptor, with the few calls the reader makes on it.
private struct Descriptor {
    var fd: Int32

    func close() {
        _ = closeDescriptor(fd)
    }

    #if os(Linux)
        /// `O_PATH` (not exported to Swift): a descriptor that opens nothing.
        static let pathOnly: Int32 = 0o10_000_000

        static func openFollowing(_ path: String) throws(ConfinedFile.Refusal) -> Descriptor {
            let fd = open(path, pathOnly | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(errno: errno) }
            return Descriptor(fd: fd)
        }

        static func openFolder(_ path: String) throws(ConfinedFile.Refusal) -> Descriptor {
            let fd = open(path, pathOnly | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(errno: errno) }
            return Descriptor(fd: fd)
        }

        static func openNotFollowing(_ name: String, in folder: Descriptor) throws(ConfinedFile.Refusal)
            -> Descriptor
        {
            // O_PATH | O_NOFOLLOW on a link gives the link itself, which fstat reports.
            let fd = openat(folder.fd, name, pathOnly | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(errno: errno) }
            return Descriptor(fd: fd)
        }

        /// Where the open file is: the link `/proc/self/fd/N`.
        func location() -> String? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
            guard count > 0, buffer[0] == CChar(UInt8(ascii: "/")) else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// The same file, opened for reading through its descriptor (never by name).
        func reopenForReading() throws(ConfinedFile.Refusal) -> Descriptor {
            let reading = open("/proc/self/fd/\(fd)", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard reading >= 0 else { throw .cannotOpen(errno: errno) }
            return Descriptor(fd: reading)
        }
    #else
        static func openFollowing(_ path: String) throws(ConfinedFile.Refusal) -> Descriptor {
            // stat before open: opening a FIFO or a device can block or act.
            var info = stat()
            guard stat(path, &info) == 0 else { throw .cannotOpen(errno: errno) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(ConfinedFile.Kind(mode: info.st_mode)) }
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(errno: errno) }
            return Descriptor(fd: fd)
        }

        static func openFolder(_ path: String) throws(ConfinedFile.Refusal) -> Descriptor {
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(errno: errno) }
            return Descriptor(fd: fd)
        }

        static func openNotFollowing(_ name: String, in folder: Descriptor) throws(ConfinedFile.Refusal)
            -> Descriptor
        {
            var info = stat()
            guard fstatat(folder.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .cannotOpen(errno: errno) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(ConfinedFile.Kind(mode: info.st_mode)) }
            let fd = openat(folder.fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else {
                throw errno == ELOOP ? .notRegular(.symbolicLink) : .cannotOpen(errno: errno)
            }
            return Descriptor(fd: fd)
        }

        func location() -> String? {
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
            guard fcntl(fd, F_GETPATH, &buffer) == 0 else { return nil }
            return String(cString: buffer)
        }

        func reopenForReading() throws(ConfinedFile.Refusal) -> Descriptor { self }
    #endif

    /// Reads to the end, at most `maximumBytes + 1` bytes.
    /// - Throws: `.tooLarge` past the limit, `.cannotRead` with the system's error.
    func readAll(expected: Int, maximumBytes: Int) throws(ConfinedFile.Refusal) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(max(expected, 0), maximumBytes) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maximumBytes else { throw .tooLarge(maximumBytes: maximumBytes) }
                // It grew since fstat: room for more, up to the limit + 1.
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumBytes + 1 - bytes.count))
            }
            let got = bytes.withUnsafeMutableBytes { readSome(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(errno: errno)
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumBytes else { throw .tooLarge(maximumBytes: maximumBytes) }
        bytes.removeSubrange(count...)
        return bytes
    }
}

/// read(2) and close(2), out of reach of the reader's own names.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
