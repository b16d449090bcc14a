import LuaRuntime
import SheetEngine

/// One app driven by scripts: the engine, a Lua runtime, the loaded
/// policies, and the expectations recorded so far.
///
/// This is the one API behind the three doors: the Lua globals of scenarios
/// and the REPL (`ScenarioAPI`) and the methods of `sheetlab serve` call
/// these methods and nothing else.
///
/// Embedders read the app through the session (`state()`, `stack`, `now`,
/// `timeline(since:)`, `eventStream()`, `policies`); the engine and the Lua
/// runtime underneath are the package's own (`package`), so the CLI,
/// `serve`, `mcp` and `check` reach them and a tool cannot put the two out
/// of step.
///
/// Confinement: not `Sendable`; use a session from one thread at a time.
public final class Session {
    /// The Lua runtime scenarios, content closures and policies run in.
    package let runtime: LuaRuntime
    /// The app. `reset` starts it over; `check` points the session at copies of it.
    package internal(set) var app: SheetApp
    /// Policies in load order (Lua and native): the app's, which owns them.
    public var policies: [any PresentationPolicy] { app.loadedPolicies }
    /// Where relative policy paths are resolved: the scenario's folder.
    public var baseDirectory: String = "."
    /// Failed expectations, in the order they happened.
    public private(set) var failures: [ExpectationFailure] = []
    /// Every expectation that ran (`expect`, `expect_eq`, `expect_error`), held or failed.
    public private(set) var expectations = ExpectationTally()
    /// How many expectations ran.
    public var expectationCount: Int { expectations.total }
    /// The expectations that ran, each with its part and time, in order (the first `ExpectationMark.limit`).
    public private(set) var expectationMarks: [ExpectationMark] = []
    /// The run's error events, across `reset` (the app records them);
    /// `expect_error` marks those it expected.
    public var errorEvents: ErrorEventLog {
        get {
            var log = errorMarks
            log.recorded = app.errorEvents
            return log
        }
        set { errorMarks = newValue }
    }
    /// Which error events `expect_error` expected.
    var errorMarks = ErrorEventLog()
    /// The profile a scenario's `profile("...")` call keeps, when set:
    /// `sheetlab run --profiles` pins each run to the profile it compares.
    /// The call is still checked (an unknown name, or a call after the first
    /// view, is an error as before) and its name is kept in
    /// `overriddenProfiles`. `reset("name")` and `reset{ profile = ... }`
    /// are not affected: they are steps of the scenario.
    public var pinnedProfile: Profile?
    /// The profiles `profile("...")` asked for and `pinnedProfile` overrode, in call order.
    public private(set) var overriddenProfiles: [String] = []
    /// What `print` and the REPL write.
    public var printHandler: (String) -> Void = { print($0) }
    /// Sources to load in place of policy files, by the file's absolute path
    /// (`Session.canonicalPath`): `sheetlab run --watch` keeps the last good
    /// version of a policy file that no longer loads.
    public var policySources: [String: String] = [:]

    /// Called with each failed expectation as it fails, inside the `expect`
    /// call (`sheetlab debug` stops there).
    package var failureObserver: ((ExpectationFailure) -> Void)?

    /// The names of the Lua globals the scenario API registered.
    public private(set) var registeredGlobals: [String] = []

    /// Timeline index `newEvents()` last returned up to.
    var eventsMark = 0
    /// The continuations of the streams `eventStream()` made, by subscription token; finished when the session goes.
    var streams: [Int: AsyncStream<Event>.Continuation] = [:]
    /// The content closure being evaluated, for `binding()` (B14).
    var currentContent: ContentContext?
    /// `binding` as a function value, handed to content functions as `c.binding`.
    private(set) var bindingFunction: LuaFunction!

    /// Creates a session on a profile.
    /// - Parameters:
    ///   - limits: the Lua state's memory cap and CPU budgets.
    ///   - engineLimits: what the app may hold for scripts (state values, the timeline).
    /// - Throws: `LuaError` if the Lua state cannot be created.
    public init(
        profile: Profile = .default, limits: LuaLimits = LuaLimits(), engineLimits: EngineLimits = EngineLimits()
    ) throws(LuaError) {
        runtime = try LuaRuntime(limits: limits)
        app = SheetApp(profile: profile, limits: engineLimits)
        // Weak: policies keep the runtime, so it may outlive the session.
        runtime.printHandler = { [weak self] text in self?.printHandler(text) }
        registeredGlobals = ScenarioAPI.register(in: self)
        let lookup = try runtime.load(source: "return binding", chunkName: "=binding")
        if case .function(let f)? = try runtime.call(lookup).first { bindingFunction = f }
    }

