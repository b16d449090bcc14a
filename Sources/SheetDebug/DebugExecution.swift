import LuaRuntime
import SheetEngine
import SheetScripting

/// Why a run stopped, as DAP's `stopped` event says it.
package struct StopReason: Equatable, Sendable {
    /// `entry`, `step`, `breakpoint`, `exception`, `function breakpoint`, `goto` or `end`.
    package var reason: String
    package var description: String
    /// The breakpoints hit (line and function breakpoints).
    package var hitBreakpointIDs: [Int] = []
}

/// Where a run stopped: a point (a line of Lua code or an engine event),
/// numbered in the run's order (`tick`), so that running again from the
/// start reaches the same point with the same world.
package struct DebugStop: @unchecked Sendable {
    package var tick: Int
    package var why: StopReason
    /// The engine event stopped at, with its number in the run (1 for the first).
    package var event: (event: Event, number: Int)?
    /// The thread stopped (in a line hook, or running the host function
    /// that made the event); nil at the end of the run.
    package var thread: LuaDebugThread?
    package var depth: Int
    /// What the host was running Lua for (`request hook of queue.lua`), innermost last.
    package var activities: [String]
    /// The virtual time (ms).
    package var time: Int
}

/// What a debug run executes: a scenario file, or a scenario given as its
/// text (the REPL's session so far, as `:save` would write it).
package enum DebugProgram: Equatable, Sendable {
    case file(String)
    /// The text, run as the file `name` in `baseDirectory` (its frames and breakpoints name `name`).
    case source(String, name: String, baseDirectory: String)

    /// The path its frames and line breakpoints use.
    package var name: String {
        switch self {
        case .file(let path): path
        case .source(_, let name, _): name
        }
    }
}

/// One point of a run seen by a scan: for stepping back and `goto`.
package struct DebugPoint: Equatable, Sendable {
    package var tick: Int
    /// The event's number and time when the point is an event.
    package var eventNumber: Int?
    package var eventTime: Int?
    /// The breakpoint that would stop here, if one would.
    package var hit: StopReason?
}

