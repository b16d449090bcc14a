import SheetEngine
import SheetScripting

/// The policies a fuzz case runs under: none (stock SwiftUI), native Swift
/// policies, or their Lua twins from `examples/policies`; and the invariants
/// that configuration is expected to keep on a set-up.
public struct PolicyConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// A seed policy (P01-P04), native or in Lua.
    public enum Policy: String, Sendable, Hashable, CaseIterable {
        case queue
        case resetDetent = "reset_detent"
        case barDetent = "bar_detent"
        case onePresenter = "one_presenter"

        /// The Lua twin's file name in `examples/policies`.
        public var file: String { rawValue + ".lua" }

        /// The native Swift policy.
        public func makeNative() -> any PresentationPolicy {
            switch self {
            case .queue: QueuePolicy()
            case .resetDetent: ResetDetentPolicy()
            case .barDetent: BarDetentPolicy()
            case .onePresenter: OnePresenterPolicy()
            }
        }
    }

    /// How the policies are written.
    public enum Form: String, Sendable, Hashable {
        case stock, native, lua
    }

    public var form: Form
    /// In load order (empty for stock).
    public var policies: [Policy]

    public init(form: Form, policies: [Policy]) {
        self.form = form
        self.policies = form == .stock ? [] : policies
    }

    public static let stock = PolicyConfiguration(form: .stock, policies: [])

    /// `stock`, `native queue+bar_detent`, `lua one_presenter`.
    public var description: String {
        form == .stock ? "stock" : "\(form.rawValue) " + policies.map(\.rawValue).joined(separator: "+")
    }

    /// A random configuration: stock a fifth of the time, otherwise one or
    /// two seed policies, native or Lua.
    static func random(_ rng: inout FuzzRandom) -> PolicyConfiguration {
        if rng.chance(0.2) { return .stock }
        var chosen = [rng.pick(Policy.allCases)]
        if rng.chance(0.35) {
            let second = rng.pick(Policy.allCases)
            if second != chosen[0] { chosen.append(second) }
        }
        // queue.lua claims no-request-lost, and Checker holds it to the claim
        // whenever it is loaded; the claim is only true when queue decides
        // requests, so it goes before one_presenter (which answers blocked
        // requests with `present`, B03 included).
        if chosen == [.onePresenter, .queue] { chosen.reverse() }
        return PolicyConfiguration(form: rng.chance(0.5) ? .native : .lua, policies: chosen)
    }

    /// The same policies in the other form (native <-> Lua), for twin checks.
    public var twin: PolicyConfiguration? {
        switch form {
        case .stock: nil
        case .native: PolicyConfiguration(form: .lua, policies: policies)
        case .lua: PolicyConfiguration(form: .native, policies: policies)
        }
    }

    /// A session configuration's policies: the Lua files of the Lua form;
    /// none for stock or the native form (`nativePolicies`).
    /// - Parameter examples: the `examples/policies` folder.
    public func sessionPolicies(examples: String) -> [PolicySource] {
        form == .lua ? policies.map { .file(examples + "/" + $0.file) } : []
    }

    /// The native Swift policies of the native form, in order; none otherwise.
    public func nativePolicies() -> [any PresentationPolicy] {
        form == .native ? policies.map { $0.makeNative() } : []
    }

    /// The Lua files a counterexample loads: native policies are replayed
    /// with their Lua twins, which behave the same (`PolicyTwinTests`).
    public func luaFiles(examples: String) -> [String] {
        policies.map { examples + "/" + $0.file }
    }

    /// The built-in invariants this configuration must keep on a set-up.
    ///
    /// - one-per-presenter, detent-in-range and no-hook-error: always.
    /// - no-oscillation: always; the set-ups' app code never dismisses, so
    ///   every round of a loop needs user input (P05).
    /// - binding-agrees: unless a presenter has two modifiers (B05, which no
    ///   seed policy changes) or a modifier sits on an `EmptyView` on iOS 15
    ///   or later (B11) and `one_presenter` (P04) does not route around it
    ///   (it does for `isPresented:`; for `item:` it presents the first item
    ///   but answers `present` to a second, which B05 then ignores), or a
    ///   content view's binding starts set on a version with B35's bug.
    /// - no-request-lost: when `queue` (P01) is loaded (`random` puts it
    ///   before `one_presenter`, which would otherwise answer first). Stock
    ///   loses them (B03).
    ///
    /// - Parameters:
    ///   - features: what the set-up contains.
    ///   - profile: the profile it runs on.
    public func expectedInvariants(for features: FuzzSetup.Features, on profile: Profile) -> [Invariant] {
        var out: [Invariant] = [.onePerPresenter, .detentInRange, .noHookError, .noOscillation]
        let routesAroundBlocks = policies.contains(.onePresenter)
        let blocked =
            features.emptyViewHost && !profile.os.emptyViewHostFires && (!routesAroundBlocks || features.emptyViewItem)
        let restoredBlocked = features.restoredNested && profile.os.restoredNestedBlocked
        if !features.sharedPresenter, !blocked, !restoredBlocked { out.append(.bindingAgrees) }
        if policies.contains(.queue) { out.append(.noRequestLost) }
        return out
    }
}