    deinit {
        for continuation in streams.values { continuation.finish() }
    }

    /// The profile the app runs on.
    public var profile: Profile { app.profile }

    /// The Lua memory cap and CPU budgets the session runs under.
    public var limits: LuaLimits { runtime.limits }

    /// Starts the app over, keeping the loaded policies and subscribers.
    /// - Throws: `EngineError` when called from code the app is running.
    public func reset(profile: Profile? = nil) throws(EngineError) {
        try app.reset(profile: profile)
        eventsMark = 0
    }

    /// Starts the app over with other policies: the files in `paths`, in
    /// order (none: stock SwiftUI), in place of those loaded so far. A file
    /// that fails to load leaves everything as it was.
    /// - Throws: `LuaError` with file:line, or when called from code the app is running.
    public func reset(profile: Profile? = nil, policies paths: [String]) throws(LuaError) {
        var loaded: [any PresentationPolicy] = []
        for path in paths { loaded.append(try LuaPolicy(path: resolve(path), runtime: runtime)) }
        do { try reset(profile: profile) } catch { throw LuaError(.runtime, error.description) }
        app.setPolicies(loaded)
    }

    /// Chooses the profile; only before the first view (use `reset` later).
    /// With `pinnedProfile` set, the pinned profile stays and the name asked
    /// for is recorded in `overriddenProfiles`.
    ///
    /// ```swift
    /// try session.setProfile("iphonese-ios16")
    /// ```
    /// - Parameter id: the profile's name (`ProfileID.all` lists them).
    /// - Throws: `EngineError` for an unknown name or when views exist.
    public func setProfile(_ id: ProfileID) throws(EngineError) {
        try setProfile(id.rawValue)
    }

    /// `setProfile(_:)` by name, as the Lua `profile(name)` calls it.
    package func setProfile(_ name: String) throws(EngineError) {
        let profile = try Profile.named(name)
        guard app.viewNames.isEmpty else {
            throw EngineError(.profileAfterViews(name))
        }
        if let pinnedProfile {
            if !overriddenProfiles.contains(profile.name) { overriddenProfiles.append(profile.name) }
            try reset(profile: pinnedProfile)
        } else {
            try reset(profile: profile)
        }
    }

    /// Switches a profile flag (a rule with thin or disagreeing sources,
    /// `ProfileFlag`); like `setProfile`, only before the first view.
    /// - Throws: `EngineError` for an unknown flag or when views exist.
    public func setProfileFlag(_ name: String, _ on: Bool) throws(EngineError) {
        guard let flag = ProfileFlag(rawValue: name) else {
            throw EngineError(.unknownFlag(name: name, valid: ProfileFlag.allCases.map(\.rawValue)))
        }
        guard app.viewNames.isEmpty else {
            throw EngineError(.profileAfterViews(app.profile.name, call: "profile_flag"))
        }
        var profile = app.profile
        flag.set(on, in: &profile.os)
        try reset(profile: profile)
    }

    // MARK: Policies

    /// Loads a Lua policy file, or reloads it when one with the same path is
    /// loaded. A file that fails to load or validate leaves the loaded
    /// policies as they were.
    /// - Returns: the policy's name.
    /// - Throws: `LuaError` with file:line.
    @discardableResult
    public func loadPolicy(path: String) throws(LuaError) -> String {
        let file = resolve(path)
        return try loadPolicy(resolvedPath: file) { () throws(LuaError) in
            let limits = runtime.limits
            return try SourceFile.read(
                file, within: nil, maximumBytes: limits.maximumSourceBytes, raiseHint: limits.settingNames.maximumSource
            )
        }
    }

    /// Loads the policy at `file` (resolved against `baseDirectory`): its
    /// text kept in `policySources`, or else what `read` reads, once.
    func loadPolicy(resolvedPath file: String, read: () throws(LuaError) -> ConfinedFile) throws(LuaError)
        -> String
    {
        if !policySources.isEmpty, let source = policySources[Self.canonicalPath(file)] {
            return install(try LuaPolicy(source: source, path: file, runtime: runtime))
        }
        return install(try LuaPolicy(file: try read(), runtime: runtime))
    }

    /// A path made absolute, with `..` and symbolic links resolved: how
    /// `policySources` knows a file however a script names it.
    public static func canonicalPath(_ path: String) -> String {
        PolicyAccess.resolved(path)
    }

