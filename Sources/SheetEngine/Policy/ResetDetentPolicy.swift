/// P02, seed 003: when a sheet has closed, put its detent selection back to
/// a given detent (`height(200)` in the seed), so that it always reopens there
/// instead of where it was left (B24).
///
/// Native twin of `examples/policies/reset_detent.lua`.
public final class ResetDetentPolicy: PresentationPolicy {
    /// The detent the selection is reset to.
    public let detent: Detent

    public init(to detent: Detent = .height(200)) { self.detent = detent }
    public var name: String { "reset_detent (native)" }
    public var hooks: PolicyHooks { [.dismissed] }

    public func dismissed(_ context: DismissedContext) throws(PolicyFailure) -> DismissedDecision? {
        guard let selection = context.selection else { return nil }
        return DismissedDecision(writes: [StateWrite(selection, .detent(detent))])
    }
}
