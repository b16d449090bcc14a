extension TestOutcome {
    /// The text report's lines for this file: `PASS path (5 expectations)`,
    /// then, indented, what went wrong. Text the scenario controls is escaped.
    /// - Parameter colour: styles the status word when given (a terminal).
    func text(colour output: Output?) -> String {
        func styled(_ word: String, _ style: Output.Style) -> String { output?.styled(word, style) ?? word }
        let shown = TerminalText.line(path)
        var lines: [String] = []
        switch status {
        case .passed:
            lines.append(styled("PASS", .green) + " \(shown) (\(counts))")
        case .skipped:
            lines.append(styled("SKIP", .yellow) + " \(shown): \(TerminalText.line(skipReason ?? ""))")
        case .error:
            lines.append(styled("ERROR", .red) + " \(shown)")
            if let error { lines.append("    " + TerminalText.escape(error.description, indent: "    ")) }
            for f in failures { lines.append("    " + TerminalText.escape(f.description, indent: "    ")) }
        case .failed:
            lines.append(styled("FAIL", .red) + " \(shown) (\(counts))")
            for f in failures { lines.append("    " + TerminalText.escape(f.description, indent: "    ")) }
            for p in problems { lines.append("    " + TerminalText.escape(p)) }
            lines += Self.diffLines(snapshotDiff, colour: output)
            if strict, unexpectedErrorEventCount > 0 {
                for e in unexpectedErrorEvents {
                    lines.append("      " + TerminalText.escape(e.summary, indent: "      "))
                }
                let more = unexpectedErrorEventCount - unexpectedErrorEvents.count
                if more > 0 { lines.append("      ... and \(more) more") }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The most lines of a timeline diff the text report shows.
    static let maximumDiffLines = 80

    /// A timeline's diff, indented, additions green and removals red on a
    /// terminal, cut after `maximumDiffLines`.
    static func diffLines(_ diff: [String], colour output: Output?) -> [String] {
        var lines: [String] = []
        for line in diff.prefix(maximumDiffLines) {
            let shown = TerminalText.escape(line)
            let style: Output.Style? =
                line.hasPrefix("+++") || line.hasPrefix("---")
                ? nil
                : line.hasPrefix("+") ? .green : line.hasPrefix("-") ? .red : nil
            lines.append("      " + (style.flatMap { s in output?.styled(shown, s) } ?? shown))
        }
        if diff.count > maximumDiffLines { lines.append("      ... (\(diff.count - maximumDiffLines) more lines)") }
        return lines
    }
}
