import Foundation

/// Lua files no door may read, in a temporary folder of their own (outside
/// the checkout, so outside the places a server reads policies from): one
/// too large, a FIFO, a folder, one that is missing, and a valid policy
/// that lies outside the roots. The door-parity tests give each to every door.
package final class BadFiles {
    /// The folder that holds them.
    package let folder: URL
    /// 3 MiB of comment: over the 1 MiB a Lua source may have.
    package let oversized: String
    /// A FIFO named like a Lua file (opening it would block).
    package let fifo: String
    /// A folder named like a Lua file.
    package let directory: String
    /// A path where nothing is.
    package let missing: String
    /// A valid policy, outside the roots.
    package let outside: String

    /// Each bad file, with what every door's message says of it.
    package var unreadable: [(name: String, path: String, message: String)] {
        [
            ("oversized", oversized, "it is larger than the 1 MiB a Lua source may have (raise it with --max-source)"),
            ("FIFO", fifo, "it is a FIFO, not a regular file"),
            ("folder", directory, "it is a directory, not a regular file"),
            ("missing", missing, "No such file or directory"),
        ]
    }

    /// What a door says of a file outside the places policies may be read from.
    package static let outsideTheRoots = "a script reads policies only from"

    package init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        oversized = folder.appendingPathComponent("big.lua").path
        try ("-- " + String(repeating: "x", count: 3 << 20) + "\nreturn {}\n").write(
            toFile: oversized, atomically: true, encoding: .utf8)
        fifo = folder.appendingPathComponent("fifo.lua").path
        guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        directory = folder.appendingPathComponent("folder.lua").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        missing = folder.appendingPathComponent("missing.lua").path
        outside = folder.appendingPathComponent("outside.lua").path
        try "return { settle = function(ctx) return 'large' end }\n".write(
            toFile: outside, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
