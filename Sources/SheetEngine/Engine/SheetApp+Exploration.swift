extension SheetApp {
    /// A copy for exploring alternatives (`sheetlab check`): the world, the
    /// clock and the settings are copied (the world is a value, so this is
    /// cheap until one side changes); policies and the code in view
    /// declarations are shared, so policies must not keep state of their own
    /// between calls for the copies to be independent. The copy starts with
    /// an empty timeline and no observers.
    public func clone() -> SheetApp {
        let copy = SheetApp(profile: profile, limits: limits)
        copy.policies = policies
        copy.world = world
        copy.now = now
        copy.oscillationLimit = oscillationLimit
        copy.retainsEvents = retainsEvents
        copy.heldBytes = heldBytes
        return copy
    }

    /// A hash of everything that decides what happens next: the world's.
    /// Two apps with the same fingerprint behave alike from here on
    /// (assuming stateless policies), whatever their clocks read. Used to
    /// explore each state once.
    public func fingerprint() -> Int { world.hashValue }

    /// Whether two apps are in the same situation: equal worlds (see `fingerprint()`).
    public func sameState(as other: SheetApp) -> Bool { world == other.world }
}
