import LuaRuntime
import SheetScripting
import SheetServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--watch` for `run` and `test`: runs the command, then again whenever
/// the scenario or a policy it loads changes, until Ctrl-C.
///
/// Between runs the screen is cleared when standard output is a terminal.
/// A policy file that no longer loads is replaced by its last good text
/// (`PolicyFallback`), and its error is shown above the run. Status lines
/// go to standard error, so a JSON or SVG timeline on standard output
/// stays one document per run.
struct WatchLoop {
    let command: String
    let out: Output
    let limits: LuaLimits
    let fallback = PolicyFallback()
    /// The Lua state of the run under way, for Ctrl-C.
    let current = CurrentRuntime()

    /// One run of the command: `prepare` goes on each session it makes;
    /// it returns the paths to watch (the scenarios and what they loaded).
    typealias Pass = (_ prepare: @escaping (Session) -> Void) -> [String]

    /// Runs `pass` until Ctrl-C.
    /// - Returns: `.interrupted` (130).
    func run(_ pass: Pass) -> ExitCode {
        let interrupts = InterruptCount()
        InterruptWatcher.install { [current] in
            // The first Ctrl-C stops the run under way and the loop; a second quits at once.
            if interrupts.add() > 1 { _exit(ExitCode.interrupted.rawValue) }
            current.interrupt()
        }
        var number = 1
        while true {
            let broken = fallback.check(limits: limits)
            for error in broken {
                out.error(
                    out.styled("error", .red, stderr: true) + ": "
                        + TerminalText.escape(error.description, indent: "    "))
                out.error("    (the last version of this policy that loaded is used until the file loads again)")
            }
            let sources = fallback.sources
            let watched = pass { [current] session in
                session.policySources = sources
                current.set(session.runtime.makeInterruptHandle())
            }
            out.flush()
            let watcher = FileWatcher(watched)
            let stamps = watcher.stamps()
            if interrupts.count > 0 { return .interrupted }
            let shown = watcher.paths.prefix(3).map { TerminalText.escape($0) }.joined(separator: ", ")
            let more = watcher.paths.count > 3 ? " and \(watcher.paths.count - 3) more" : ""
            out.error(
                out.styled(
                    "sheetlab \(command): watching \(shown)\(more) (run \(number)); Ctrl-C stops", .dim, stderr: true))
            guard let changed = watcher.waitForChange(since: stamps, stop: { interrupts.count > 0 }) else {
                return .interrupted
            }
            number += 1
            if out.colorOut { out.write("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
            let names = changed.prefix(3).map { TerminalText.escape($0) }.joined(separator: ", ")
            out.error(out.styled("sheetlab \(command): \(names) changed; run \(number)", .dim, stderr: true))
        }
    }

    /// Remembers the policies a session loaded (call after each scenario).
    func remember(_ session: Session) {
        fallback.remember(session, limits: limits)
    }
}

/// The interrupt handle of the Lua state running now, set from the main
/// thread and used by the Ctrl-C watcher thread.
final class CurrentRuntime: Sendable {
    private let handle = Mutex<LuaInterruptHandle?>(nil)

    func set(_ new: LuaInterruptHandle) { handle.withLock { $0 = new } }

    func interrupt() { handle.withLock { $0?.interrupt() } }
}
