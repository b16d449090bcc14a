import LuaRuntime
import SheetEngine

/// A SheetLab project: a folder with a project file, `.sheetlab.lua`, at
/// its root, found by walking up from a folder as cargo finds `Cargo.toml`.
///
/// The file is a Lua chunk that returns a table (as busted's `.busted`
/// does; `.luacheckrc` is Lua too), run in the sandbox with no access to
/// files: the settings every command of the project starts from. Paths in
/// it are relative to the project root. Inside a project a scenario's
/// `policy()` may read anywhere in the project.
///
/// ```lua
/// return {
///   test = { "scenarios" },          -- what `sheetlab test` runs with no PATH
///   policy_paths = { "../shared" },  -- more folders policy() may read from
///   profile = "iphone15-ios17",
///   policies = { "policies/queue.lua" },
///   strict = true,
///   format = "junit",                -- test's report
///   color = "never",
///   limits = { budget_ms = 200 },
/// }
/// ```
///
/// The name starts with a dot like `.luacheckrc` and `.busted`, keeping it
/// apart from the scenarios beside it, and is not `sheetlab.lua`, which is
/// the Lua API stub (`sheetlab.lua` beside `.luarc.json`) a project may hold.
public struct Project: Sendable, Equatable {
    /// The project file's name.
    public static let fileName = ".sheetlab.lua"
    /// The folder under the root `sheetlab test --last-failed` remembers in (gitignored).
    public static let stateFolder = ".sheetlab"

    /// The root: the project file's folder, an absolute real path.
    public var root: String
    /// The project file, absolute.
    public var file: String
    /// `test`: the paths `sheetlab test` runs when given none, absolute.
    public var tests: [String]?
    /// `policy_paths`: more folders (or files) policies may be read from, absolute.
    public var policyPaths: [String] = []
    /// `profile`: the default profile's name.
    public var profile: String?
    /// `policies`: the policy files loaded for every run, absolute.
    public var policies: [String]?
    /// `strict`: `sheetlab test --strict` by default.
    public var strict: Bool?
    /// `format`: `sheetlab test`'s report format.
    public var format: String?
    /// `color`: auto, always or never.
    public var color: String?
    /// `limits`: the session limits by their JSON names (`budget_ms`), in their units.
    public var limits: [String: Int] = [:]

    /// The settings a project file may have, in the order `sheetlab config` lists them.
    public static let keys = ["test", "policy_paths", "profile", "policies", "strict", "format", "color", "limits"]

    /// The limits' names in a project file's `limits` table.
    package static var limitNames: [String] { SessionSetting.all.map(\.name) }

    /// The project file in `folder` or the nearest folder above it, or nil.
    public static func find(from folder: String) -> String? {
        guard var dir = ConfinedFile.realPath(of: folder.isEmpty ? "." : folder) else { return nil }
        while true {
            let candidate = dir == "/" ? "/" + fileName : dir + "/" + fileName
            if FileKind.isRegularFile(candidate) { return candidate }
            if dir == "/" { return nil }
            dir = PathName.directory(of: dir)
        }
    }

    /// The project the command works in: the one the first path lies in
    /// (a scenario's folder, or a folder given), else the current folder's.
    /// - Throws: `LuaError` when the project file cannot be read or is wrong.
    public static func locate(paths: [String]) throws(LuaError) -> Project? {
        var starts: [String] = []
        if let first = paths.first {
            starts.append(FileKind.isDirectory(first) ? first : PathName.directory(of: first))
        }
        starts.append(".")
        for start in starts {
            if let file = find(from: start) { return try load(file) }
        }
        return nil
    }

    /// Reads a project file.
    /// - Throws: `LuaError`: `.io` when it cannot be read, `.syntax`, `.runtime`
    ///   (with the file) for what it returns: not a table, an unknown key, a
    ///   value of the wrong type, a limit out of range.
    public static func load(_ path: String) throws(LuaError) -> Project {
        let file = ConfinedFile.realPath(of: path) ?? path
        let root = PathName.directory(of: file)
        var limits = LuaLimits()
        limits.allowedPaths = []
        let runtime = try LuaRuntime(limits: limits)
        let chunk = try runtime.load(
            fileContents: try SourceFile.read(path, maximumBytes: limits.maximumSourceBytes), path: path)
        let results = try runtime.call(chunk, budgetMilliseconds: 1000)
        func bad(_ message: String) -> LuaError { LuaError(.runtime, message, file: path, line: nil) }
        guard case .table(let table)? = results.first else {
            throw bad("a project file must return a table of settings, got \(results.first?.typeName ?? "nothing")")
        }
        var project = Project(root: root, file: file)
        func absolute(_ p: String) -> String { PathName.normalized(p.hasPrefix("/") ? p : root + "/" + p) }
        func strings(_ key: String, _ value: LuaValue) throws(LuaError) -> [String] {
            if let s = value.stringValue { return [s] }
            guard let t = value.tableValue, t.fields.isEmpty, let list = Optional(t.array.compactMap(\.stringValue)),
                list.count == t.array.count
            else { throw bad("'\(key)' must be a string or a list of strings, got \(value.typeName)") }
            return list
        }
        func string(_ key: String, _ value: LuaValue, _ choices: [String]? = nil) throws(LuaError) -> String {
            guard let s = value.stringValue else { throw bad("'\(key)' must be a string, got \(value.typeName)") }
            if let choices, !choices.contains(s) {
                throw bad(
                    "'\(key)' must be one of \(choices.joined(separator: ", ")), got '\(s)'"
                        + NameSuggestion.hint(for: s, in: choices))
            }
            return s
        }
        if !table.array.isEmpty { throw bad("a project file returns settings by name, not a list") }
        for (k, value) in table.fields.sorted(by: { $0.key.description < $1.key.description }) {
            let key = k.string ?? k.description
            switch key {
            case "test": project.tests = try strings(key, value).map(absolute)
            case "policy_paths": project.policyPaths = try strings(key, value).map(absolute)
            case "profile":
                let name = try string(key, value)
                do { _ = try Profile.named(name) } catch { throw bad("'profile': \(ProfileNames.unknown(name))") }
                project.profile = name
            case "policies": project.policies = try strings(key, value).map(absolute)
            case "strict":
                guard let b = value.boolValue else {
                    throw bad("'strict' must be true or false, got \(value.typeName)")
                }
                project.strict = b
            case "format": project.format = try string(key, value)
            case "color": project.color = try string(key, value, ["auto", "always", "never"])
            case "limits":
                guard let t = value.tableValue, t.array.isEmpty else {
                    throw bad("'limits' must be a table of limits by name, got \(value.typeName)")
                }
                for (name, n) in t.fields {
                    let text = name.string ?? name.description
                    guard let setting = SessionSetting.all.first(where: { $0.name == text }) else {
                        throw bad(
                            "unknown limit 'limits.\(text)'; expected one of \(limitNames.joined(separator: ", "))"
                                + NameSuggestion.hint(for: text, in: limitNames))
                    }
                    guard let v = n.intValue, setting.range.contains(v) else {
                        throw bad(
                            "'limits.\(text)' must be a whole number from \(setting.range.lowerBound) to \(setting.range.upperBound)"
                        )
                    }
                    project.limits[text] = v
                }
            default:
                throw bad(
                    "unknown setting '\(key)'; expected one of \(keys.joined(separator: ", "))"
                        + NameSuggestion.hint(for: key, in: keys))
            }
        }
        return project
    }

    /// The folders policies may be read from in the project: the root and `policy_paths`.
    public var policyRoots: [String] { [root] + policyPaths }
}
