/// P01, seed 000's `SheetItemState` in Swift: a request made while the
/// modifier shows or closes a sheet is held as "next" and presented when the
/// dismissal finishes. One request is held at most; later ones are dropped
/// while one is held. Held requests get their own identity, so the same item
/// can reopen.
///
/// This is the native twin of `examples/policies/queue.lua` and the baseline
/// Lua policies are measured against.
public final class QueuePolicy: PresentationPolicy {
    public init() {}
    public var name: String { "queue (native)" }
    public var hooks: PolicyHooks { [.request] }

    public func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? {
        guard context.phase != nil else { return nil }  // nothing shown: stock presents
        return context.held > 0 ? .drop : .queue
    }
}
