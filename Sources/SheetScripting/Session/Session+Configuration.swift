import LuaRuntime
import SheetEngine

/// Creating a session from a configuration, the one way every door makes
/// one, and loading policies from either source.
extension Session {
    /// Creates a session on the configuration's profile and limits, loads
    /// its policies in order, then runs its set-up scenario.
    /// - Parameter configuration: the profile, policies, limits, base directory and set-up.
    /// - Throws: `LuaError` with file:line when a policy does not load or
    ///   the set-up fails; `.io` when a file cannot or may not be read.
    public convenience init(_ configuration: SessionConfiguration) throws(LuaError) {
        try self.init(configuration, startBudgetMilliseconds: nil)
    }

    /// The factory behind every door (`run`, `test`, `check`, `repl`,
    /// `serve`, `mcp`, the fuzzers, `Session(_:)`): a session on the
    /// configuration's profile, limits and base directory, its profile
    /// pinned when asked, then its policies loaded and its set-up run.
    /// - Parameters:
    ///   - configuration: what the session starts with.
    ///   - startBudgetMilliseconds: the CPU loading the policies and running
    ///     the set-up may use together (a server's request budget); nil:
    ///     each call's own budget.
    ///   - prepare: called with the session before any of its scripts runs
    ///     (a print handler, an interrupt handle, native policies).
    /// - Throws: as `init(_:)`.
    package convenience init(
        _ configuration: SessionConfiguration, startBudgetMilliseconds: Int?, prepare: (Session) -> Void = { _ in }
    ) throws(LuaError) {
        let setup = try configuration.setup.map { source throws(LuaError) in
            try ScenarioText(source, base: configuration.baseDirectory, limits: configuration.limits)
        }
        try self.init(configuration, setup: setup, startBudgetMilliseconds: startBudgetMilliseconds, prepare: prepare)
    }

    /// The factory with the set-up read already (`CheckSetup` reads it once
    /// for all of a check's sessions); `configuration.setup` is not read.
    package convenience init(
        _ configuration: SessionConfiguration, setup: ScenarioText?, startBudgetMilliseconds: Int?,
        prepare: (Session) -> Void
    ) throws(LuaError) {
        try self.init(
            profile: configuration.profile, limits: configuration.limits, engineLimits: configuration.engineLimits)
        baseDirectory = configuration.baseDirectory
        if configuration.pinsProfile { pinnedProfile = configuration.profile }
        prepare(self)
        // Loads the configured policies (each file where policies may be read from), then runs the set-up.
        func start() throws(LuaError) {
            for policy in configuration.policies { try loadPolicy(checked: policy) }
            if let setup { try runSetup(setup) }
        }
        if let budget = startBudgetMilliseconds {
            _ = try runtime.withBudget(milliseconds: budget) { () throws(LuaError) in try start() }
        } else {
            try start()
        }
    }

    /// Runs a set-up scenario in the session's globals (as `evaluate` and
    /// the REPL's lines run), under the whole-script budget; from then on
    /// relative paths are relative to its folder.
    /// - Throws: `LuaError` with file:line.
    package func runSetup(_ setup: ScenarioText) throws(LuaError) {
        let chunk =
            setup.isFile
            ? try runtime.load(fileContents: setup.bytes, path: setup.name, in: environment)
            : try runtime.load(source: setup.text, chunkName: "@" + setup.name, in: environment)
        baseDirectory = PathName.directory(of: resolve(setup.name))
        _ = try runtime.call(chunk, [], budgetMilliseconds: runtime.limits.scriptBudgetMilliseconds)
    }

    /// Loads a policy a configuration or a client named, as
    /// `loadPolicy(_:)` does; a file only where policies may be read from
    /// (`loadPolicy(namedByScript:)`).
    /// - Returns: the policy's name.
    /// - Throws: `LuaError` with file:line; `.io` for a file that may not be read.
    @discardableResult
    package func loadPolicy(checked source: PolicySource) throws(LuaError) -> String {
        switch source {
        case .file(let path): return try loadPolicy(namedByScript: path)
        case .source(let text, let name): return try loadPolicy(source: text, name: name)
        }
    }

    /// Loads a policy from a file or from source, or reloads it when one
    /// with the same path or name is loaded. A policy that fails to load
    /// leaves the loaded ones as they were.
    /// - Parameter source: the file or the source text.
    /// - Returns: the policy's name, as the timeline shows it.
    /// - Throws: `LuaError` with file:line (the name for source text).
    @discardableResult
    public func loadPolicy(_ source: PolicySource) throws(LuaError) -> String {
        switch source {
        case .file(let path): return try loadPolicy(path: path)
        case .source(let text, let name): return try loadPolicy(source: text, name: name)
        }
    }
}
