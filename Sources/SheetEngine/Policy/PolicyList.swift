/// The policies an app consults, in load order: the one owner of that list.
/// Sessions, `serve` and `check` read it from the app and change it through
/// the app; it survives `SheetApp.reset`.
public struct PolicyList {
    /// The policies, in the order they are consulted.
    public private(set) var all: [any PresentationPolicy] = []
    /// The union of their hooks, so that a decision no policy hooks costs
    /// nothing. Derived from `all`.
    private(set) var hooks: PolicyHooks = []
    /// Whether any of them resolves custom detents. Derived from `all`.
    private(set) var resolvesDetents = false

    public init(_ policies: [any PresentationPolicy] = []) {
        all = policies
        derive()
    }

    /// Adds a policy after the others, or replaces the one with the same
    /// identity where it stands.
    /// - Returns: whether it replaced one.
    @discardableResult
    public mutating func install(_ policy: any PresentationPolicy) -> Bool {
        defer { derive() }
        if let i = all.firstIndex(where: { $0.identity == policy.identity }) {
            all[i] = policy
            return true
        }
        all.append(policy)
        return false
    }

    /// Removes the policy with this identity.
    /// - Returns: whether there was one.
    @discardableResult
    public mutating func remove(identity: String) -> Bool {
        guard let i = all.firstIndex(where: { $0.identity == identity }) else { return false }
        all.remove(at: i)
        derive()
        return true
    }

    private mutating func derive() {
        hooks = all.reduce(into: []) { $0.formUnion($1.hooks) }
        resolvesDetents = all.contains { !$0.customDetents.isEmpty }
    }
}
