import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one place exploring threads ask whether to stop (`Checker.shouldStop`)
/// and report progress: the caller's closures are called under a lock, so
/// they never run on two threads at once. With one worker they are asked
/// before every step; with more, before the first step that starts 10 ms or
/// more after they were last asked (by time, not by a count of steps: a slow
/// hook makes steps slow, and the stop must not wait for dozens of them).
final class StopSignal: @unchecked Sendable {
    private let lock = Mutex(())
    private let stopped = Atomic<Int>(0)
    private let asksEveryStep: Bool
    /// When the closures were last asked, in monotonic nanoseconds.
    private let lastAsked = Atomic<Int>(0)
    /// How long the closures may go unasked with several workers.
    static let askInterval = 10_000_000
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
    /// Random mode's runs done (counted after each batch); -1 in exhaustive mode.
    let runs = Atomic<Int>(-1)

    init(
        workers: Int, shouldStop: (() -> CheckReport.Stop?)?, progress: ((CheckReport) -> Void)?,
        progressInterval: Double
    ) {
        asksEveryStep = workers == 1
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

    /// Called by a worker before each step (and by the liveness search now
    /// and then): whether to stop now.
    func poll() -> Bool {
        if isStopped { return true }
        if !asksEveryStep {
            let now = Self.monotonicNanoseconds()
            let last = lastAsked.load(ordering: .relaxed)
            guard now - last >= Self.askInterval,
                lastAsked.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
            else { return false }
        }
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
                let done = runs.load(ordering: .relaxed)
                report.runsDone = done < 0 ? nil : done
                report.seconds = seconds
                progress(report)
            }
            return false
        }
    }
}

extension StopSignal {
    /// A cheap monotonic clock (the coarse one where there is one: a few
    /// nanoseconds a read, millisecond resolution, which is all a stop needs).
    static func monotonicNanoseconds() -> Int {
        var t = timespec()
        #if os(Linux)
            clock_gettime(CLOCK_MONOTONIC_COARSE, &t)
        #else
            clock_gettime(CLOCK_MONOTONIC, &t)
        #endif
        return t.tv_sec * 1_000_000_000 + t.tv_nsec
    }
}
