import SheetEngine

/// What the checker explores, and all it knows of it (stateright's `Model`):
/// an app holding the set-up, a way to point the host's own code at the
/// copy being explored, a budget for the code one step runs, and the
/// invariants the host's policies add.
///
/// A `Session` is one (its views' content and its policies are Lua); an
/// `AppHost` is an app alone, for native policies and plain Swift content.
/// Each exploring thread has a host of its own (`Checker.makeHost`): hosts,
/// like apps, are confined. Package access, as a session's app is: the
/// CLI, serve, mcp and the fuzzers check, embedders do not reach the app.
package protocol ExplorationHost: AnyObject {
    /// The app with the set-up: its views, state and policies. Exploring
    /// copies it and leaves it as it was.
    var app: SheetApp { get }
    /// Makes `app` the one the host's code reaches (a content function that
    /// reads a binding, app code that calls back into the app) from now on.
    /// The checker adopts its copy while it explores and gives the host its
    /// own app back when it is done.
    func adopt(_ app: SheetApp)
    /// The budget, in milliseconds of CPU, that the code one step runs
    /// shares (a session's script budget). Read once per worker: a step is
    /// too short to look it up each time.
    var stepBudget: Int { get }
    /// Runs one step's work (`body`) so that all the code it runs shares
    /// `milliseconds`, as a scenario's step does.
    func withBudget(milliseconds: Int, _ body: () -> Void)
    /// Built-in invariants the host's policies claim to keep, in order.
    var claimedInvariants: [Invariant] { get }
    /// Invariants the host's policies declare as code, in order.
    var declaredInvariants: [DeclaredInvariant] { get }
}

extension ExplorationHost {
    package var claimedInvariants: [Invariant] { [] }
    package var declaredInvariants: [DeclaredInvariant] { [] }
}

/// An invariant a policy declares as code: a name and a test of the app's
/// state, run on the explored app.
package struct DeclaredInvariant {
    package var name: String
    /// nil when the state keeps it; else what breaks it.
    package var test: (SheetApp) -> String?

    package init(name: String, test: @escaping (SheetApp) -> String?) {
        self.name = name
        self.test = test
    }
}

/// A host that is an app alone: native Swift policies and content, no
/// script, so no budget to keep (`stepBudget` is `Int.max`).
///
/// ```swift
/// let app = SheetApp(profile: .default, policies: [QueuePolicy()])
/// try app.addView(contentView)
/// let report = Checker(host: AppHost(app)).exhaustive(depth: 6)
/// ```
package final class AppHost: ExplorationHost {
    package private(set) var app: SheetApp

    package init(_ app: SheetApp) { self.app = app }

    package func adopt(_ app: SheetApp) { self.app = app }

    package var stepBudget: Int { .max }

    package func withBudget(milliseconds: Int, _ body: () -> Void) { body() }
}
