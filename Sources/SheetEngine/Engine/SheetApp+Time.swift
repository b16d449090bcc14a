extension SheetApp {
    /// Lets `ms` virtual milliseconds pass, completing every transition that
    /// ends in that time, in time order (B01).
    /// - Throws: `EngineError` for a negative duration, or one that would
    ///   take the clock past `maximumTime`.
    public func advance(by ms: Int) throws(EngineError) {
        try checkLimits()
        guard ms >= 0 else { throw EngineError(.timeOutOfRange("cannot advance by a negative time (\(ms) ms)")) }
        guard ms <= SheetApp.maximumTime - now else {
            throw EngineError(
                .timeOutOfRange("cannot advance past \(SheetApp.maximumTime) ms of virtual time (\(ms) ms asked)"))
        }
        // A deferred advance may start later than checked; the clock still stops at the maximum.
        perform(user: false, .advance(ms))
    }

    /// The body of `advance(by:)`: completes the transitions that end by
    /// `target`, in time order, and sets the clock to it.
    func passTime(until target: Int) {
        var completed = 0
        while true {
            let budget = target - now
            let next = nextTransition(within: budget)
            if !world.reopenWindows.isEmpty, let (mod, left) = nextWindowWithHeldRequest(within: budget),
                next.map({ left < $0.left }) ?? true
            {
                // B34: a request queued while the window was open is presented as it closes.
                elapse(left)
                if canPresentHeld(mod), let r = takeHeld(mod) { presentHeld(mod, r, why: .heldRequest) }
                continue
            }
            guard let (i, left) = next else { break }
            elapse(left)
            complete(i)
            completed += 1
            if completed > 100_000 {
                emit(
                    Event(
                        time: now, kind: .limitReached,
                        note: .text("more than 100000 transitions in one advance; stopped")))
                break
            }
        }
        elapse(max(0, target - now))
    }

    /// Moves the clock on by `ms`, ageing every running transition (none ends before).
    func elapse(_ ms: Int) {
        guard ms > 0 else { return }
        now += ms
        for i in world.stack.indices where world.stack[i].lifecycle.left != nil {
            world.stack[i].lifecycle.age(by: ms)
        }
        ageReopenWindows(by: ms)
    }

    /// Lets time pass until no transition is running, or `limit` ms have
    /// passed (an app can keep itself busy; the oscillation guard stops
    /// most such loops).
    ///
    /// Called from code the engine runs (content, app code, a policy hook),
    /// it is applied after the current step, as one step: a loop of
    /// `advance(by:)` calls would only queue steps, the clock would never
    /// move, and the loop would never end.
    /// - Throws: `EngineError` for a negative limit.
    public func advanceUntilIdle(limit: Int = 600_000) throws(EngineError) {
        try checkLimits()
        guard limit >= 0 else { throw EngineError(.timeOutOfRange("cannot advance by a negative time (\(limit) ms)")) }
        if steps.busy {
            perform(user: false, .advanceUntilIdle(limit: limit))
            return
        }
        let end = now + min(limit, SheetApp.maximumTime - now)
        while let t = nextTransitionTime, t <= end {
            try advance(by: max(0, t - now))
        }
    }

    /// The latest virtual time, 2^52 ms (about 140,000 years): far enough
    /// for any run, and low enough that time arithmetic cannot overflow.
    public static let maximumTime = 1 << 52

    /// The transition ending first, within `budget` ms; the lowest in the
    /// stack among those ending together, so a nested group ends as one (B06).
    /// Returns its index in the stack and the milliseconds it has left.
    func nextTransition(within budget: Int) -> (index: Int, left: Int)? {
        var best: Int?
        var bestLeft = Int.max
        for i in world.stack.indices {
            guard let left = world.stack[i].lifecycle.left, left <= budget, left < bestLeft else { continue }
            best = i
            bestLeft = left
        }
        return best.map { ($0, bestLeft) }
    }

    /// B01: a presentation goes presenting -> presented -> dismissing -> gone; lengths from the profile.
    ///
    /// A transition ended: presenting becomes presented (then `onAppear`
    /// runs, and a dismissal asked for meanwhile starts); a dismissal finishes.
    func complete(_ index: Int) {
        switch world.stack[index].lifecycle.phase {
        case .presenting:
            let then = world.stack[index].lifecycle.finishPresenting()
            let view = presenterName(at: index)
            let request = world.stack[index].request
            let itemID = world.stack[index].itemID
            emit(
                Event(
                    time: now, kind: .presented, presenter: view,
                    modifier: signature(of: world.stack[index].modifier), item: itemID, phase: .presented,
                    detent: world.stack[index].layout.detent?.description, height: world.stack[index].layout.height,
                    rule: .b01, geometry: geometry(at: index), note: .text("")))
            applyDeferredLayout(request: request, .presented)
            if let i = world.index(request: request), let action = world.stack[i].shown.value.onAppear {
                emit(Event(time: now, kind: .onAppear, presenter: view, item: itemID, note: .text("")))
                runAction(action, presenter: view, detail: "onAppear")
            }
            if let then, let i = world.index(request: request) {
                beginDismiss(i, cause: then.cause, replacement: then.replacement)
            } else if let i = world.index(request: request) {
                // Requests queued inside it while it opened (B35) can present now.
                presentWaiting(on: .presentation(world.stack[i].modifier))
            }
        case .dismissing:
            finishDismiss(index)
        case .presented:
            break
        }
    }
}
