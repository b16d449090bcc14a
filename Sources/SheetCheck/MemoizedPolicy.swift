import SheetEngine

/// A policy that remembers its answers, for `sheetlab check`: each hook is
/// asked once per distinct context, and asked again for the same context
/// it answers (or fails) as it did.
///
/// Exact under what exploration assumes already (docs/check.md): a policy
/// keeps no state between calls and does not depend on the clock, so its
/// answer is a function of the context. The clock is left out of the keys
/// (`time` is set to 0), as explored states leave it out; a Lua hook costs
/// thousands of instructions, a look-up a few hundred. One per explorer
/// thread (the wrapped policy is confined to it).
final class MemoizedPolicy: PresentationPolicy {
    let wrapped: any PresentationPolicy
    private var requests: [Key<RequestContext>: Result<RequestDecision?, PolicyFailure>] = [:]
    private var dismissals: [Key<DismissedContext>: Result<DismissedDecision?, PolicyFailure>] = [:]
    private var settles: [SettleContext: Result<SettleDecision?, PolicyFailure>] = [:]
    private var vetoes: [ShouldDismissContext: Result<Bool?, PolicyFailure>] = [:]
    private var detents: [DetentKey: Result<Double?, PolicyFailure>] = [:]
    /// Hook calls answered from memory, and made.
    private(set) var hits = 0
    private(set) var misses = 0

    /// A context as a key: compared whole, hashed by the fields that tell
    /// most contexts apart (hashing every string and item of a context cost
    /// more than the engine step around it).
    private struct Key<Context: Hashable>: Hashable {
        let context: Context
        let hash: Int

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.context == b.context }
    }

    private struct DetentKey: Hashable {
        var name: String
        var context: DetentContext
    }

    init(_ wrapped: any PresentationPolicy) { self.wrapped = wrapped }

    var name: String { wrapped.name }
    var identity: String { wrapped.identity }
    var hooks: PolicyHooks { wrapped.hooks }
    var customDetents: Set<String> { wrapped.customDetents }

    private func answer<Key: Hashable, Answer>(
        _ memory: inout [Key: Result<Answer, PolicyFailure>], _ key: Key,
        _ ask: () throws(PolicyFailure) -> Answer
    ) throws(PolicyFailure) -> Answer {
        if let known = memory[key] {
            hits += 1
            return try known.get()
        }
        misses += 1
        let result: Result<Answer, PolicyFailure>
        do throws(PolicyFailure) { result = .success(try ask()) } catch { result = .failure(error) }
        memory[key] = result
        return try result.get()
    }

    func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? {
        var c = context
        c.time = 0
        var h = Hasher()
        h.combine(c.modifier)
        h.combine(c.itemID)
        h.combine(c.phase)
        h.combine(c.currentItemID)
        h.combine(c.held)
        h.combine(c.stock)
        return try answer(&requests, Key(context: c, hash: h.finalize())) { () throws(PolicyFailure) in
            try wrapped.request(context)
        }
    }

    func dismissed(_ context: DismissedContext) throws(PolicyFailure) -> DismissedDecision? {
        var c = context
        c.time = 0
        var h = Hasher()
        h.combine(c.modifier)
        h.combine(c.itemID)
        h.combine(c.cause)
        h.combine(c.held.count)
        return try answer(&dismissals, Key(context: c, hash: h.finalize())) { () throws(PolicyFailure) in
            try wrapped.dismissed(context)
        }
    }

    func settle(_ context: SettleContext) throws(PolicyFailure) -> SettleDecision? {
        try answer(&settles, context) { () throws(PolicyFailure) in try wrapped.settle(context) }
    }

    func shouldDismiss(_ context: ShouldDismissContext) throws(PolicyFailure) -> Bool? {
        try answer(&vetoes, context) { () throws(PolicyFailure) in try wrapped.shouldDismiss(context) }
    }

    func resolveDetent(_ name: String, _ context: DetentContext) throws(PolicyFailure) -> Double? {
        try answer(&detents, DetentKey(name: name, context: context)) { () throws(PolicyFailure) in
            try wrapped.resolveDetent(name, context)
        }
    }
}