/// One execution of a scenario from its start, on a thread of its own,
/// under a debugger: a fresh session from the configuration, made
/// reproducible, stopped at breakpoints and steps (live), run to a point
/// without stopping on the way (replay), or run to a point recording
/// every event and breakpoint before it (scan).
package final class DebugExecution: @unchecked Sendable {
    package enum Mode: Equatable, Sendable {
        case live(Step)
        /// Stop at `tick` (with `why` unless a breakpoint is hit there), and nowhere before.
        case replay(tick: Int, why: StopReason)
        /// Record every point before `tick`, then end.
        case scan(until: Int)
    }

    package enum Step: Equatable, Sendable {
        case run
        case stepIn(StopReason)
        case next(depth: Int, orEvent: Bool)
        case stepOut(depth: Int)
    }

    /// What the client asked a stopped run to do.
    package enum Resume: Equatable, Sendable { case run, stepIn, next, stepOut, abort }

    package struct Callbacks {
        package var stopped: (DebugStop) -> Void = { _ in }
        package var output: (String, String) -> Void = { _, _ in }
        /// The run ended (not aborted): its exit code (0 ok, 1 a failed expectation, 3 a script error).
        package var finished: (Int) -> Void = { _ in }
        package init() {}
    }

    let configuration: SessionConfiguration
    let program: DebugProgram
    let callbacks: Callbacks
    /// In a live run, breakpoints stop only once the program's own chunk
    /// has reached this line (they are counted before it): the REPL asks
    /// whether its last input, which starts there, hit one.
    private let armedFromLine: Int?
    private var armed: Bool
    private let programKey: String
    private let monitor = Monitor()
    private var thread: JoinableThread?

    // Shared with the adapter's thread (under `monitor`).
    private var breakpointsShared = BreakpointSet()
    private var breakpointsChanged = true
    private var stopped: DebugStop?
    private var commands: [() -> Void] = []
    private var resumeWith: Resume?
    private var pauseRequestedShared = false

    // The run's thread only.
    package private(set) var session: Session?
    private var mode: Mode
    private var breakpoints = BreakpointSet()
    private var breakpointLines: Set<Int> = []
    private var tick = 0
    private var eventCount = 0
    private var previousEventTime = -1
    private var hits: [Int: Int] = [:]
    private var aborting = false
    private var realPaths: [String: String] = [:]
    /// What a scan saw (read once the run has ended).
    package private(set) var points: [DebugPoint] = []

    package init(
        configuration: SessionConfiguration, program: DebugProgram, mode: Mode, breakpoints: BreakpointSet,
        callbacks: Callbacks, armedFromLine: Int? = nil
    ) {
        self.configuration = configuration
        self.program = program
        self.armedFromLine = armedFromLine
        self.armed = armedFromLine == nil
        self.programKey = Session.canonicalPath(program.name)
        self.mode = mode
        self.breakpointsShared = breakpoints
        self.callbacks = callbacks
    }

    /// Starts the run's thread.
    package func start() {
        thread = JoinableThread { [self] in main() }
    }

    /// Waits for the run's thread to end.
    package func join() {
        thread?.join()
    }

    /// Replaces the breakpoints the run consults (from the next point on).
    package func update(_ set: BreakpointSet) {
        monitor.locked {
            breakpointsShared = set
            breakpointsChanged = true
        }
    }

    /// The stop the run is at, nil while it runs.
    package var stop: DebugStop? { monitor.locked { stopped } }

    /// Runs `body` on the run's thread while it is stopped (the Lua state
    /// is that thread's); nil when it is not stopped.
    package func perform<T>(_ body: @escaping (Session, DebugStop) -> T) -> T? {
        let box = PerformBox<T>()
        monitor.lock()
        defer { monitor.unlock() }
        guard let stop = stopped, let session else { return nil }
        commands.append { [monitor] in
            let result = body(session, stop)
            monitor.locked {
                box.result = result
                box.done = true
                monitor.broadcast()
            }
        }
        monitor.broadcast()
        while !box.done { monitor.wait() }
        return box.result
    }

    /// Lets a stopped run go on; false when it was not stopped.
    @discardableResult
    package func resume(_ how: Resume) -> Bool {
        monitor.locked {
            guard stopped != nil, resumeWith == nil else { return false }
            resumeWith = how
            monitor.broadcast()
            return true
        }
    }

    /// Ends the run wherever it is, and waits for it.
    package func abort() {
        monitor.locked {
            aborting = true
            if stopped != nil {
                resumeWith = .abort
                monitor.broadcast()
            }
        }
        interruptHandleShared?.interrupt()
        join()
    }

    private var interruptHandle: LuaInterruptHandle?
    private var interruptHandleShared: LuaInterruptHandle? { monitor.locked { interruptHandle } }

    // MARK: The run's thread

    private func main() {
        var code = 0
        do {
            let session = try Session(configuration, startBudgetMilliseconds: nil) { [self] session in
                session.app.keepsEarlierParts = true
                session.printHandler = { [callbacks] text in callbacks.output(text, "stdout") }
                session.runtime.makeReproducible()
                session.runtime.attachDebugger { [unowned self] event, thread in
                    if case .line(let line) = event { reachedLine(line, thread) }
                }
                session.subscribe { [unowned self] event in reachedEvent(event) }
                session.failureObserver = { [unowned self] failure in reachedFailure(failure) }
                self.session = session
                let handle = session.runtime.makeInterruptHandle()
                monitor.locked { interruptHandle = handle }
            }
            let result =
                switch program {
                case .file(let path): ScenarioRunner.run(in: session, path: path)
                case .source(let text, let name, let baseDirectory):
                    ScenarioRunner.run(in: session, source: text, name: name, baseDirectory: baseDirectory)
                }
            if !isAborting {
                for failure in result.failures { callbacks.output("FAIL " + failure.description, "stderr") }
                if let error = result.error {
                    callbacks.output("error: " + error.description, "stderr")
                    if let traceback = error.traceback, !traceback.isEmpty { callbacks.output(traceback, "stderr") }
                }
                code = result.error != nil ? 3 : result.failures.isEmpty ? 0 : 1
                tick += 1
                let summary =
                    "The scenario ended at \(session.app.now) ms after \(eventCount) events"
                    + (code == 0 ? "" : code == 1 ? "; an expectation failed" : "; a script error stopped it")
                    + ". Step back, or continue to finish."
                switch mode {
                case .scan: break
                case .replay(let target, let why) where target == tick:
                    pause(at: nil, why: why, event: nil)
                case .replay: break
                case .live:
                    pause(at: nil, why: StopReason(reason: "end", description: summary), event: nil)
                }
            }
        } catch {
            code = error.kind == .io ? 4 : 3
            if !isAborting { callbacks.output("error: " + error.description, "stderr") }
        }
        session?.runtime.attachDebugger(nil)
        session = nil
        monitor.locked { interruptHandle = nil }
        if !isAborting { callbacks.finished(code) }
    }

    private var isAborting: Bool { monitor.locked { aborting } }

    /// Stops the run at its next point (DAP's `pause`).
    package func requestPause() {
        monitor.locked { pauseRequestedShared = true }
    }

    private var pauseRequested = false

    private func refreshBreakpoints() {
        monitor.locked {
            if pauseRequestedShared {
                pauseRequested = true
                pauseRequestedShared = false
            }
            if breakpointsChanged {
                breakpoints = breakpointsShared
                breakpointLines = breakpoints.breakpointLines
                breakpointsChanged = false
            }
        }
    }

    private func reachedLine(_ line: Int, _ thread: LuaDebugThread) {
        guard let session else { return }
        tick += 1
        if aborting { return }
        session.runtime.setVirtualTime(milliseconds: session.app.now)
        refreshBreakpoints()
        if !armed, let from = armedFromLine, line >= from, let file = session.runtime.position(of: thread).file,
            realPath(file) == programKey
        {
            armed = true
        }
        var hit: StopReason?
        if breakpointLines.contains(line), let file = session.runtime.position(of: thread).file {
            let real = realPath(file)
            for bp in breakpoints.lines[real] ?? [] where bp.line == line {
                if counts(id: bp.id, condition: bp.condition, hitCondition: bp.hitCondition, thread: thread) {
                    hit = StopReason(
                        reason: "breakpoint", description: "Breakpoint at \(displayName(file)):\(line)",
                        hitBreakpointIDs: [bp.id])
                    break
                }
            }
        }
        decide(hit: hit, event: nil, thread: thread) { step in
            switch step {
            case .run: return nil
            case .stepIn(let why): return why
            case .next(let depth, _):
                return session.runtime.depth(of: thread) <= depth
                    ? StopReason(reason: "step", description: "Step") : nil
            case .stepOut(let depth):
                return session.runtime.depth(of: thread) < depth
                    ? StopReason(reason: "step", description: "Step out") : nil
            }
        }
    }

    private func reachedEvent(_ event: Event) {
        guard let session else { return }
        tick += 1
        eventCount += 1
        let previous = previousEventTime
        previousEventTime = event.time
        if aborting { return }
        session.runtime.setVirtualTime(milliseconds: event.time)
        refreshBreakpoints()
        let thread = session.runtime.runningThread
        let what = "event \(eventCount) at \(event.time) ms: \(event.kind.rawValue)"
        var hit: StopReason?
        for filter in EventMatch.filters where breakpoints.filters.contains(filter.id) {
            if filter.match.matches(event, previousTime: previous) {
                hit = StopReason(
                    reason: "exception",
                    description: "Paused on \(what)" + (event.rule.map { " (\($0.rawValue))" } ?? ""))
                break
            }
        }
        if hit == nil {
            for bp in breakpoints.events where bp.match.matches(event, previousTime: previous) {
                if counts(id: bp.id, condition: bp.condition, hitCondition: bp.hitCondition, thread: thread) {
                    hit = StopReason(
                        reason: "function breakpoint", description: "\(bp.name): \(what)", hitBreakpointIDs: [bp.id])
                    break
                }
            }
        }
        decide(hit: hit, event: (event, eventCount), thread: thread) { step in
            switch step {
            case .run, .stepOut: return nil
            case .stepIn: return StopReason(reason: "step", description: "Step to \(what)")
            case .next(_, let orEvent): return orEvent ? StopReason(reason: "step", description: "Next: \(what)") : nil
            }
        }
    }

    /// A failed expectation is a point too: the `failedExpectation` filter stops there.
    private func reachedFailure(_ failure: ExpectationFailure) {
        guard let session else { return }
        tick += 1
        if aborting { return }
        refreshBreakpoints()
        var hit: StopReason?
        if breakpoints.filters.contains(EventMatch.failedExpectation.id) {
            hit = StopReason(reason: "exception", description: "Expectation failed: " + failure.description)
        }
        decide(hit: hit, event: nil, thread: session.runtime.runningThread) { _ in nil }
    }

    /// What the mode makes of a point: record it, stop at it, or go on.
    private func decide(
        hit: StopReason?, event: (event: Event, number: Int)?, thread: LuaDebugThread,
        stepping: (Step) -> StopReason?
    ) {
        switch mode {
        case .scan(let until):
            if tick >= until {
                abortFromInside()
                return
            }
            points.append(
                DebugPoint(tick: tick, eventNumber: event?.number, eventTime: event?.event.time, hit: hit))
        case .replay(let target, let why):
            if tick == target {
                mode = .live(.run)
                pause(at: thread, why: hit ?? why, event: event)
            }
        case .live where !armed:
            break
        case .live(let step):
            if pauseRequested {
                pauseRequested = false
                pause(at: thread, why: hit ?? StopReason(reason: "pause", description: "Paused"), event: event)
            } else if let why = hit ?? stepping(step) {
                pause(at: thread, why: why, event: event)
            }
        }
    }

    private func abortFromInside() {
        monitor.locked { aborting = true }
        interruptHandle?.interrupt()
    }

    /// Counts a hit of a breakpoint whose place was reached: whether it stops.
    private func counts(id: Int, condition: String?, hitCondition: HitCondition?, thread: LuaDebugThread) -> Bool {
        if let condition, !condition.isEmpty, let session {
            do {
                let value = try session.runtime.evaluate(condition, in: thread, level: 0)
                if value.type == "nil" || value.text == "false" { return false }
            } catch {
                callbacks.output("breakpoint condition '\(condition)': \(error.description)", "stderr")
                return false
            }
        }
        let n = (hits[id] ?? 0) + 1
        hits[id] = n
        return hitCondition?.stops(atHit: n) ?? true
    }

    private func pause(at thread: LuaDebugThread?, why: StopReason, event: (event: Event, number: Int)?) {
        guard let session else { return }
        let stop = DebugStop(
            tick: tick, why: why, event: event, thread: thread,
            depth: thread.map { session.runtime.depth(of: $0) } ?? 0,
            activities: session.runtime.debugActivities, time: session.app.now)
        monitor.lock()
        stopped = stop
        monitor.unlock()
        callbacks.stopped(stop)
        monitor.lock()
        var how: Resume = .abort
        while true {
            if let resume = resumeWith {
                how = resume
                resumeWith = nil
                stopped = nil
                break
            }
            if !commands.isEmpty {
                let command = commands.removeFirst()
                monitor.unlock()
                command()
                monitor.lock()
                continue
            }
            monitor.wait()
        }
        monitor.unlock()
        switch how {
        case .run: mode = .live(.run)
        case .stepIn: mode = .live(.stepIn(StopReason(reason: "step", description: "Step in")))
        case .next: mode = .live(.next(depth: stop.depth, orEvent: stop.event != nil))
        case .stepOut: mode = .live(.stepOut(depth: stop.depth))
        case .abort: abortFromInside()
        }
    }

    private func realPath(_ file: String) -> String {
        if let known = realPaths[file] { return known }
        let real = Session.canonicalPath(file)
        realPaths[file] = real
        return real
    }

    private func displayName(_ file: String) -> String {
        file.split(separator: "/").last.map(String.init) ?? file
    }
}

/// What a `perform` hands back from the run's thread.
private final class PerformBox<T>: @unchecked Sendable {
    var result: T?
    var done = false
}

extension DebugStop {
    /// The name each of `frames` (innermost first) is shown with: a Lua
    /// function the engine called (its caller an unnamed host frame, or
    /// none) is named after what the engine ran it for (`request hook of
    /// queue.lua`), innermost activity first; a host function as `[C] set`;
    /// any other frame by the name Lua gives it.
    package func names(of frames: [LuaDebugFrame]) -> [String] {
        var activity = activities.count - 1
        return frames.indices.map { i in
            let frame = frames[i]
            guard frame.isLua else { return "[C] \(frame.name)" }
            let calledByTheEngine = i + 1 == frames.count || (!frames[i + 1].isLua && frames[i + 1].name == "?")
            guard frame.name == "function", calledByTheEngine, activity >= 0 else { return frame.name }
            defer { activity -= 1 }
            return activities[activity]
        }
    }
}
