import LuaRuntime
import SheetScripting

/// Where the files a server's requests name may be: the folder the server
/// runs in, the places its command line allows (`--policy` files, each
/// `--allow-path`, in a project its root and `policy_paths`) and, for mcp,
/// the examples under `--root`. A request cannot widen them: the scenario
/// file (`path`) and folder (`base_directory`) it names are checked here
/// first, with an error naming the parameter, and every session a request
/// makes is bounded by them (`LuaLimits.boundingPaths`): its policy files
/// (`policies`, mcp's `scenario`, serve's `load_policy`, a script's
/// `policy()`) are read only inside them, as every door refuses a file
/// outside its places (`PolicyAccess`), a scenario's own folder counts only
/// inside them, and each file is judged where the file opened really is.
///
/// Made from the server's default configuration: `allowedPolicyRoots` nil
/// (a server made in Swift without roots) means anywhere, as for a session.
package struct ServerRoots: Sendable, Equatable {
    /// Real paths of the folders (and below) and files; nil: anywhere.
    package let places: [String]?

    /// The roots of a server started with `configuration`: the current
    /// folder, its allowed policy roots and `more`; nil when it has none.
    package init(_ configuration: SessionConfiguration, more: [String] = []) {
        guard let allowed = configuration.allowedPolicyRoots else {
            places = nil
            return
        }
        var places: [String] = []
        for path in ["."] + allowed + more {
            let real = PolicyAccess.resolved(path)
            if !places.contains(real) { places.append(real) }
        }
        self.places = places
    }

    /// Whether the real path `path` lies in one of the roots.
    func contains(real path: String) -> Bool {
        places.map { $0.contains { ConfinedFile.isWithin(path, $0) } } ?? true
    }

    /// `the server's roots (/srv/app, /srv/shared)`, for messages.
    var described: String {
        "the server's roots (\((places ?? []).joined(separator: ", ")); more with --allow-path DIR)"
    }

    /// Checks a file a request names (a scenario, a policy): it must lie in
    /// the roots, wherever its links lead. A file that is missing inside
    /// them is for the reader to report.
    /// - Parameters:
    ///   - path: the path as given (relative to the server's folder).
    ///   - what: the parameter, for the message (`'path'`, `policies[2]`).
    ///   - p: the request's parameters, for the method's name.
    /// - Returns: the path as given.
    /// - Throws: invalid params naming the parameter and the roots.
    @discardableResult
    func file(_ path: String, _ what: String, of p: RPCParams) throws(RPCError) -> String {
        guard places != nil else { return path }
        guard contains(real: PolicyAccess.resolved(path)) else {
            throw p.bad("\(what) \(path) is outside \(described)")
        }
        return path
    }

    /// Checks a folder a request names (`base_directory`): an existing
    /// folder inside the roots.
    /// - Returns: its real path, which the session then uses (a link
    ///   swapped afterwards changes nothing).
    /// - Throws: invalid params naming the parameter and the roots.
    func folder(_ path: String, _ what: String, of p: RPCParams) throws(RPCError) -> String {
        guard places != nil else { return path }
        let real = PolicyAccess.resolved(path)
        guard contains(real: real) else {
            throw p.bad("\(what) \(path) is outside \(described); it may only name a folder inside them")
        }
        guard FileSystem.kind(at: real) == .directory else { throw p.bad("\(what) \(path) is not a folder") }
        return real
    }

    /// The configuration of a session a request makes, bounded by the roots.
    func bound(_ configuration: SessionConfiguration) -> SessionConfiguration {
        var bounded = configuration
        bounded.limits.boundingPaths = places
        return bounded
    }
}
