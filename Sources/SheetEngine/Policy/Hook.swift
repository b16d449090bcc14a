/// A decision point the engine asks policies about. The raw value is the
/// hook's name as policy authors write it in Lua (`should_dismiss`), the one
/// place that name is declared: `PolicyHooks`, `PolicyFailure`, Lua policy
/// tables and explanations all read it from here.
public enum Hook: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// A presentation was asked for (`PresentationPolicy.request`).
    case request
    /// A presentation finished closing (`PresentationPolicy.dismissed`).
    case dismissed
    /// A drag was released (`PresentationPolicy.settle`).
    case settle
    /// An interactive dismissal is about to happen (`PresentationPolicy.shouldDismiss`).
    case shouldDismiss = "should_dismiss"
    /// Custom detent resolvers, one per name: `detents.NAME` (`PresentationPolicy.resolveDetent`).
    case detents

    /// The Lua name.
    public var description: String { rawValue }

    /// The hook as a message names it: `request`, or `detents.bar` for one resolver.
    public func name(detent: String?) -> String {
        detent.map { "\(rawValue).\($0)" } ?? rawValue
    }
}
