import SheetJSON

extension TestReport {
    /// TAP version 14: the plan, then one test point per file
    /// (`ok 1 - path`, `not ok 2 - path`, `ok 3 - path # SKIP reason`); a
    /// failed or stopped file has a YAML block with `status`, `message` and
    /// `failures` (`location`, `message`, `expected`, `seen`); a closing
    /// comment gives the counts. Strings in the YAML block are JSON-quoted
    /// (valid YAML), so control characters cannot reach a terminal.
    var tap: String {
        var lines = ["TAP version 14", "1..\(outcomes.count)"]
        for (i, o) in outcomes.enumerated() {
            let description = TerminalText.line(o.path).replacing("\\", with: "\\\\").replacing("#", with: "\\#")
            switch o.status {
            case .passed:
                lines.append("ok \(i + 1) - \(description)")
            case .skipped:
                lines.append("ok \(i + 1) - \(description) # SKIP \(TerminalText.line(o.skipReason ?? ""))")
            case .failed, .error:
                lines.append("not ok \(i + 1) - \(description)")
                lines.append("  ---")
                lines.append("  status: \(o.status.rawValue)")
                if let e = o.error {
                    lines.append("  message: \(Self.quoted(e.description))")
                    lines.append("  kind: \(e.kind.rawValue)")
                } else {
                    lines.append("  message: \(Self.quoted(o.counts))")
                }
                if !o.failures.isEmpty {
                    lines.append("  failures:")
                    for f in o.failures {
                        lines.append("    - message: \(Self.quoted(f.message))")
                        if let location = f.location { lines.append("      location: \(Self.quoted(location))") }
                        if let expected = f.expected { lines.append("      expected: \(Self.quoted(expected))") }
                        if let seen = f.seen { lines.append("      seen: \(Self.quoted(seen))") }
                    }
                }
                if !o.problems.isEmpty {
                    lines.append("  problems:")
                    for p in o.problems { lines.append("    - \(Self.quoted(p))") }
                }
                if !o.snapshotDiff.isEmpty {
                    lines.append("  timeline_diff:")
                    for line in o.snapshotDiff { lines.append("    - \(Self.quoted(line))") }
                }
                if o.strict, o.unexpectedErrorEventCount > 0 {
                    lines.append("  error_events:")
                    for e in o.unexpectedErrorEvents { lines.append("    - \(Self.quoted(e.summary))") }
                }
                lines.append("  ...")
            }
        }
        lines.append("# \(summary)")
        return lines.map { $0 + "\n" }.joined()
    }

    /// A YAML double-quoted scalar (JSON's string syntax is a subset of
    /// it), control characters first escaped as Lua does.
    static func quoted(_ s: String) -> String {
        var out = ""
        JSON.writeString(TerminalText.escape(s), into: &out)
        return out
    }
}
