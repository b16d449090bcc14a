/// Paths as plain strings.
package enum PathName {
    /// The folder part of a path: `a/b.lua` -> `a`, `b.lua` -> `.`, `/b` -> `/`.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` relative to `base` unless it is absolute (or `base` is the current folder).
    package static func resolve(_ path: String, in base: String) -> String {
        if path.hasPrefix("/") || base == "." || base.isEmpty { return path }
        return base + "/" + path
    }

    /// `.` and `..` taken out of an absolute path, lexically: `/a/b/../c/.` -> `/a/c`.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
