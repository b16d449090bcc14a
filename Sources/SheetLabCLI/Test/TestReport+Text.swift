extension TestOutcome {
    /// The text report's lines for this file: `PASS path (5 expectations)`,
    /// then, indented, what went wrong. Text the scenario controls is escaped.
    /// - Parameter colour: styles the status word when given (a terminal).
    func text(colour output: Output?) -> String {
        func styled(_ word: String, _ style: Output.Style) -> String { output?.styled(word, style) ?? word }
        let shown = TerminalText.escape(path)
        var lines: [String] = []
        switch status {
        case .passed:
            lines.append(styled("PASS", .green) + " \(shown) (\(counts))")
        case .skipped:
            lines.append(styled("SKIP", .yellow) + " \(shown): \(skipReason ?? "")")
        case .error:
            lines.append(styled("ERROR", .red) + " \(shown)")
            if let error { lines.append("    " + TerminalText.escape(error.description, indent: "    ")) }
            for f in failures { lines.append("    " + TerminalText.escape(f.description, indent: "    ")) }
        case .failed:
            lines.append(styled("FAIL", .red) + " \(shown) (\(counts))")
            for f in failures { lines.append("    " + TerminalText.escape(f.description, indent: "    ")) }
            for p in problems { lines.append("    " + p) }
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
}
