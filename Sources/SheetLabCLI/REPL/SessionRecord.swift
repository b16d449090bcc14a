/// What a REPL session did, in order: what `:save` writes as a scenario.
///
/// Only what changes the app is kept: the profile, the policies loaded,
/// the set-up, resets and the inputs that ran to the end. An input that
/// stopped with an error is kept as a comment (its effects up to the error
/// are not replayed).
struct SessionRecord: Equatable, Sendable {
    /// One thing the session did.
    enum Step: Equatable, Sendable {
        /// The profile the session started on.
        case profile(String)
        /// A policy file loaded or reloaded; an absolute path.
        case policy(path: String)
        /// The REPL's starting app (`StarterApp.source`) was built.
        case starterApp
        /// The app was started over, on another profile when named.
        case reset(profile: String?)
        /// Lua typed at the prompt that ran to the end. `folder` is where
        /// its relative `policy()` paths were resolved; `setsLastValue`
        /// when it returned a value, which the REPL kept in `_`.
        case input(source: String, form: SavedInputForm, folder: String, setsLastValue: Bool = false)
        /// The `--load` scenario `path` ran (to the end) as the set-up.
        case loaded(path: String, source: String, form: SavedInputForm, folder: String)
        /// Lua that stopped with an error; `changedTimeline` when it left events behind.
        case failed(source: String, error: String, changedTimeline: Bool)
    }

    /// The steps, oldest first.
    var steps: [Step] = []

    /// Appends a step.
    mutating func append(_ step: Step) { steps.append(step) }

    /// How many inputs ran to the end.
    var inputCount: Int {
        steps.filter { if case .input = $0 { return true } else { return false } }.count
    }

    /// Failed inputs that changed the timeline: a replay will differ from the session there.
    var divergingFailures: Int {
        steps.filter { if case .failed(_, _, true) = $0 { return true } else { return false } }.count
    }
}
