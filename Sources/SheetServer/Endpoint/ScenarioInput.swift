import LuaRuntime
import SheetScripting

/// What `serve`'s `run_scenario` and `mcp`'s `run_scenario` tool run: a
/// scenario file, or scenario text with a name for its messages and a
/// directory its relative `policy()` paths start from.
enum ScenarioInput {
    case file(String)
    case source(String, name: String, baseDirectory: String)

    /// Reads `path`, or `source` with optional `name` and `base_directory`.
    /// - Throws: `invalidParams` unless exactly one of `path` and `source`
    ///   is given, or when `name` or `base_directory` come with a `path`.
    init(_ p: RPCParams) throws(RPCError) {
        let source = try p.optionalString("source")
        let path = try p.optionalString("path")
        guard (path == nil) != (source == nil) else { throw p.bad("give exactly one of 'path' or 'source'") }
        if let path {
            if p["name"] != nil || p["base_directory"] != nil {
                throw p.bad("'name' and 'base_directory' go with 'source'; a file's are its own")
            }
            self = .file(path)
        } else {
            self = .source(
                source!, name: try p.optionalString("name") ?? "scenario.lua",
                baseDirectory: try p.optionalString("base_directory") ?? ".")
        }
    }

    /// The same input, its file (`path`) and folder (`base_directory`)
    /// checked against the server's roots; the folder becomes its real path.
    /// - Throws: invalid params naming the parameter when either lies outside.
    func confined(to roots: ServerRoots, _ p: RPCParams) throws(RPCError) -> ScenarioInput {
        switch self {
        case .file(let path): return .file(try roots.file(path, "'path'", of: p))
        case .source(let text, let name, let base):
            return .source(text, name: name, baseDirectory: try roots.folder(base, "'base_directory'", of: p))
        }
    }

    /// Runs it with `runner`.
    func run(_ runner: ScenarioRunner) throws(LuaError) -> ScenarioResult {
        switch self {
        case .file(let path): try runner.run(path: path)
        case .source(let text, let name, let base): try runner.run(source: text, name: name, baseDirectory: base)
        }
    }
}
