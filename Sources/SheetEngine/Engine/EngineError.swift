/// An error in how the engine was asked to do something: an unknown name,
/// a malformed value. Errors in what the simulated app does are events on
/// the timeline, not thrown errors.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with what a person needs to fix it. One case per
    /// kind of mistake: `sheetlab serve` sends the case's name as the
    /// error's `reason` (docs/serve.md lists them).
    public enum Reason: Hashable, Sendable {
        case unknownProfile(name: String, valid: [String])
        case unknownView(String)
        case duplicateView(String)
        /// A slot no view has: `view` is nil when the path named no view
        /// (`"slot"`), the view when it did (`"View.slot"`).
        case unknownSlot(view: String?, slot: String)
        /// An unqualified slot name that several views have.
        case ambiguousSlot(slot: String, views: [String])
        case invalidDetent(String)
        case invalidItem(String)
        case noPresentation(String)
        /// An orientation other than portrait and landscape.
        case invalidOrientation(String)
        /// `profile(name)` or `profile_flag()` (`call`) after the first view (`reset(name)` starts over).
        case profileAfterViews(String, call: String = "profile")
        /// A duration or time the clock cannot take: negative, or past `SheetApp.maximumTime`.
        case timeOutOfRange(String)
        case invalidArgument(String)
        /// A limit on what the app holds or does stopped it (`EngineLimits`).
        case limitReached(String)
        /// A policy named by a path or name that no loaded policy has, or that several have.
        case unknownPolicy(name: String, loaded: [String])
        case ambiguousPolicy(name: String, loaded: [String])
        /// `reset` from code the app is running (a hook, content, an action).
        case resetDuringStep
        /// A profile flag that does not exist.
        case unknownFlag(name: String, valid: [String])
    }

    /// What went wrong.
    public var reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// `; did you mean iphone15-ios17, iphone15-ios26? (a profile is
    /// DEVICE-iosVERSION)` for a device alone (its versions), else the
    /// closest names, or "" when none is close.
    public static func profileHint(for name: String, in valid: [String]) -> String {
        let versions = valid.filter { $0.hasPrefix(name.lowercased() + "-") }
        guard versions.isEmpty else {
            return "; did you mean " + versions.joined(separator: ", ") + "? (a profile is DEVICE-iosVERSION)"
        }
        return NameSuggestion.hint(for: name, in: valid)
    }

    public var description: String {
        switch reason {
        case .unknownProfile(let name, let valid):
            return "unknown profile '\(name)'\(Self.profileHint(for: name, in: valid)); valid profiles: "
                + valid.joined(separator: ", ")
        case .unknownView(let name):
            return "no view named '\(name)'"
        case .duplicateView(let name):
            return "a view named '\(name)' already exists"
        case .unknownSlot(let view?, let slot):
            return "view '\(view)' has no state '\(slot)'"
        case .unknownSlot(nil, let slot):
            return "no view has a state slot '\(slot)'"
        case .ambiguousSlot(let slot, let views):
            return "several views have a state slot '\(slot)' (\(views.joined(separator: ", "))); write View.\(slot)"
        case .invalidOrientation(let text):
            return "orientation must be portrait or landscape, got '\(text)'"
        case .profileAfterViews(let name, let call):
            return "\(call)() must come before the first view; use reset(\"\(name)\") to start over"
        case .timeOutOfRange(let text):
            return text
        case .invalidDetent(let text):
            return "invalid detent '\(text)'; expected medium, large, fraction(F), height(H) or custom(NAME)"
        case .invalidItem(let text):
            return "invalid item: \(text)"
        case .noPresentation(let text):
            return text
        case .invalidArgument(let text):
            return text
        case .limitReached(let text):
            return text
        case .unknownPolicy(let name, let loaded):
            return
                "no loaded policy is named '\(name)'; loaded: \(loaded.isEmpty ? "none" : loaded.joined(separator: ", "))"
        case .ambiguousPolicy(let name, let loaded):
            return "several loaded policies are named '\(name)'; give the path: \(loaded.joined(separator: ", "))"
        case .unknownFlag(let name, let valid):
            return "unknown profile flag '\(name)'; expected one of \(valid.joined(separator: ", "))"
        case .resetDuringStep:
            return "reset cannot run while the app runs a step (from a policy hook, content or an action)"
        }
    }
}
