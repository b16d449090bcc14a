/// Where a Lua policy comes from: a file, or source text a host holds in memory.
///
/// ```swift
/// let policies: [PolicySource] = [
///     .file("examples/policies/queue.lua"),
///     .source("return { settle = function(ctx) return 'medium' end }", name: "medium.lua"),
/// ]
/// ```
public enum PolicySource: Hashable, Sendable {
    /// A policy file; a relative path is resolved against the session's `baseDirectory`.
    case file(String)
    /// Lua source that returns a table of hooks, and the name errors and the
    /// timeline show, for example `inline.lua`.
    case source(String, name: String)
}
