extension Invariant {
    /// `violation(in:events:)` for one step's events: the same check,
    /// compiled here for slices of the timeline (called from another module,
    /// the generic one runs unspecialised, copying every event it reads).
    public func violation(in app: SheetApp, stepEvents events: ArraySlice<Event>) -> String? {
        violation(in: app, events: events)
    }
}
