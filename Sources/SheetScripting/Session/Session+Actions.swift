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
    public func drag(to height: Double, startingOn button: String? = nil) throws(EngineError) {
        try step { () throws(EngineError) in try app.drag(to: height, startingOn: button) }
    }
    /// Releases a drag with a velocity in points per second, positive downwards (B26).
    public func release(velocity: Double) throws(EngineError) {
        try step { () throws(EngineError) in try app.release(velocity: velocity) }
    }
    /// The DismissAction of the presentation `view` is in; the top one when
    /// nil, as `@Environment(\.dismiss)` in the top sheet's content (B07).
    public func dismiss(view: String? = nil) throws(EngineError) {
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

    /// Focuses a text field in the top sheet's content (B48).
    public func focusTextField() throws(EngineError) {
        try step { () throws(EngineError) in try app.focusTextField() }
    }

    /// Rotates the device.
    /// - Parameter orientation: `.portrait` or `.landscape`.
    public func rotate(to orientation: Orientation) {
        step { app.rotate(to: orientation) }
    }

    /// `rotate(to:)` by name, `"portrait"` or `"landscape"`, as the Lua `rotate` calls it.
    /// - Throws: `EngineError` (`invalidOrientation`) for any other name.
    package func rotate(_ name: String) throws(EngineError) {
        guard let orientation = Orientation(rawValue: name) else { throw EngineError(.invalidOrientation(name)) }
        rotate(to: orientation)
    }

    /// Lets virtual time pass, completing every transition that ends in it (B01).
    ///
    /// ```swift
    /// try session.advance(by: .milliseconds(500))
    /// ```
    /// - Parameter duration: whole milliseconds, zero or more.
    /// - Throws: `EngineError`: `invalidArgument` for a part of a millisecond,
    ///   `timeOutOfRange` for a negative duration or one past the end of
    ///   virtual time (2^52 ms).
    public func advance(by duration: Duration) throws(EngineError) {
        try advance(try Session.milliseconds(duration))
    }

    /// Lets time pass until no transition is running (at most ten virtual
    /// minutes, since an app may keep itself busy).
    public func advanceUntilIdle() throws(EngineError) {
        try advance(nil)
    }

    /// `advance(by:)` in milliseconds, or with nil `advanceUntilIdle()`, as the Lua `advance` calls it.
    package func advance(_ ms: Int?) throws(EngineError) {
        try step { () throws(EngineError) in
            if let ms { try app.advance(by: ms) } else { try app.advanceUntilIdle() }
        }
    }

    /// A duration in whole milliseconds.
    /// - Throws: `EngineError` for a part of a millisecond or a duration no `Int` holds.
    static func milliseconds(_ duration: Duration) throws(EngineError) -> Int {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        guard attoseconds % perMillisecond == 0 else {
            throw EngineError(.invalidArgument("advance(by:) takes whole milliseconds, got \(duration)"))
        }
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (total, overflow2) = ms.addingReportingOverflow(attoseconds / perMillisecond)
        guard !overflow, !overflow2, let result = Int(exactly: total) else {
            throw EngineError(.timeOutOfRange("cannot advance by \(duration)"))
        }
        return result
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

    // MARK: Reading

    /// The app now, as a value: time, profile, orientation, presentations,
    /// views with their state, held requests.
    public func state() -> AppState { app.state() }

    /// The modal stack, bottom first.
    public var stack: [PresentationState] { app.stack }

    /// The virtual clock.
    public var now: Duration { .milliseconds(app.now) }

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
