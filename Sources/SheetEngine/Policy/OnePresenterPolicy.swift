/// P04, seed 004: one modifier pair for a sheet and a full-screen cover that
/// works on every OS version. The seed attaches both to the content on
/// iOS 15 and later, and the cover to an `EmptyView` before; this policy
/// gives the same result whatever the attachment: a request that stock
/// SwiftUI would never fire because of where its modifier sits (B10, B11)
/// is presented anyway.
///
/// Native twin of `examples/policies/one_presenter.lua`.
public final class OnePresenterPolicy: PresentationPolicy {
    public init() {}
    public var name: String { "one_presenter (native)" }
    public var hooks: PolicyHooks { [.request] }

    public func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? {
        context.blocked == nil ? nil : .present
    }
}
