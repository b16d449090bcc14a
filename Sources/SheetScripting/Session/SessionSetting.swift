import LuaRuntime
import SheetEngine

/// The limits of a session a person sets: the command line's flags and
/// serve's `limits` object are this one table of units, ranges and places
/// in a `SessionConfiguration`; `--help` prints each default from the
/// configuration's own (`LuaLimits()`, `EngineLimits()`), so a default is
/// written once.
package typealias SessionSetting = LimitSetting<SessionConfiguration>

extension LimitSetting where Root == SessionConfiguration {
    /// The budget of one hook call.
    package static var callBudget: Self {
        Self(
            flag: "--budget", name: "budget_ms", value: "MS", help: "CPU budget of one hook call in milliseconds",
            scale: 1, range: 1...600_000, keyPath: \.limits.callBudgetMilliseconds)
    }
    /// The budget of one script run: a scenario file, a REPL input, serve's `eval` and policy loading.
    package static var scriptBudget: Self {
        Self(
            flag: "--script-budget", name: "script_budget_ms", value: "MS",
            help:
                "CPU budget of one script run (a scenario file, a REPL input, serve's eval and policy loading) in milliseconds",
            scale: 1, range: 1...3_600_000,
            keyPath: \.limits.scriptBudgetMilliseconds)
    }
    /// The Lua state's memory cap.
    package static var memory: Self {
        Self(
            flag: "--memory", name: "memory_mib", value: "MIB", help: "Memory cap of the Lua state in MiB",
            scale: 1 << 20, range: 1...4096, keyPath: \.limits.memory)
    }
    /// The largest Lua source file.
    package static var maximumSource: Self {
        Self(
            flag: "--max-source", name: "max_source_mib", value: "MIB", help: "Largest Lua source file to load, in MiB",
            scale: 1 << 20, range: 1...1024, keyPath: \.limits.maximumSourceBytes)
    }
    /// What the app may hold for scripts.
    package static var engineMemory: Self {
        Self(
            flag: "--engine-memory", name: "engine_memory_mib", value: "MIB",
            help: "What the app may hold for scripts (state values and the timeline), in MiB", scale: 1 << 20,
            range: 1...65_536, keyPath: \.engineLimits.memoryBytes)
    }

    /// Every setting, in the order `--help` lists them.
    package static var all: [Self] { [callBudget, scriptBudget, memory, maximumSource, engineMemory] }

    /// The settings serve's `limits` object takes (by `name`): the Lua limits of an app.
    package static var fields: [Self] { [memory, callBudget, scriptBudget] }

    /// `help` with the default: `CPU budget of one hook call in milliseconds (default 100).`
    package var helpWithDefault: String { help(defaults: SessionConfiguration()) }
}
