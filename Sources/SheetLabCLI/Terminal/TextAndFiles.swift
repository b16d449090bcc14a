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

// The few text and file helpers the command line needs, on top of
// FoundationEssentials (the full Foundation, with ICU, doubles start-up).

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and newlines.
    func trimmed() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }

    /// Padded with spaces (or cut) to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : String(self) + String(repeating: " ", count: width - count)
    }
}

/// Paths as plain strings.
enum PathName {
    /// The folder part of a path: `a/b.lua` -> `a`, `b.lua` -> `.`, `/b` -> `/`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// What is at a path, without Foundation's `ObjCBool`.
enum FileSystem {
    enum Kind { case file, directory }

    /// A file, a folder, or nil when nothing is there.
    static func kind(at path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// Paths of the files below a folder, relative to it, sorted; hidden
    /// entries are skipped.
    static func files(under folder: String) -> [String] {
        var out: [String] = []
        func walk(_ relative: String) {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            guard let dir = opendir(full) else { return }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                // Read up to the terminator in place: a record is only as long as its
                // name, so copying the whole 256-byte d_name read past it (valgrind).
                let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
                let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
                guard !name.hasPrefix(".") else { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                if kind(at: folder + "/" + child) == .directory { walk(child) } else { out.append(child) }
            }
        }
        walk("")
        return out.sorted()
    }

    /// Writes text to standard error at once, unbuffered (progress lines).
    static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// An error as a person reads it: its description.
func describe(_ error: any Error) -> String { "\(error)" }
