import LuaRuntime

/// A scenario's text, read once through the one reader: the bytes a
/// session runs and the name its errors give. `sheetlab check` reads its
/// set-up once and runs the same bytes in every worker, so that all of them
/// explore from the same app even if the file changes meanwhile.
package struct ScenarioText: Sendable, Hashable {
    /// The file, or the name source text runs as.
    package var name: String
    /// What the file held, or the source's UTF-8.
    package var bytes: [UInt8]
    /// Whether it came from a file: then a syntax error does not quote text
    /// that is not Lua, and a byte-order mark or a `#!` line is skipped.
    package var isFile: Bool

    /// The text, as a counterexample replays it.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Source text, run as the file `name`.
    package init(source: String, name: String) {
        self.init(name: name, bytes: Array(source.utf8), isFile: false)
    }

    private init(name: String, bytes: [UInt8], isFile: Bool) {
        self.name = name
        self.bytes = bytes
        self.isFile = isFile
    }

    /// Reads `source`: a file only where policies may be read from, only a
    /// regular file within `limits.maximumSourceBytes` (`PolicyAccess.read`).
    /// - Parameters:
    ///   - source: the file or the text.
    ///   - base: the folder a relative path is resolved against.
    ///   - limits: the size limit, the allowed roots and how to name them.
    /// - Throws: `LuaError` (`.io`) naming the file and what is wrong with it.
    package init(_ source: ScenarioSource, base: String, limits: LuaLimits) throws(LuaError) {
        switch source {
        case .source(let text, let name):
            self.init(source: text, name: name)
        case .file(let path):
            let bytes = try PolicyAccess.read(PathName.resolve(path, in: base), base: base, limits: limits).bytes
            self.init(name: path, bytes: bytes, isFile: true)
        }
    }
}
