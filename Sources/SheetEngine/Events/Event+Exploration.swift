extension Event {
    /// What a `request` event decided (its detail reads `-> queue`), as a
    /// value: coverage counts decisions without rendering details.
    public var requestDecision: RequestDecision? {
        if case .decision(let d) = note { return d }
        return nil
    }

    /// The event without clock readings: its time 0, and a transition's end
    /// as the time it takes (`ends at 500 ms` read from time 0). Explorers
    /// tell events apart by it, as they tell states apart without the clock.
    public var timeless: Event {
        var e = self
        if case .transition(let what, let ends) = note { e.note = .transition(what, ends: ends - time) }
        e.time = 0
        return e
    }
}
