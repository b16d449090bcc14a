/// What a scenario file gave, as a `Sendable` value: its expectations, and
/// the app at the end (state and timeline).
///
/// A script error (syntax, runtime error, a limit) is not an outcome: it is
/// thrown as a ``ScenarioError``, which carries the outcome up to that point.
public struct ScenarioOutcome: Sendable, Hashable {
    /// The scenario file, or the name source text ran under.
    public var path: String
    /// How many `expect` and `expect_eq` calls ran.
    public var expectations: Int
    /// The expectations that failed, with file:line, in the order they failed.
    public var failures: [ExpectationFailure]
    /// The app at the end.
    public var state: AppState
    /// Every event of the run.
    public var timeline: [Event]
    /// The profile the scenario ended on (its own `profile()` call may change it).
    public var profile: Profile
    /// What the scenario printed, one entry per `print`.
    public var output: [String]

    /// Whether every expectation held.
    public var passed: Bool { failures.isEmpty }

    /// The events of severity `error`: failing policy hooks, content and app
    /// code, invalid selections (the engine fell back to stock for each).
    public var errorEvents: [Event] { timeline.filter { $0.severity == .error } }
}

/// A scenario stopped by a script error, or one that could not start (a
/// policy that does not load).
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The Lua error, with file:line and a traceback.
    public var error: LuaError
    /// What the scenario had done before the error; nil when it never ran.
    public var outcome: ScenarioOutcome?

    /// Creates an error.
    public init(_ error: LuaError, outcome: ScenarioOutcome? = nil) {
        self.error = error
        self.outcome = outcome
    }

    /// The Lua error's message, `file:line: message`.
    public var description: String { error.description }
}
