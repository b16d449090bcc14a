/// Running whole scenario files, as `sheetlab test` runs them.
extension SessionConfiguration {
    /// Runs a scenario file in a fresh session on this configuration (its
    /// profile, policies, limits and set-up).
    ///
    /// ```swift
    /// let outcome = try SessionConfiguration(profile: "iphonese-ios16")
    ///     .runScenario(path: "examples/seeds/seed000_lost_reopen.lua")
    /// print(outcome.passed, outcome.state.presentations.count)
    /// ```
    /// - Parameters:
    ///   - path: the file; its relative `policy("...")` paths are relative to its folder.
    ///   - pinsProfile: whether the configuration's profile wins over the
    ///     scenario's own `profile("...")` call (`Session.pinnedProfile`), to
    ///     compare a scenario across profiles as `sheetlab run --profiles` does;
    ///     nil (the default) for the configuration's `pinsProfile`.
    /// - Returns: the expectations and the app at the end; failed
    ///   expectations are part of the outcome.
    /// - Throws: `ScenarioError` for a script error (with the outcome so far),
    ///   or when a configured policy does not load.
    public func runScenario(path: String, pinsProfile: Bool? = nil) throws(ScenarioError) -> ScenarioOutcome {
        try run(pinsProfile: pinsProfile) { session in ScenarioRunner.run(in: session, path: path) }
    }

    /// Runs a scenario given as source, as if it were the file `name` in the
    /// configuration's `baseDirectory`.
    /// - Parameters:
    ///   - source: the scenario's Lua source.
    ///   - name: what errors and expectations name it (`scenario.lua:3: ...`).
    ///   - pinsProfile: as `runScenario(path:pinsProfile:)`.
    /// - Returns: as `runScenario(path:pinsProfile:)`.
    /// - Throws: as `runScenario(path:pinsProfile:)`.
    public func runScenario(source: String, name: String = "scenario.lua", pinsProfile: Bool? = nil)
        throws(ScenarioError) -> ScenarioOutcome
    {
        try run(pinsProfile: pinsProfile) { session in
            ScenarioRunner.run(in: session, source: source, name: name, baseDirectory: baseDirectory)
        }
    }

    private func run(pinsProfile: Bool?, _ body: (Session) -> ScenarioResult) throws(ScenarioError)
        -> ScenarioOutcome
    {
        var configuration = self
        if let pinsProfile { configuration.pinsProfile = pinsProfile }
        var output: [String] = []
        let session: Session
        do {
            session = try Session(configuration, startBudgetMilliseconds: nil) { session in
                session.printHandler = { output.append($0) }
            }
        } catch {
            throw ScenarioError(error)
        }
        let result = body(session)
        let outcome = ScenarioOutcome(
            path: result.path, expectations: session.expectationCount, failures: result.failures,
            state: session.state(), timeline: Array(session.timeline()), profile: session.profile, output: output)
        if let error = result.error { throw ScenarioError(error, outcome: outcome) }
        return outcome
    }
}
