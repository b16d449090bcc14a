extension SheetApp {
    /// Asks the policies that implement `hook`: the one consultation path,
    /// for every hook (`consult(detent:_:)` is the same for custom detents).
    ///
    /// The rule, written once: the policies are asked in load order; `nil`
    /// means no opinion and the next one is asked; the first answer decides.
    /// A policy that fails (raises, runs out of budget, answers something
    /// invalid) makes the decision stock: its error goes on the timeline as a
    /// `policyError` naming the policy and the hook, and no later policy is
    /// asked. `ask` may validate an answer by throwing. The context is
    /// built once, and only when some policy implements the hook.
    /// - Returns: the answer and the policy that gave it; nil means stock.
    ///
    /// Inlined, the context passed borrowed rather than captured by a
    /// closure: a captured context, passed through generic parameters, was
    /// copied (every field retained) about seven times a request (issue 28).
    @inline(__always)
    func consult<Context, Answer>(
        _ hook: Hook, _ context: () -> Context,
        _ ask: (any PresentationPolicy, borrowing Context) throws(PolicyFailure) -> Answer?
    ) -> (answer: Answer, by: Decider)? {
        let hooks = PolicyHooks(hook)
        guard policies.hooks.contains(hooks) else { return nil }
        let built = context()
        return consult(where: { $0.hooks.contains(hooks) }, built, ask)
    }

    /// Asks the policies that define the custom detent `name`, by the same
    /// rule as `consult(_:_:)`. A resolver's `nil` makes the detent inactive
    /// (B17), which is an answer: the first policy that defines it decides.
    func consult(detent name: String, _ context: DetentContext) -> (answer: Double?, by: Decider)? {
        guard policies.resolvesDetents else { return nil }
        return consult(where: { $0.customDetents.contains(name) }, context) {
            (p, context) throws(PolicyFailure) -> Double?? in .some(try p.resolveDetent(name, context))
        }
    }

    @inline(__always)
    private func consult<Context, Answer>(
        where takes: (any PresentationPolicy) -> Bool, _ context: borrowing Context,
        _ ask: (any PresentationPolicy, borrowing Context) throws(PolicyFailure) -> Answer?
    ) -> (answer: Answer, by: Decider)? {
        for policy in policies.all where takes(policy) {
            do throws(PolicyFailure) {
                if let answer = try ask(policy, context) { return (answer, .policy(policy.name)) }
            } catch {
                reportFailure(error, of: policy)
                return nil
            }
        }
        return nil
    }

    /// A failed policy's error, on the timeline (the decision falls back to stock).
    @inline(never)
    private func reportFailure(_ error: PolicyFailure, of policy: any PresentationPolicy) {
        emit(
            Event(
                time: now, kind: .policyError, decider: .policy(policy.name),
                note: .text("\(error.message) (hook '\(error.hookName)' fell back to stock)")))
    }

    /// Whether any loaded policy defines the custom detent `name`.
    func resolves(detent name: String) -> Bool {
        policies.resolvesDetents && policies.all.contains { $0.customDetents.contains(name) }
    }
}
