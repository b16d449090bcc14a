import LuaRuntime
import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The files that failed when `sheetlab test` last ran them, remembered per
/// project in `ROOT/.sheetlab/last-failed` (one real path a line; the
/// project's `.gitignore` covers `.sheetlab/`), for `--last-failed`.
struct LastFailed {
    /// The file the failures are kept in.
    var file: String

    /// The store of `project`.
    init(project: Project) { file = project.root + "/" + Project.stateFolder + "/last-failed" }

    /// The real paths remembered; empty when none (or no file yet, or one
    /// over `maximumBytes`). Read with `ConfinedFile`: Foundation's
    /// `String(contentsOfFile:)` lost a 4 KiB buffer reading an empty file,
    /// which is what a run with no failures leaves (valgrind: "definitely
    /// lost").
    func load() -> Set<String> {
        guard let read = try? ConfinedFile.read(file, maximumBytes: LastFailed.maximumBytes) else { return [] }
        let text = String(decoding: read.bytes, as: UTF8.self)
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    }

    /// The largest store read: far more paths than a project has.
    static let maximumBytes = 16 << 20

    /// Remembers the failures of a run: those remembered that did not run
    /// this time stay (as pytest's cache does), those that ran are replaced
    /// by this run's verdict. A folder that cannot be written is left alone.
    func save(ran: [String], failed: [String]) {
        let ranNow = Set(ran.map(LastFailed.key))
        let kept = load().subtracting(ranNow).union(failed.map(LastFailed.key))
        let folder = PathName.directory(of: file)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = kept.sorted().map { $0 + "\n" }.joined()
        try? text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// How a file is known: its real path.
    static func key(_ path: String) -> String { ConfinedFile.realPath(of: path) ?? path }
}
