import LuaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a script (`policy(path)`) or a `serve` client (`load_policy`,
/// `create`'s policies) may have policy files read from:
///
/// - the session's folder (`Session.baseDirectory`: a scenario's folder;
///   for the REPL and `serve`, the current one) and below;
/// - the current folder and below, when the session's folder lies in it
///   (a project run from its root: `examples/seeds/x.lua` may load
///   `../policies/y.lua`), but not for a scenario from elsewhere;
/// - the paths in `LuaLimits.allowedPaths`, folders (and below) or files:
///   the command line puts its `--policy` files and `--allow-path` folders
///   there.
///
/// With `allowedPaths` nil (the default of a `Session` made in Swift) any
/// path goes. Paths are compared after `realpath`, so `..` and symbolic
/// links cannot lead out.
public enum PolicyAccess {
    /// Throws `.io` if the script may not read `path`.
    static func check(_ path: String, base: String, limits: LuaLimits) throws(LuaError) {
        guard let allowed = limits.allowedPaths else { return }
        let target = resolved(path)
        let folder = resolved(base)
        let current = resolved(".")
        var places = [folder]
        if isWithin(folder, current) && current != folder { places.append(current) }
        places += allowed.map(resolved)
        for place in places where isWithin(target, place) { return }
        let flag = limits.settingNames.allowedPaths
        let mainPlace = places.count > 1 && places[1] == current ? current : folder
        throw LuaError(
            .io,
            "cannot load \(path): a script reads policies only from \(mainPlace) and below"
                + (allowed.isEmpty ? "" : " and the paths the command line allows")
                + (flag.isEmpty ? "" : "; allow another folder with \(flag) DIR"))
    }

    /// What `sheetlab run` needs besides a scenario saved at `scenario`
    /// (a REPL session, a counterexample) for it to load `policies` again:
    /// ` --allow-path DIR` for each folder it could not read them from, or "".
    ///
    /// - Parameters:
    ///   - policies: the paths of the policy files the scenario loads.
    ///   - scenario: where the scenario is saved.
    /// - Returns: the flags, each with a leading space.
    public static func allowPathFlags(forPolicies policies: [String], scenario: String) -> String {
        var limits = LuaLimits()
        limits.allowedPaths = []
        let folder = scenario.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        var flags: [String] = []
        for policy in policies {
            guard (try? check(policy, base: folder.isEmpty ? "." : folder, limits: limits)) == nil else { continue }
            let needed = resolved(policy).split(separator: "/").dropLast().joined(separator: "/")
            if !flags.contains("/" + needed) { flags.append("/" + needed) }
        }
        return flags.map { " \(limits.settingNames.allowedPaths) \($0)" }.joined()
    }

    /// Whether `path` is `place` or below it (both resolved).
    static func isWithin(_ path: String, _ place: String) -> Bool {
        path == place || place == "/" || path.hasPrefix(place + "/")
    }

    /// The absolute path with symbolic links and `..` resolved; for a path
    /// that does not exist, its nearest existing folder resolved and the rest
    /// appended.
    static func resolved(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let absolute = path.hasPrefix("/") ? path : (realPath(".") ?? "") + "/" + path
        var parts = absolute.split(separator: "/").map(String.init)
        var rest: [String] = []
        while !parts.isEmpty {
            rest.insert(parts.removeLast(), at: 0)
            if let real = realPath("/" + parts.joined(separator: "/")) {
                return normalized(real + "/" + rest.joined(separator: "/"))
            }
        }
        return normalized(absolute)
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `.` and `..` taken out of an absolute path, lexically.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension Session {
    /// Loads a policy file a script or a client named, as
    /// `loadPolicy(path:)` does, if it lies where policies may be read from
    /// (`PolicyAccess`).
    /// - Throws: `LuaError` (`.io`) naming the path and the setting that
    ///   allows more, or the errors of `loadPolicy(path:)`.
    @discardableResult
    public func loadPolicy(namedByScript path: String) throws(LuaError) -> String {
        try PolicyAccess.check(resolve(path), base: baseDirectory, limits: runtime.limits)
        return try loadPolicy(path: path)
    }
}
