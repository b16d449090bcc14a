import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the REPL keeps its history: `$XDG_STATE_HOME/sheetlab/history`,
/// or `~/.local/state/sheetlab/history` when `XDG_STATE_HOME` is unset,
/// empty or relative (as the XDG base directory specification says).
enum HistoryFile {
    /// The history file's path, or nil when neither variable gives a folder.
    /// - Parameter environment: the process environment.
    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/sheetlab/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/sheetlab/history"
    }

    /// Creates the file's folder (owner-only) if needed.
    /// - Returns: whether the folder exists now.
    static func prepareFolder(of path: String) -> Bool {
        let folder = PathName.directory(of: path)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }
}
