extension Event {
    /// What a `request` event decided (its detail reads `-> queue`), as a
    /// value: coverage counts decisions without rendering details.
    public var requestDecision: RequestDecision? {
        if case .decision(let d) = note { return d }
        return nil
    }
}
