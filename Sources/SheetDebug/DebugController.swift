import SheetScripting

/// The failure of a debugger request, whichever door asked (DAP or the REPL): a message for the person.
package typealias DebugFailure = DAPFailure

/// A debugging session, apart from any protocol: one program, its
/// breakpoints, the run going on, and time travel by re-execution. The
/// DAP adapter (`DebugAdapter`) and the REPL's `:step`, `:back`, `:goto`
/// and `:break` both drive one.
///
/// Stepping back runs the program again from its start: a scan to the
/// current point finds the earlier events and breakpoint hits (with the
/// breakpoints set now), and a replay stops at the one chosen, with the
/// world exactly as it was there (`DebugExecution` makes the run reproducible).
package final class DebugController: @unchecked Sendable {
    /// Where time travel goes: a point of the run, and what the stop there says.
    package struct Destination: Equatable, Sendable {
        package var tick: Int
        package var why: StopReason
    }

    /// What a run did last, for a door that waits for it (`awaitOutcome`).
    package enum Outcome: Sendable {
        case stopped(DebugStop)
        /// The run ended with this exit code (0 ok, 1 a failed expectation, 3 a script error).
        case finished(Int)
    }

    package let configuration: SessionConfiguration
    package let program: DebugProgram
    /// The breakpoints every run consults; a change reaches the run going on at its next point.
    package var breakpoints: BreakpointSet {
        didSet { execution?.update(breakpoints) }
    }
    /// The run going on (stopped or running), nil before the first start.
    package private(set) var execution: DebugExecution?
    private let callbacks: DebugExecution.Callbacks
    private let monitor = Monitor()
    private var outcome: Outcome?

    package init(
        configuration: SessionConfiguration, program: DebugProgram, breakpoints: BreakpointSet = BreakpointSet(),
        callbacks: DebugExecution.Callbacks = DebugExecution.Callbacks()
    ) {
        self.configuration = configuration
        self.program = program
        self.breakpoints = breakpoints
        self.callbacks = callbacks
    }

    /// The stop the run is at, nil while it runs or when there is none.
    package var stop: DebugStop? { execution?.stop }

    /// Starts a run from the program's start, ending the one going on.
    /// - Parameter armedFromLine: breakpoints stop only from this line of the program on (`DebugExecution`).
    package func start(_ mode: DebugExecution.Mode, armedFromLine: Int? = nil) {
        execution?.abort()
        var wrapped = callbacks
        wrapped.stopped = { [monitor, callbacks, weak self] stop in
            monitor.locked {
                self?.outcome = .stopped(stop)
                monitor.broadcast()
            }
            callbacks.stopped(stop)
        }
        wrapped.finished = { [monitor, callbacks, weak self] code in
            monitor.locked {
                self?.outcome = .finished(code)
                monitor.broadcast()
            }
            callbacks.finished(code)
        }
        monitor.locked { outcome = nil }
        let execution = DebugExecution(
            configuration: configuration, program: program, mode: mode, breakpoints: breakpoints, callbacks: wrapped,
            armedFromLine: armedFromLine)
        self.execution = execution
        execution.start()
    }

    /// Lets the stopped run go on; false when it was not stopped.
    @discardableResult
    package func resume(_ how: DebugExecution.Resume) -> Bool {
        guard let execution else { return false }
        monitor.locked { outcome = nil }
        return execution.resume(how)
    }

    /// Waits until the run stops or ends, after a `start` or a `resume`
    /// (a door that is not event-driven, such as the REPL).
    package func awaitOutcome() -> Outcome {
        monitor.lock()
        defer { monitor.unlock() }
        while outcome == nil { monitor.wait() }
        return outcome!
    }

    /// Ends the run going on, wherever it is.
    package func abort() {
        execution?.abort()
        execution = nil
    }

    // MARK: Time travel

    /// Every point of a fresh run before `tick` (the whole run when nil), with the breakpoints set now.
    package func scan(until tick: Int?) -> [DebugPoint] {
        let scan = DebugExecution(
            configuration: configuration, program: program, mode: .scan(until: tick ?? Int.max),
            breakpoints: breakpoints, callbacks: DebugExecution.Callbacks())
        scan.start()
        scan.join()
        return scan.points
    }

    static let entry = StopReason(reason: "entry", description: "Back at the start of the run")

    /// The event before the point `tick` (before the run's end when nil); the start when there is none.
    package func previousEvent(before tick: Int?) -> Destination {
        guard let event = scan(until: tick).last(where: { $0.eventNumber != nil }) else {
            return Destination(tick: 1, why: Self.entry)
        }
        return Destination(
            tick: event.tick,
            why: StopReason(
                reason: "step", description: "Stepped back to event \(event.eventNumber!) at \(event.eventTime ?? 0) ms"
            ))
    }

    /// The breakpoint hit before the point `tick` (before the run's end when nil); the start when there is none.
    package func previousBreakpoint(before tick: Int?) -> Destination {
        guard let point = scan(until: tick).last(where: { $0.hit != nil }), let hit = point.hit else {
            return Destination(tick: 1, why: Self.entry)
        }
        return Destination(tick: point.tick, why: hit)
    }

    /// The Nth event of the run (1 for the first), or the first at or after a virtual time: one of them.
    /// - Throws: `DebugFailure` when neither or both are given, or the run has no such event.
    package func event(number: Int?, time: Int?, command: String = "gotoEvent") throws(DebugFailure) -> Destination {
        guard (number == nil) != (time == nil) else {
            throw DebugFailure(
                "\(command): give \"event\" (its number, 1 for the first) or \"time\" (ms), one of them")
        }
        let events = scan(until: nil).filter { $0.eventNumber != nil }
        let found =
            number.map { n in events.first { $0.eventNumber == n } }
            ?? time.map { t in events.first { ($0.eventTime ?? -1) >= t } } ?? nil
        guard let found else {
            throw DebugFailure(
                "\(command): the run has \(events.count) events"
                    + (time.map { ", none at or after \($0) ms (the last at \(events.last?.eventTime ?? 0) ms)" }
                        ?? ""))
        }
        return Destination(
            tick: found.tick,
            why: StopReason(reason: "goto", description: "Event \(found.eventNumber!) at \(found.eventTime ?? 0) ms"))
    }

    /// Runs the program again from its start and stops at `destination` (ending the run going on).
    package func travel(to destination: Destination) {
        start(.replay(tick: destination.tick, why: destination.why))
    }
}
