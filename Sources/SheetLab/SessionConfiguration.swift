/// What a ``Session`` starts with: a profile, policies and Lua limits, as a
/// `Sendable` value.
///
/// A session is confined to one thread or task at a time, but its
/// configuration can go anywhere: build it once, hand it to the tasks that
/// each create their own session.
///
/// ```swift
/// let configuration = try SessionConfiguration(
///     profile: "iphonese-ios16", policies: [.file("examples/policies/queue.lua")])
/// let session = try Session(configuration)
/// ```
public struct SessionConfiguration: Equatable, Sendable {
    /// The device and OS version the app runs on.
    public var profile: Profile
    /// Policies, loaded in order (and consulted in that order).
    public var policies: [PolicySource]
    /// The Lua memory cap and CPU budgets.
    public var limits: LuaLimits
    /// Where relative policy paths are resolved; the current directory by default.
    public var baseDirectory: String

    /// Creates a configuration.
    /// - Parameters:
    ///   - profile: the device and OS version (default `Profile.default`).
    ///   - policies: policies to load, in order.
    ///   - limits: the Lua limits.
    ///   - baseDirectory: where relative policy paths are resolved.
    public init(
        profile: Profile = .default, policies: [PolicySource] = [], limits: LuaLimits = LuaLimits(),
        baseDirectory: String = "."
    ) {
        self.profile = profile
        self.policies = policies
        self.limits = limits
        self.baseDirectory = baseDirectory
    }

    /// Creates a configuration on the profile named `id`, for example `"iphone15-ios17"`.
    /// - Parameters:
    ///   - id: a profile name (`ProfileID.all` lists them).
    ///   - policies: policies to load, in order.
    ///   - limits: the Lua limits.
    ///   - baseDirectory: where relative policy paths are resolved.
    /// - Throws: `EngineError` listing the valid names when `id` is unknown.
    public init(
        profile id: ProfileID, policies: [PolicySource] = [], limits: LuaLimits = LuaLimits(),
        baseDirectory: String = "."
    ) throws(EngineError) {
        self.init(profile: try Profile(id), policies: policies, limits: limits, baseDirectory: baseDirectory)
    }
}
