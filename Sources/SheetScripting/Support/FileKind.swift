#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, by `stat` (following links), for finding a project file.
package enum FileKind {
    /// Whether a regular file is at `path`.
    package static func isRegularFile(_ path: String) -> Bool { mode(path) == S_IFREG }

    /// Whether a folder is at `path`.
    package static func isDirectory(_ path: String) -> Bool { mode(path) == S_IFDIR }

    private static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
