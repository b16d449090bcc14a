/// An error in how the engine was asked to do something: an unknown name,
/// a malformed value. Errors in what the simulated app does are events on
/// the timeline, not thrown errors.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with what a person needs to fix it.
    public enum Reason: Hashable, Sendable {
        case unknownProfile(name: String, valid: [String])
        case unknownView(String)
        case duplicateView(String)
        case unknownSlot(view: String, slot: String)
        case invalidDetent(String)
        case invalidItem(String)
        case noPresentation(String)
        case invalidArgument(String)
        /// A limit on what the app holds or does stopped it (`EngineLimits`).
        case limitReached(String)
    }

    /// What went wrong.
    public var reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .unknownProfile(let name, let valid):
            return "unknown profile '\(name)'; valid profiles: \(valid.joined(separator: ", "))"
        case .unknownView(let name):
            return "no view named '\(name)'"
        case .duplicateView(let name):
            return "a view named '\(name)' already exists"
        case .unknownSlot(let view, let slot):
            return "view '\(view)' has no state '\(slot)'"
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
        }
    }
}
