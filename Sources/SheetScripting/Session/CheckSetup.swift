import LuaRuntime

/// What `sheetlab check` and mcp's `check_policy` explore from, built once:
/// a configuration (profile, policies, limits) and its set-up scenario,
/// read once through the one reader (the default one, seed 000's one-sheet
/// app, when the configuration names none). Every session of the check,
/// the first and each further worker's, comes from `makeSession`.
package struct CheckSetup: Sendable {
    /// The profile, policies and limits; `script` is its set-up as read.
    package let configuration: SessionConfiguration
    /// The set-up scenario as read: what each session runs and what a counterexample replays.
    package let script: ScenarioText
    /// How the check names where it starts: the file, or "the default set-up (...)".
    package let description: String

    /// Reads the configuration's set-up (the default one when it names none).
    /// - Throws: `LuaError` (`.io`) when the set-up file cannot or may not be
    ///   read: not a regular file, over `--max-source`, outside the allowed roots.
    package init(_ configuration: SessionConfiguration) throws(LuaError) {
        self.configuration = configuration
        if let setup = configuration.setup {
            script = try ScenarioText(setup, base: configuration.baseDirectory, limits: configuration.limits)
            description = script.name
        } else {
            script = ScenarioText(source: Counterexample.defaultSetup, name: "setup")
            description = "the default set-up (seed 000's one-sheet app)"
        }
    }

    /// The set-up's source, as a counterexample scenario replays it.
    package var text: String { script.text }

    /// A session with the policies loaded and the set-up run, printing nowhere.
    /// - Parameters:
    ///   - startBudgetMilliseconds: the CPU loading the policies and running
    ///     the set-up may use together (a server's request budget).
    ///   - prepare: called with the session before any of its scripts runs
    ///     (a server attaches its cancellation).
    /// - Throws: `LuaError` with file:line when a policy or the set-up fails.
    package func makeSession(startBudgetMilliseconds: Int? = nil, prepare: (Session) -> Void = { _ in })
        throws(LuaError) -> Session
    {
        try Session(configuration, setup: script, startBudgetMilliseconds: startBudgetMilliseconds) { session in
            session.printHandler = { _ in }
            prepare(session)
        }
    }
}
