import SheetEngine

/// Watching the timeline from outside: what `sheetlab serve` turns into
/// notifications and what an embedding tool listens to.
extension Session {
    /// Calls `handler` with every event from now on, synchronously, as the
    /// engine appends it to the timeline. The subscription survives `reset`
    /// (and `setProfile`), which start a fresh timeline.
    ///
    /// The handler runs inside the engine's step: it may read the session
    /// (`app.state()`, `app.timeline`) but should not act on it.
    /// - Parameter handler: receives each event; its index on the timeline is
    ///   `app.timeline.count` at that moment.
    /// - Returns: a token for `unsubscribe(_:)`.
    @discardableResult
    public func subscribe(_ handler: @escaping (Event) -> Void) -> Int {
        app.subscribe(handler)
    }

    /// Stops calling the handler registered under `token`.
    /// - Parameter token: what `subscribe(_:)` returned.
    public func unsubscribe(_ token: Int) {
        app.unsubscribe(token)
    }
}
