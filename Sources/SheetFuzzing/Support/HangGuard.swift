import Foundation

/// Turns a hang into a report: when one input runs longer than the limit,
/// prints what it was to standard error and aborts, so that a fuzzer that
/// would otherwise wait forever leaves its reproducer behind.
final class HangGuard: @unchecked Sendable {
    /// One per process; its thread polls once a second.
    static let shared = HangGuard(limit: 60)

    // Guarded by `lock`: the input running now and when it started.
    private let lock = NSLock()
    private var running: String?
    private var started = Date()
    private let limit: TimeInterval

    private init(limit: TimeInterval) {
        self.limit = limit
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                check()
            }
        }
    }

    /// Marks the start of an input; `describe` says what it is if it hangs.
    func begin(_ describe: String) {
        lock.lock()
        running = describe
        started = Date()
        lock.unlock()
    }

    func end() {
        lock.lock()
        running = nil
        lock.unlock()
    }

    private func check() {
        lock.lock()
        defer { lock.unlock() }
        guard let running, Date().timeIntervalSince(started) > limit else { return }
        FileHandle.standardError.write(Data("sheetlab fuzz: HANG, over \(Int(limit)) s on:\n\(running)\n".utf8))
        abort()
    }
}
