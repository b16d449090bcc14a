import SheetEngine

/// Watching the timeline from outside: what `sheetlab serve` turns into
/// notifications and what an embedding tool listens to.
extension Session {
    /// Calls `handler` with every event from now on, synchronously, as the
    /// engine appends it to the timeline. The subscription survives `reset`
    /// (and `setProfile`), which start a fresh timeline.
    ///
    /// The handler runs inside the engine's step: it may read the session
    /// (`state()`, `timeline(since:)`) but should not act on it.
    /// - Parameter handler: receives each event; its index on the timeline is
    ///   the timeline's count at that moment.
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

    /// Every event from now on, as an asynchronous sequence another task can
    /// read while this one drives the session (events are `Sendable`):
    ///
    /// ```swift
    /// let events = session.eventStream()
    /// let watcher = Task { for await event in events where event.severity != .info { print(event) } }
    /// try session.advance(by: .milliseconds(500))
    /// ```
    ///
    /// Events are yielded as the engine records them, during the call that
    /// causes them; the stream ends when the session is gone. A consumer that
    /// stops reading (its task cancelled) ends its subscription at the next event.
    /// - Parameter bufferingPolicy: what the stream keeps while nobody reads
    ///   it; everything by default.
    /// - Returns: the stream.
    public func eventStream(
        bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: bufferingPolicy)
        let token = TokenBox()
        token.value = subscribe { [weak self, token] event in
            guard case .terminated = continuation.yield(event), let self, let id = token.value else { return }
            self.unsubscribe(id)
            self.streams[id] = nil
        }
        streams[token.value!] = continuation
        return stream
    }
}

/// The token of a subscription, for the handler it belongs to.
final class TokenBox {
    var value: Int?
}
