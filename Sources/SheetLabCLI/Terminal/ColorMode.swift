#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--color auto|always|never` (and a project's `color`), as cargo and pytest spell it.
///
/// `auto` follows the conventions: `NO_COLOR` (set, not empty) turns colour
/// off (no-color.org); `FORCE_COLOR` or `CLICOLOR_FORCE` (set, not empty,
/// not `0`) turns it on where it would be off; otherwise colour is on a
/// terminal unless `TERM` is `dumb`. `always` and `never` win over all of them.
public enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether output to the file descriptor `fd` gets colour.
    func colors(fd: Int32, environment: (String) -> String? = ColorMode.environment) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let v = environment("NO_COLOR"), !v.isEmpty { return false }
            for name in ["FORCE_COLOR", "CLICOLOR_FORCE"] {
                if let v = environment(name), !v.isEmpty, v != "0" { return true }
            }
            if environment("TERM") == "dumb" { return false }
            return isatty(fd) == 1
        }
    }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
