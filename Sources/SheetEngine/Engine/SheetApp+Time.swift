extension SheetApp {
    /// Lets `ms` virtual milliseconds pass, completing every transition that
    /// ends in that time, in time order (B01).
    /// - Throws: `EngineError` for a negative duration, or one that would
    ///   take the clock past `maximumTime`.
    public func advance(by ms: Int) throws(EngineError) {
        guard ms >= 0 else { throw EngineError(.timeOutOfRange("cannot advance by a negative time (\(ms) ms)")) }
        guard ms <= SheetApp.maximumTime - now else {
            throw EngineError(
                .timeOutOfRange("cannot advance past \(SheetApp.maximumTime) ms of virtual time (\(ms) ms asked)"))
        }
        perform(user: false) { [self] in
            // A deferred advance may start later than checked; the clock still stops at the maximum.
            passTime(until: min(now + ms, SheetApp.maximumTime))
        }
    }

    /// The body of `advance(by:)`: completes the transitions that end by
    /// `target`, in time order, and sets the clock to it.
    func passTime(until target: Int) {
        var steps = 0
        while let i = nextTransition(until: target) {
            now = presentations[i].phaseEnds!
            complete(i)
            steps += 1
            if steps > 100_000 {
                emit(
                    Event(time: now, kind: .actionError, detail: "more than 100000 transitions in one advance; stopped")
                )
                break
            }
        }
        now = max(now, target)
    }

    /// Lets time pass until no transition is running, or `limit` ms have
    /// passed (an app can keep itself busy; the oscillation guard stops
    /// most such loops).
    ///
    /// Called from code the engine runs (content, app code, a policy hook),
    /// it is applied after the current step, as one step: a loop of
    /// `advance(by:)` calls would only queue steps, the clock would never
    /// move, and the loop would never end (it used to fill memory).
    /// - Throws: `EngineError` for a negative limit.
    public func advanceUntilIdle(limit: Int = 600_000) throws(EngineError) {
        guard limit >= 0 else { throw EngineError(.timeOutOfRange("cannot advance by a negative time (\(limit) ms)")) }
        if busy {
            perform(user: false) { [self] in
                let end = now + min(limit, SheetApp.maximumTime - now)
                while let t = nextTransitionTime, t <= end { passTime(until: t) }
            }
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

    /// The time the next transition ends, if any.
    public var nextTransitionTime: Int? {
        presentations.compactMap(\.phaseEnds).min()
    }

    /// The transition ending first, no later than `target`; the lowest in the
    /// stack among those ending together, so a nested group ends as one (B06).
    func nextTransition(until target: Int) -> Int? {
        var best: Int?
        for (i, p) in presentations.enumerated() {
            guard let t = p.phaseEnds, t <= target else { continue }
            if best == nil || t < presentations[best!].phaseEnds! { best = i }
        }
        return best
    }

    func complete(_ index: Int) {
        let p = presentations[index]
        switch p.phase {
        case .presenting:
            presentations[index].phase = .presented
            presentations[index].phaseEnds = nil
            emit(
                Event(
                    time: now, kind: .presented, presenter: p.modifier.view, modifier: p.signature,
                    item: p.itemID, phase: .presented, detent: p.detent?.description, height: p.height))
            if let action = p.content?.onAppear {
                emit(Event(time: now, kind: .onAppear, presenter: p.modifier.view, item: p.itemID))
                runAction(action, kind: .onAppear, presenter: p.modifier.view, detail: "onAppear")
            }
            if let cause = p.deferredDismiss, let i = presentationIndex(id: p.id) {
                presentations[i].deferredDismiss = nil
                beginDismiss(i, cause: cause)
            }
        case .dismissing:
            finishDismiss(index)
        case .presented:
            presentations[index].phaseEnds = nil
        }
    }
}
