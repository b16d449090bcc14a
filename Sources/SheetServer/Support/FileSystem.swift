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

// What is at a path and reading a text file, on top of FoundationEssentials
// (the full Foundation, with ICU, doubles start-up): for mcp's resources and
// the command line's files.

/// What is at a path, without Foundation's `ObjCBool`.
package enum FileSystem {
    package enum Kind { case file, directory }

    /// A file, a folder, or nil when nothing is there.
    package static func kind(at path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// What `stat` finds at a path (following symbolic links): its type and
    /// identity, so a walk can tell a folder it has already been in.
    package struct Node {
        package enum FileType {
            case regular, directory, fifo, characterDevice, blockDevice, socket

            /// `a FIFO`, for notes about what is not a regular file.
            package var description: String {
                switch self {
                case .regular: return "a regular file"
                case .directory: return "a folder"
                case .fifo: return "a FIFO"
                case .characterDevice: return "a character device"
                case .blockDevice: return "a block device"
                case .socket: return "a socket"
                }
            }
        }

        package var type: FileType
        /// `(st_dev, st_ino)`: the same folder reached through a link has the same identity.
        package var identity: [UInt64]
    }

    /// What is at a path, following links; nil when nothing is (or a link dangles).
    package static func node(at path: String) -> Node? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type: Node.FileType
        switch info.st_mode & S_IFMT {
        case S_IFDIR: type = .directory
        case S_IFIFO: type = .fifo
        case S_IFCHR: type = .characterDevice
        case S_IFBLK: type = .blockDevice
        case S_IFSOCK: type = .socket
        default: type = .regular
        }
        return Node(type: type, identity: [UInt64(info.st_dev), UInt64(info.st_ino)])
    }

    /// The names in a folder, sorted, without hidden ones; nil when it cannot be read.
    package static func names(in folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Read up to the terminator in place: a record is only as long as its
            // name, so copying the whole 256-byte d_name read past it (valgrind).
            let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// Writes text to standard error at once, unbuffered (progress lines).
    package static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
