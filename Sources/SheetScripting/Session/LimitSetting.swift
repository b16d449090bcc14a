/// One limit a person sets: by a command-line flag (`--budget 200`) or by a
/// JSON member (`"budget_ms": 200`). Its unit, the values accepted and where
/// it goes in `Root`, in one declaration: the session's limits
/// (`SessionSetting`) and a server's own (`ServerLimits.Limit`) are tables of these.
package struct LimitSetting<Root>: Sendable {
    /// The command-line flag.
    package var flag: String
    /// Its name in JSON: a member of serve's `limits` object, of
    /// `initialize`'s `limits`, an error's `data.limit`.
    package var name: String
    /// What the flag takes, for `--help`: `MS`, `MIB`, `BYTES`.
    package var value: String
    /// What it is, for `--help`, without the default.
    package var help: String
    /// What one unit of the setting is in `Root` (1 << 20 for MiB).
    package var scale: Int
    /// The values accepted, in the setting's unit.
    package var range: ClosedRange<Int>
    /// Where it goes.
    package var keyPath: WritableKeyPath<Root, Int> & Sendable

    package init(
        flag: String, name: String, value: String, help: String, scale: Int, range: ClosedRange<Int>,
        keyPath: WritableKeyPath<Root, Int> & Sendable
    ) {
        self.flag = flag
        self.name = name
        self.value = value
        self.help = help
        self.scale = scale
        self.range = range
        self.keyPath = keyPath
    }

    /// Its value in `root`, in the setting's unit.
    package func value(in root: Root) -> Int { root[keyPath: keyPath] / scale }

    /// Sets it in `root` to `value` in the setting's unit (checked against `range` by the caller).
    package func set(_ value: Int, in root: inout Root) { root[keyPath: keyPath] = value * scale }

    /// `help` with the value in `defaults`: `CPU budget of one hook call in milliseconds (default 100).`
    package func help(defaults: Root) -> String { "\(help) (default \(value(in: defaults)))." }
}
