/// A call made by code the engine runs (an action, content, a policy hook)
/// while a step is under way: applied after the part of the step that runs
/// that code.
enum DeferredCall {
    /// A view just added presents what its bindings already ask for.
    case presentInitiallySet(String)
    case set([StateWrite])
    /// Gestures on the presentation (by request serial) that was on top when asked.
    case swipeDown(request: Int)
    case drag(request: Int, to: Double, button: String?)
    case focusTextField(request: Int)
    case release(request: Int, velocity: Double)
    case tapGrabber(request: Int)
    case dismiss(view: String?)
    case removeView(String)
    case rotate(Orientation)
    case backgroundTap(detail: String, rule: RuleID)
    case advance(Int)
    case advanceUntilIdle(limit: Int)
}

/// Where the app is in running steps.
///
/// Invariants: `pending` is empty when `busy` is false; `nesting` counts the
/// drains running inside app code (`runAction`); `chained` counts the calls
/// run since the outermost step began and is 0 outside one.
struct StepQueue {
    var busy = false
    var pending: [DeferredCall] = []
    var pendingHead = 0
    var nesting = 0
    var chained = 0
    /// Whether the chained-update limit stopped this step.
    var cut = false
    /// Requests (by serial) that began presenting in this step (B35).
    var opened: [Int] = []
}

extension SheetApp {
    /// Drains nested in app code deeper than this leave their calls to the
    /// drain around them, so a chain of updates cannot exhaust the stack.
    static let maximumNesting = 32

    /// Runs `call` now as a step of its own, or, when called from code the
    /// engine is running, after the part of the current step that runs it.
    func perform(user: Bool, _ call: DeferredCall) {
        if steps.busy {
            steps.pending.append(call)
            return
        }
        step(user: user) { run(call, deferred: false) }
    }

    /// Runs `body` as a step of its own (the caller made sure none is under
    /// way), then what the code it ran asked for.
    func step(user: Bool, _ body: () -> Void) {
        steps.busy = true
        if user { userActed() }
        body()
        drainPending()
        steps.busy = false
        steps.chained = 0
        steps.cut = false
        steps.opened.removeAllKeepingStorage()
    }

    /// A user action resets the oscillation guard's counts (P05).
    func userActed() {
        if !world.presentationsWithoutInput.isEmpty { world.presentationsWithoutInput.removeAll() }
    }

    /// Runs calls queued by app code until none are left. Every call run in
    /// one outermost step counts towards `limits.chainedUpdates`; past it,
    /// the rest are dropped with a `limitReached` event.
    func drainPending() {
        while steps.pendingHead < steps.pending.count {
            if steps.chained >= limits.chainedUpdates {
                if !steps.cut {
                    steps.cut = true
                    emit(
                        Event(
                            time: now, kind: .limitReached,
                            note: .text(
                                "more than \(limits.chainedUpdates) chained updates in one step (an onChange action writing what it observes?); the rest were dropped"
                            )))
                }
                steps.pending.removeAll()
                steps.pendingHead = 0
                return
            }
            let next = steps.pending[steps.pendingHead]
            steps.pendingHead += 1
            steps.chained += 1
            run(next, deferred: true)
        }
        // Most steps queue nothing: emptying an empty queue made a new buffer.
        if steps.pendingHead > 0 {
            steps.pending.removeAllKeepingStorage()
            steps.pendingHead = 0
        }
    }

    /// Runs app code (an action), putting a failure on the timeline, then
    /// applies what it asked for, unless drains are nested too deep already
    /// (the drain around this one applies it then).
    func runAction(_ action: EngineAction, presenter: String?, detail: String) {
        do {
            try action(self)
        } catch {
            emit(Event(time: now, kind: .actionError, presenter: presenter, note: .text("\(detail): \(error)")))
        }
        guard steps.nesting < Self.maximumNesting, steps.pendingHead < steps.pending.count else { return }
        steps.nesting += 1
        drainPending()
        steps.nesting -= 1
    }

    /// Runs one call; `deferred` when app code made it (its writes are the app's, not the user's).
    func run(_ call: DeferredCall, deferred: Bool) {
        switch call {
        case .presentInitiallySet(let name): if let v = world.views.ref(named: name) { presentInitiallySet(v) }
        case .set(let writes): applyWrites(resolve(writes), cause: deferred ? .app : .user)
        case .swipeDown(let request): swipeDownNow(request: request)
        case .drag(let request, let h, let button): dragNow(request: request, to: h, button: button)
        case .focusTextField(let request): focusTextFieldNow(request: request)
        case .release(let request, let v): releaseNow(request: request, velocity: v)
        case .tapGrabber(let request): tapGrabberNow(request: request)
        case .dismiss(let view): dismissNow(from: view)
        case .removeView(let name): removeViewNow(name)
        case .rotate(let o): rotateNow(to: o)
        case .backgroundTap(let detail, let rule):
            emit(Event(time: now, kind: .backgroundTap, rule: rule, note: .text(detail)))
        case .advance(let ms): passTime(until: min(now + ms, SheetApp.maximumTime))
        case .advanceUntilIdle(let limit):
            let end = now + min(limit, SheetApp.maximumTime - now)
            while let t = nextTransitionTime, t <= end { passTime(until: t) }
        }
    }

    // MARK: Memory

    /// Counts bytes the app now holds; past `limits.memoryBytes` the app
    /// stops keeping events and refuses further calls (`checkLimits`).
    /// Inlined, the limit's event made apart: a call cost about 20
    /// instructions, more than once an event.
    @inline(__always)
    func charge(_ bytes: Int) {
        heldBytes += bytes
        if heldBytes > limits.memoryBytes, !overMemory { reachMemoryLimit() }
    }

    /// Stops keeping events, with an event saying why.
    @inline(never)
    private func reachMemoryLimit() {
        overMemory = true
        timeline.retains = false
        let event = Event(
            time: now, kind: .limitReached,
            note: .text(
                "the app holds more than \(limits.memoryBytes >> 20) MiB of state and timeline (engine memory limit); the run stops"
            ))
        errorEvents.record(event, index: timeline.count + 1)
        timeline.append(event, keep: true)
        for o in observers { o.handler(event) }
    }

    /// Throws when a limit has stopped the app.
    func checkLimits() throws(EngineError) {
        guard overMemory else { return }
        let hint = limits.memorySetting.isEmpty ? "" : "; raise it with \(limits.memorySetting)"
        throw EngineError(
            .limitReached(
                "engine memory limit of \(limits.memoryBytes >> 20) MiB reached (state values and timeline\(hint))"))
    }
}
