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
/// links cannot lead out. `check` judges a name, for the message (a missing
/// file outside is refused as outside, so a script learns nothing of it);
/// `read` reads the file and judges where the file it opened really is
/// (`ConfinedFile`), so a name swapped after the check still cannot lead out.
public enum PolicyAccess {
    /// Throws `.io` if the script may not read `path`.
    static func check(_ path: String, base: String, limits: LuaLimits) throws(LuaError) {
        guard let places = places(base: base, limits: limits) else { return }
        let target = resolved(path)
        for place in places where isWithin(target, place) { return }
        throw refusal(path, places: places, limits: limits)
    }

    /// Reads the policy file `path` if it may (`check`), and if the file
    /// opened lies where policies may be read from.
    /// - Returns: the file, its bytes and where it really is.
    /// - Throws: `.io`: the refusal of `check`, or `SourceFile`'s errors.
    static func read(_ path: String, base: String, limits: LuaLimits) throws(LuaError) -> ConfinedFile {
        try check(path, base: base, limits: limits)
        let places = places(base: base, limits: limits)
        do throws(ConfinedFile.Refusal) {
            return try ConfinedFile.read(path, within: places, maximumBytes: limits.maximumSourceBytes)
        } catch .outside {
            throw refusal(path, places: places ?? [], limits: limits)
        } catch {
            throw SourceFile.error(error, path: path, raiseHint: limits.settingNames.maximumSource)
        }
    }

    /// The real paths policies may be read from with `base` as the session's
    /// folder: it, the current folder when `base` lies in it, the allowed
    /// paths; nil: anywhere.
    /// Inside `limits.boundingPaths` (a server's roots), only what lies within them.
    static func places(base: String, limits: LuaLimits) -> [String]? {
        guard let allowed = limits.allowedPaths else { return limits.boundingPaths }
        let folder = resolved(base)
        let current = resolved(".")
        var places = [folder]
        if isWithin(folder, current) && current != folder { places.append(current) }
        places += allowed.map(resolved)
        guard let bounds = limits.boundingPaths else { return places }
        return places.filter { place in bounds.contains { isWithin(place, $0) } }
    }

    /// `cannot load PATH: a script reads policies only from DIR and below; allow another folder with --allow-path DIR`.
    static func refusal(_ path: String, places: [String], limits: LuaLimits) -> LuaError {
        let flag = limits.settingNames.allowedPaths
        let current = resolved(".")
        let mainPlace = places.count > 1 && places[1] == current ? current : places.first ?? current
        return LuaError(
            .io,
            "cannot load \(path): a script reads policies only from \(mainPlace) and below"
                + ((limits.allowedPaths ?? []).isEmpty ? "" : " and the paths the command line allows")
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
        ConfinedFile.isWithin(path, place)
    }

    /// The absolute path with symbolic links and `..` resolved; for a path
    /// that does not exist, its nearest existing folder resolved and the rest
    /// appended.
    package static func resolved(_ path: String) -> String {
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
        ConfinedFile.realPath(of: path)
    }

    /// `.` and `..` taken out of an absolute path, lexically.
    static func normalized(_ path: String) -> String { PathName.normalized(path) }
}

extension Session {
    /// Loads a policy file a script or a client named, as
    /// `loadPolicy(path:)` does, if it lies where policies may be read from
    /// (`PolicyAccess`): judged on the file opened, which is the one loaded
    /// (it is not opened again by name).
    /// - Throws: `LuaError` (`.io`) naming the path and the setting that
    ///   allows more, or the errors of `loadPolicy(path:)`.
    @discardableResult
    public func loadPolicy(namedByScript path: String) throws(LuaError) -> String {
        let file = resolve(path)
        try PolicyAccess.check(file, base: baseDirectory, limits: runtime.limits)
        return try loadPolicy(resolvedPath: file) { () throws(LuaError) in
            try PolicyAccess.read(file, base: baseDirectory, limits: runtime.limits)
        }
    }
}
