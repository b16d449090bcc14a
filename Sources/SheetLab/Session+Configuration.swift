/// Creating a session from a configuration, and loading policies from either source.
extension Session {
    /// Creates a session on the configuration's profile and limits, then
    /// loads its policies in order.
    /// - Parameter configuration: the profile, policies, limits and base directory.
    /// - Throws: `LuaError` with file:line when a policy does not load.
    public convenience init(_ configuration: SessionConfiguration) throws(LuaError) {
        try self.init(profile: configuration.profile, limits: configuration.limits)
        baseDirectory = configuration.baseDirectory
        for policy in configuration.policies { try loadPolicy(policy) }
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
