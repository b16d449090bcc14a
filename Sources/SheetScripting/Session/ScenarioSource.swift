/// Where a scenario comes from: a file, or source text a host holds in
/// memory (a session's set-up, `SessionConfiguration.setup`).
///
/// ```swift
/// let setup: ScenarioSource = .source(#"view { name = "ContentView", state = { "shown" } }"#, name: "setup.lua")
/// ```
public enum ScenarioSource: Hashable, Sendable {
    /// A scenario file; a relative path is resolved against the session's
    /// `baseDirectory`. Its relative `policy("...")` paths are relative to its folder.
    case file(String)
    /// Lua source, run as if it were the file `name` (resolved like a file's
    /// path): errors name it (`setup.lua:3: ...`) and its relative
    /// `policy("...")` paths are relative to that file's folder.
    case source(String, name: String)
}
