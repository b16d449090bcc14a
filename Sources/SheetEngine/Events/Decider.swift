/// Who made a decision or a write that the timeline shows.
public enum Decider: Hashable, Sendable {
    /// SwiftUI's own behaviour, as the engine models it.
    case stock
    /// A loaded policy, by name (`queue.lua`).
    case policy(String)
    /// App code: `onDismiss`, `onChange`, `onAppear`, a content closure.
    case app
    /// The engine itself: a held request made current, a detent selection
    /// following the sheet, the oscillation guard (the event says why).
    case engine

    /// The name the timeline shows: `stock`, the policy's name, `app` or `engine`.
    public var name: String {
        switch self {
        case .stock: return "stock"
        case .policy(let name): return name
        case .app: return "app"
        case .engine: return "engine"
        }
    }

    /// Reads a name back: `stock`, `app` and `engine` are themselves, anything else a policy.
    public init(name: String) {
        switch name {
        case "stock": self = .stock
        case "app": self = .app
        case "engine": self = .engine
        default: self = .policy(name)
        }
    }
}
