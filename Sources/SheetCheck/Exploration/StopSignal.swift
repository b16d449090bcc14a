import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one place exploring threads ask whether to stop (`Checker.shouldStop`)
/// and report progress: the caller's closures are called under a lock, so
/// they never run on two threads at once. With one worker they are asked
/// before every step; with more, every few steps.
final class StopSignal: @unchecked Sendable {
    private let lock = Mutex(())
    private let stopped = Atomic<Int>(0)
    private let askEvery: Int
    private let shouldStop: (() -> CheckReport.Stop?)?
    private let progress: ((CheckReport) -> Void)?
    private let progressInterval: Double
    private let start = Date()
    private var lastProgress = Date()
    private var reason: CheckReport.Stop?
    /// Steps and states so far, for the progress line.
    let steps = Atomic<Int>(0)
    let states = Atomic<Int>(0)
    let depth = Atomic<Int>(0)

    init(
        workers: Int, shouldStop: (() -> CheckReport.Stop?)?, progress: ((CheckReport) -> Void)?,
        progressInterval: Double
    ) {
        askEvery = workers == 1 ? 1 : 64
        self.shouldStop = shouldStop
        self.progress = progress
        self.progressInterval = progressInterval
    }

    /// Whether a stop was asked for (cheap; any thread).
    var isStopped: Bool { stopped.load(ordering: .relaxed) != 0 }

    /// Why exploring stopped, once it has.
    var stop: CheckReport.Stop? { lock.withLock { _ in reason } }

    /// Seconds since exploring started.
    var seconds: Double { Date().timeIntervalSince(start) }

    /// Called by a worker before its `n`th step: whether to stop now.
    func poll(_ n: Int) -> Bool {
        if isStopped { return true }
        guard n % askEvery == 0 else { return false }
        return lock.withLock { _ -> Bool in
            if reason != nil { return true }
            if let r = shouldStop?() {
                reason = r
                stopped.store(1, ordering: .relaxed)
                return true
            }
            if let progress, Date().timeIntervalSince(lastProgress) >= progressInterval {
                lastProgress = Date()
                var report = CheckReport()
                report.states = states.load(ordering: .relaxed)
                report.steps = steps.load(ordering: .relaxed)
                report.depthReached = depth.load(ordering: .relaxed)
                report.seconds = seconds
                progress(report)
            }
            return false
        }
    }
}
