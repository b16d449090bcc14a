import LuaRuntime
import SheetEngine

/// What a ``Session`` starts with, as a `Sendable` value: a profile,
/// policies, the Lua and engine limits, and an optional set-up scenario.
///
/// It is the one description of a session every door makes its sessions
/// from: `sheetlab run`, `test`, `check`, `repl`, `serve`, `mcp`, the
/// fuzzers and a host embedding the library (`Session(_:)`).
///
/// A session is confined to one thread or task at a time, but its
/// configuration can go anywhere: build it once, hand it to the tasks that
/// each create their own session.
///
/// ```swift
/// var configuration = try SessionConfiguration(
///     profile: "iphonese-ios16", policies: [.file("examples/policies/queue.lua")])
/// configuration.engineLimits.memoryBytes = 64 << 20   // what --engine-memory 64 sets
/// let session = try Session(configuration)
/// ```
public struct SessionConfiguration: Equatable, Sendable {
    /// The device and OS version the app runs on.
    public var profile: Profile
    /// Whether `profile` wins over a scenario's own `profile("...")` call
    /// (`Session.pinnedProfile`): `sheetlab run --profiles` runs a scenario on
    /// each profile it compares. `reset("name")` in the scenario still switches.
    public var pinsProfile = false
    /// Policies, loaded in order (and consulted in that order). A file is
    /// read only from where policies may be read from
    /// (`allowedPolicyRoots`), only if it is a regular file within
    /// `limits.maximumSourceBytes`.
    public var policies: [PolicySource]
    /// The Lua memory cap and CPU budgets, the largest source file, and
    /// where policy files may be read from.
    public var limits: LuaLimits
    /// What the app may hold for scripts: state values and the timeline
    /// (`sheetlab`'s `--engine-memory`).
    public var engineLimits = EngineLimits()
    /// Where relative policy and set-up paths are resolved; the current directory by default.
    public var baseDirectory: String
    /// A scenario run once the policies are loaded, in the session's globals
    /// (as the REPL's lines run): the app a check explores from, or any
    /// views and state a host wants every session to start with. Its
    /// relative `policy("...")` paths are relative to its own folder.
    public var setup: ScenarioSource?

    /// Where policy files may be read from besides the session's folder,
    /// and a set-up file from: folders (and below) and files; nil for
    /// anywhere (the default). The same value as `limits.allowedPaths`.
    public var allowedPolicyRoots: [String]? {
        get { limits.allowedPaths }
        set { limits.allowedPaths = newValue }
    }

    /// Creates a configuration.
    /// - Parameters:
    ///   - profile: the device and OS version (default `Profile.default`).
    ///   - policies: policies to load, in order.
    ///   - limits: the Lua limits.
    ///   - engineLimits: what the app may hold for scripts.
    ///   - baseDirectory: where relative policy paths are resolved.
    ///   - setup: a scenario to run once the policies are loaded.
    public init(
        profile: Profile = .default, policies: [PolicySource] = [], limits: LuaLimits = LuaLimits(),
        engineLimits: EngineLimits = EngineLimits(), baseDirectory: String = ".", setup: ScenarioSource? = nil
    ) {
        self.profile = profile
        self.policies = policies
        self.limits = limits
        self.engineLimits = engineLimits
        self.baseDirectory = baseDirectory
        self.setup = setup
    }

    /// Creates a configuration on the profile named `id`, for example `"iphone15-ios17"`.
    /// - Parameters:
    ///   - id: a profile name (`ProfileID.all` lists them).
    ///   - policies: policies to load, in order.
    ///   - limits: the Lua limits.
    ///   - engineLimits: what the app may hold for scripts.
    ///   - baseDirectory: where relative policy paths are resolved.
    ///   - setup: a scenario to run once the policies are loaded.
    /// - Throws: `EngineError` listing the valid names when `id` is unknown.
    public init(
        profile id: ProfileID, policies: [PolicySource] = [], limits: LuaLimits = LuaLimits(),
        engineLimits: EngineLimits = EngineLimits(), baseDirectory: String = ".", setup: ScenarioSource? = nil
    ) throws(EngineError) {
        self.init(
            profile: try Profile(id), policies: policies, limits: limits, engineLimits: engineLimits,
            baseDirectory: baseDirectory, setup: setup)
    }
}