    /// Loads a Lua policy given as source, or reloads it when one with the
    /// same name is loaded; otherwise as `loadPolicy(path:)`.
    /// - Parameters:
    ///   - source: a chunk that returns a table of hooks.
    ///   - name: the name errors and the timeline show, for example `inline.lua`.
    /// - Returns: the policy's name.
    /// - Throws: `LuaError` with name:line.
    @discardableResult
    public func loadPolicy(source: String, name: String) throws(LuaError) -> String {
        install(try LuaPolicy(source: source, name: name, runtime: runtime))
    }

    /// Adds a loaded policy, replacing one loaded from the same path (or name).
    private func install(_ policy: LuaPolicy) -> String {
        app.install(policy)
        return policy.name
    }

    /// Adds a native Swift policy after the loaded ones (or replaces the one with its identity).
    public func addPolicy(_ policy: any PresentationPolicy) {
        app.install(policy)
    }

    /// Unloads a policy: by its path as loaded, or by its name when only one has that name.
    /// - Returns: whether one was unloaded.
    /// - Throws: `EngineError` when no loaded policy, or more than one, goes by that name.
    @discardableResult
    public func unloadPolicy(_ name: String) throws(EngineError) -> Bool {
        let resolved = resolve(name)
        if app.removePolicy(identity: resolved) || app.removePolicy(identity: name) { return true }
        let named = policies.filter { $0.name == name }
        let loaded = policies.map(\.identity)
        if named.isEmpty { throw EngineError(.unknownPolicy(name: name, loaded: loaded)) }
        if named.count > 1 { throw EngineError(.ambiguousPolicy(name: name, loaded: loaded)) }
        return app.removePolicy(identity: named[0].identity)
    }

    /// A path relative to `baseDirectory` unless absolute.
    func resolve(_ path: String) -> String { PathName.resolve(path, in: baseDirectory) }

    // MARK: Running Lua

    /// The globals that `evaluate` runs in: they persist from one call to the next (the REPL's lines).
    public private(set) lazy var environment: LuaEnvironment = runtime.makeEnvironment()

    /// Runs Lua source in the session's persistent environment, under the
    /// whole-script budget (which covers copying what it returns).
    /// - Parameters:
    ///   - resultLimit: how large the results may be once copied, counting a
    ///     shared table each time it appears; the Lua memory cap when nil
    ///     (`serve` passes its response limit).
    /// - Returns: what the chunk returns.
    /// - Throws: `LuaError` with file:line; `.memory` when the results are
    ///   too large (`LuaError.Limit.valueSize`).
    @discardableResult
    public func evaluate(_ source: String, chunkName: String = "=input", resultLimit: LuaCopyLimit? = nil)
        throws(LuaError) -> [LuaValue]
    {
        let chunk = try runtime.load(source: source, chunkName: chunkName, in: environment)
        return try runtime.call(
            chunk, [], budgetMilliseconds: runtime.limits.scriptBudgetMilliseconds, resultLimit: resultLimit)
    }

    /// How large a value a script hands the session may be once copied out
    /// of Lua (a shared table counted each time it appears): the Lua memory
    /// cap, or the engine's memory limit when that is smaller, since the
    /// app keeps what scripts give it.
    var copyLimit: LuaCopyLimit {
        LuaCopyLimit.memory(of: runtime.limits).smaller(
            LuaCopyLimit(
                bytes: app.limits.memoryBytes, name: "the engine memory limit", setting: app.limits.memorySetting))
    }

    // MARK: Expectations

    /// Records an expectation that ran: held when `failure` is nil.
    /// - Parameters:
    ///   - key: where the expectation stands and its message.
    ///   - failure: what was seen, when it failed.
    func record(_ key: ExpectationTally.Key, failure: ExpectationFailure?) {
        expectations.record(key, passed: failure == nil)
        if expectationMarks.count < ExpectationMark.limit {
            expectationMarks.append(
                ExpectationMark(
                    part: app.part, time: app.now, location: key.location, message: key.message,
                    passed: failure == nil))
        }
        if let failure {
            failures.append(failure)
            failureObserver?(failure)
        }
    }
}

/// A failed `expect` or `expect_eq`: where, and what was seen.
public struct ExpectationFailure: Hashable, Sendable, CustomStringConvertible {
    /// `file:line` of the `expect` call, when known.
    public var location: String?
    /// The message, and for `expect_eq` both values as Lua would write them.
    public var message: String
    public var seen: String?
    public var expected: String?

    public var description: String {
        var text = (location.map { "\($0): " } ?? "") + message
        if let expected, let seen { text += "\n    expected: \(expected)\n    seen:     \(seen)" }
        return text
    }
}
