import LuaRuntime
import SheetCheck
import SheetEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A violation written as a scenario that `sheetlab run` replays to the same failure.
public enum Counterexample {
    /// The set-up `sheetlab check` uses when no scenario is given: seed 000's one-sheet app.
    public static let defaultSetup = """
        view {
          name = "ContentView",
          state = { "selectedItem" },
          modifiers = {
            sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end },
          },
        }
        """

    /// The scenario: profile, policies (absolute paths), the set-up, the
    /// steps, and an expectation that fails with the invariant's message.
    /// - Parameters:
    ///   - violation: what broke.
    ///   - setup: the set-up scenario's text.
    ///   - profile: the profile checked.
    ///   - policies: the Lua policy files checked.
    public static func scenario(
        _ violation: CheckReport.Violation, setup: String, profile: String, policies: [String]
    ) -> String {
        var lines = LuaSyntax.comment(
            "Counterexample found by `sheetlab check`: invariant '\(violation.invariant)' breaks after \(violation.steps.count) step\(violation.steps.count == 1 ? "" : "s").",
            prefix: "-- ")
        lines += LuaSyntax.comment(violation.message)
        lines.append("-- Replay it: sheetlab run FILE (it fails on the last line).")
        lines.append("")
        lines += preamble(setup: setup, profile: profile, policies: policies)
        lines.append("-- steps")
        lines += violation.steps.map(\.lua)
        lines.append("")
        lines.append("expect(invariant(\(LuaSyntax.quote(violation.invariant))))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A liveness counterexample as a scenario: the set-up, the prefix,
    /// then the cycle once, between two readings of `state_key()`. The
    /// oscillation guard is off, as it was when the property was checked
    /// (liveness looks at what would happen forever). The last line expects
    /// the run to have moved on, and fails: the cycle came back to the state
    /// it started from, so it can repeat forever.
    public static func scenario(
        _ lasso: Lasso, property: String, setup: String, profile: String, policies: [String]
    ) -> String {
        var lines = LuaSyntax.comment(
            "Counterexample found by `sheetlab check`: a run that breaks property '\(property)'.", prefix: "-- ")
        lines += LuaSyntax.comment(lasso.message)
        lines.append("-- Replay it: sheetlab run FILE (it fails on the last line: the cycle comes back to where it")
        lines.append("-- started, so it can repeat forever).")
        lines.append("")
        lines += preamble(setup: setup, profile: profile, policies: policies)
        lines.append("-- liveness is checked without the oscillation guard (P05), as SwiftUI runs")
        lines.append("oscillation_guard(false)")
        lines.append("")
        lines.append("-- prefix")
        lines += lasso.prefix.map(\.lua)
        lines.append("")
        lines.append("-- the cycle, once; it can repeat forever")
        lines.append("local cycle_start = state_key()")
        lines += lasso.cycle.map(\.lua)
        lines.append("")
        lines.append(
            "expect(state_key() ~= cycle_start, \(LuaSyntax.quote("property '\(property)': the cycle came back to where it started")))"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines every check scenario starts with: profile, policies by absolute path, and the set-up.
    package static func preamble(setup: String, profile: String, policies: [String]) -> [String] {
        var lines = ["profile(\(LuaSyntax.quote(profile)))"]
        for p in policies {
            let absolute = p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
            lines.append("policy(\(LuaSyntax.quote(URL(fileURLWithPath: absolute).standardized.path)))")
        }
        lines.append("")
        lines.append("-- set-up")
        var trimmed = Substring(setup)
        while let c = trimmed.first, c.isWhitespace { trimmed.removeFirst() }
        while let c = trimmed.last, c.isWhitespace { trimmed.removeLast() }
        lines.append(String(trimmed))
        lines.append("")
        return lines
    }
}
