/// P03, seed 003 and Apple's documentation: the custom detent `bar`, whose
/// height is `max(44, maxDetentValue * 0.1)`.
///
/// Native twin of `examples/policies/bar_detent.lua`.
public final class BarDetentPolicy: PresentationPolicy {
    public init() {}
    public var name: String { "bar_detent (native)" }
    public var hooks: PolicyHooks { [] }
    public var customDetents: Set<String> { ["bar"] }

    public func resolveDetent(_ name: String, _ context: DetentContext) throws(PolicyFailure) -> Double? {
        name == "bar" ? max(44, context.maxDetentValue * 0.1) : nil
    }
}
