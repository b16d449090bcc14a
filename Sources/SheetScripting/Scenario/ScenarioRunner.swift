import LuaRuntime
import SheetEngine

/// What running one scenario file gave: the package's own form, with the
/// script error as a field and the live session (the CLI renders its
/// timeline). Embedders get `SheetLab`'s `Sendable` `ScenarioOutcome`, and
/// a script error as a thrown `ScenarioError`.
package struct ScenarioResult {
    /// The scenario file.
    package var path: String
    /// Failed expectations.
    package var failures: [ExpectationFailure]
    /// The script error that stopped the scenario, if one did (syntax,
    /// runtime, limit), with file:line.
    package var error: LuaError?
    /// The session, for reading the timeline, state and profile; its app
    /// keeps every part of the run (`session.app.parts`).
    package var session: Session
    /// Whether the file is a policy, not a scenario: it returned a table
    /// whose keys are all hook names, built no view and checked no expectation.
    package var isPolicyFile = false
    /// Wall-clock time the run took, in milliseconds.
    package var milliseconds = 0.0

    /// How many expectations ran.
    package var expectations: Int { session.expectationCount }
    /// The run's error events (policy, content and action errors), across `reset`.
    package var errorEvents: ErrorEventLog { session.errorEvents }

    /// Whether every expectation held and no error stopped the run.
    package var passed: Bool { failures.isEmpty && error == nil }
}

/// Runs scenario files: a fresh session (and Lua state) for each, made
/// from one configuration (`SessionConfiguration`: the profile, whether it
/// is pinned, the policies loaded before each scenario, the Lua and engine
/// limits).
package struct ScenarioRunner {
    /// What each scenario's session starts with.
    package var configuration: SessionConfiguration
    /// Where `print` writes.
    package var printHandler: (String) -> Void
    /// Called with each new session before anything runs in it (`sheetlab
    /// serve` makes it interruptible by `$/cancelRequest`).
    package var prepare: (Session) -> Void = { _ in }

    /// Creates a runner.
    /// - Parameters:
    ///   - configuration: what each scenario's session starts with.
    ///   - printHandler: where `print` writes.
    package init(
        _ configuration: SessionConfiguration = SessionConfiguration(),
        printHandler: @escaping (String) -> Void = { print($0) }
    ) {
        self.configuration = configuration
        self.printHandler = printHandler
    }

    /// Runs one scenario file.
    /// - Throws: `LuaError` only when a session cannot be created, a
    ///   configured policy (`--policy`) fails to load or the configuration's
    ///   set-up fails; errors in the scenario are in the result.
    /// Inside a server's roots (`limits.boundingPaths`), the file opened must
    /// lie in them (judged on what was opened, so a name swapped after a
    /// check cannot lead out).
    package func run(path: String) throws(LuaError) -> ScenarioResult {
        let bounds = configuration.limits.boundingPaths
        return try run(named: path, baseDirectory: PathName.directory(of: path)) { session throws(LuaError) in
            guard let bounds else { return try session.runtime.load(path: path) }
            let limits = session.runtime.limits
            return try session.runtime.load(
                file: SourceFile.read(
                    path, within: bounds, maximumBytes: limits.maximumSourceBytes,
                    raiseHint: limits.settingNames.maximumSource))
        }
    }

    /// Runs a scenario given as source, as if it were the file `name` in
    /// `baseDirectory`: its `policy("...")` paths are relative to that folder.
    /// - Parameters:
    ///   - source: the scenario's Lua source.
    ///   - name: what errors and expectations name it (`scenario.lua:3: ...`).
    ///   - baseDirectory: where relative policy paths are resolved.
    /// - Throws: as `run(path:)`.
    package func run(source: String, name: String, baseDirectory: String) throws(LuaError) -> ScenarioResult {
        try run(named: name, baseDirectory: baseDirectory) { session throws(LuaError) in
            try session.runtime.load(source: source, chunkName: "@" + name)
        }
    }

    private func run(named name: String, baseDirectory: String, load: (Session) throws(LuaError) -> LuaFunction)
        throws(LuaError) -> ScenarioResult
    {
        let session = try Session(configuration, startBudgetMilliseconds: nil) { session in
            session.app.keepsEarlierParts = true  // a report shows every part of the run (`app.parts`)
            session.printHandler = printHandler
            prepare(session)
        }
        return ScenarioRunner.run(in: session, named: name, baseDirectory: baseDirectory, load: load)
    }

    /// Runs a scenario file in a session that is ready (profile, policies,
    /// print handler): its relative `policy("...")` paths are relative to its folder.
    /// - Returns: the result; a script error is in it.
    package static func run(in session: Session, path: String) -> ScenarioResult {
        run(in: session, named: path, baseDirectory: PathName.directory(of: path)) { session throws(LuaError) in
            try session.runtime.load(path: path)
        }
    }

    /// Runs a scenario given as source in a session that is ready, as the file `name` in `baseDirectory`.
    /// - Returns: the result; a script error is in it.
    package static func run(in session: Session, source: String, name: String, baseDirectory: String)
        -> ScenarioResult
    {
        run(in: session, named: name, baseDirectory: baseDirectory) { session throws(LuaError) in
            try session.runtime.load(source: source, chunkName: "@" + name)
        }
    }

    private static func run(
        in session: Session, named name: String, baseDirectory: String,
        load: (Session) throws(LuaError) -> LuaFunction
    ) -> ScenarioResult {
        session.baseDirectory = baseDirectory
        var error: LuaError?
        var returned: LuaValue = .nil
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let chunk = try load(session)
            returned =
                try session.runtime.call(chunk, [], budgetMilliseconds: session.limits.scriptBudgetMilliseconds).first
                ?? .nil
        } catch let e {
            error = e
        }
        let elapsed = clock.now - start
        var result = ScenarioResult(path: name, failures: session.failures, error: error, session: session)
        result.milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        result.isPolicyFile =
            error == nil && Self.isHookTable(returned) && session.expectationCount == 0
            && session.app.viewNames.isEmpty
        return result
    }

    /// Whether a chunk's result looks like a policy: a table with at least
    /// one field, every key a hook name, and no list entries.
    static func isHookTable(_ value: LuaValue) -> Bool {
        guard case .table(let t) = value, t.array.isEmpty, !t.fields.isEmpty else { return false }
        return t.fields.keys.allSatisfy { key in key.string.map(LuaPolicy.hookNames.contains) ?? false }
    }
}
