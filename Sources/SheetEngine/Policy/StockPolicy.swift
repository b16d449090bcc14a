/// SwiftUI's behaviour: every hook answers "stock". Loading it changes
/// nothing; it exists so that "no policy" can be named.
public final class StockPolicy: PresentationPolicy {
    public init() {}
    public var name: String { "stock" }
    public var hooks: PolicyHooks { [] }
}
