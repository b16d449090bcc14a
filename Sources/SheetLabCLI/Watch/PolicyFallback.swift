import LuaRuntime
import SheetScripting

/// Keeps the text of each policy file a watched run loaded, so that when an
/// edit breaks one, the next run uses the version that last loaded (through
/// `Session.policySources`) and says why.
final class PolicyFallback {
    /// The last text of each policy file that loaded, by canonical path.
    private(set) var lastGood: [String: String] = [:]
    /// The files the current run uses an older text of.
    private(set) var replaced: Set<String> = []

    /// Checks each remembered policy file as it is now, in a Lua state of
    /// its own: a file that changed and no longer loads is replaced by its
    /// last good text for the next run.
    /// - Returns: the errors of the files that no longer load.
    func check(limits: LuaLimits) -> [LuaError] {
        replaced = []
        var errors: [LuaError] = []
        for (path, good) in lastGood.sorted(by: { $0.key < $1.key }) {
            let now = try? SourceFile.read(path, maximumBytes: limits.maximumSourceBytes)
            if let now, String(decoding: now, as: UTF8.self) == good { continue }
            do {
                let scratch = try LuaRuntime(limits: limits)
                _ = try LuaPolicy(path: path, runtime: scratch)
            } catch {
                errors.append(error)
                replaced.insert(path)
            }
        }
        return errors
    }

    /// The sources the next run loads in place of files (`Session.policySources`).
    var sources: [String: String] {
        Dictionary(uniqueKeysWithValues: replaced.map { ($0, lastGood[$0]!) })
    }

    /// Remembers the text of every policy file `session` loaded from disk.
    func remember(_ session: Session, limits: LuaLimits) {
        for case let policy as LuaPolicy in session.policies {
            let path = Session.canonicalPath(policy.path)
            guard !replaced.contains(path),
                let bytes = try? SourceFile.read(path, maximumBytes: limits.maximumSourceBytes)
            else { continue }
            lastGood[path] = String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The policy files `session` loaded, as they were named.
    static func files(of session: Session) -> [String] {
        session.policies.compactMap { ($0 as? LuaPolicy)?.path }
    }
}
