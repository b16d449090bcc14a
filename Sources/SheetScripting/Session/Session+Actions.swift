import SheetEngine

/// The scenario functions, as Swift: what `set`, `swipe`, `advance` and the
/// rest do. Slots are named `"slot"` or `"View.slot"`.
extension Session {
    /// Adds a view (and its children) under `parent`, or as a root view.
    public func addView(_ spec: ViewSpec, parent: String? = nil) throws(EngineError) {
        try step { () throws(EngineError) in try app.addView(spec, parent: parent) }
    }

    /// Writes one slot, as a button's action does.
    public func set(_ path: String, _ value: Value) throws(EngineError) {
        try set([(path, value)])
    }

    /// Writes several slots in one update, in the order given.
    public func set(_ writes: [(String, Value)]) throws(EngineError) {
        var resolved: [StateWrite] = []
        for (path, value) in writes { resolved.append(StateWrite(try SlotPath.resolve(path, in: app), value)) }
        try step { () throws(EngineError) in try app.set(resolved) }
    }

    /// Reads a slot.
    public func get(_ path: String) throws(EngineError) -> Value {
        app.value(try SlotPath.resolve(path, in: app)) ?? .none
    }

    /// Swipes the top presentation down (B08).
    public func swipe() throws(EngineError) { try step { () throws(EngineError) in try app.swipeDown() } }
    /// Drags the top sheet to `height` points (B25).
    public func drag(to height: Double) throws(EngineError) {
        try step { () throws(EngineError) in try app.drag(to: height) }
    }
    /// Releases a drag with a velocity in points per second, positive downwards (B26).
    public func release(velocity: Double) throws(EngineError) {
        try step { () throws(EngineError) in try app.release(velocity: velocity) }
    }
    /// The DismissAction of the presentation `view` is in; the top one when nil (B07).
    public func dismiss(view: String?) throws(EngineError) {
        try step { () throws(EngineError) in try app.dismiss(from: view) }
    }
    /// Removes a view and its subtree (B09).
    public func remove(view: String) throws(EngineError) {
        try step { () throws(EngineError) in try app.removeView(view) }
    }
    @discardableResult
    /// Taps the presenter behind the top sheet; whether the tap reached it (B27).
    public func tapBackground() -> Bool { step { app.tapBackground() } }
    /// Taps the top sheet's drag indicator: the next detent, as the user's change (B42).
    public func tapGrabber() throws(EngineError) { try step { () throws(EngineError) in try app.tapGrabber() } }

    /// Rotates to `"portrait"` or `"landscape"`.
    public func rotate(_ orientation: String) throws(EngineError) {
        guard let o = Orientation(rawValue: orientation) else {
            throw EngineError(.invalidOrientation(orientation))
        }
        step { app.rotate(to: o) }
    }

    /// Lets `ms` pass; with nil, until no transition is running (at most ten
    /// virtual minutes, since an app may keep itself busy).
    public func advance(_ ms: Int?) throws(EngineError) {
        try step { () throws(EngineError) in
            if let ms { try app.advance(by: ms) } else { try app.advanceUntilIdle() }
        }
    }

    /// Runs one engine step so that all the Lua it runs (policy hooks,
    /// content, app code) shares the script budget: each call has the call
    /// budget, but a script can chain thousands of calls in one step (a hook
    /// that writes state makes another request); without a shared budget a
    /// step started by `serve` or `check` could take 10,000 times the call
    /// budget. Once it is spent, later calls fail at once and fall back to
    /// stock, each with a `policyError` (or `contentError`) on the timeline.
    func step<T>(_ body: () throws(EngineError) -> T) throws(EngineError) -> T {
        try runtime.withBudget(milliseconds: runtime.limits.scriptBudgetMilliseconds, body).0
    }

    func step<T>(_ body: () -> T) -> T {
        runtime.withBudget(milliseconds: runtime.limits.scriptBudgetMilliseconds, body).0
    }

    /// Events after index `since` (1-based positions), all when nil.
    public func timeline(since: Int? = nil) -> ArraySlice<Event> {
        app.timeline.events(since: since ?? 0)
    }

    /// Events since the previous call (or the start).
    public func newEvents() -> ArraySlice<Event> {
        defer { eventsMark = app.timeline.count }
        return app.timeline.events(since: eventsMark)
    }
}
