#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--filter PATTERN`: a file is run when its path contains a pattern, or
/// matches it as a shell glob (`*`, `?`, `[...]`, against the path or the
/// file's name), as pytest's `-k` and cargo's `cargo test NAME` select.
enum TestFilter {
    static func matches(_ path: String, _ patterns: [String]) -> Bool {
        guard !patterns.isEmpty else { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return patterns.contains { p in
            path.contains(p) || fnmatch(p, path, 0) == 0 || fnmatch(p, name, 0) == 0
        }
    }
}
