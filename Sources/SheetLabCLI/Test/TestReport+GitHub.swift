extension TestOutcome {
    /// GitHub Actions workflow commands for this file: one
    /// `::error file=F,line=N,title=T::message` per failed expectation, one
    /// for a script error, one for a verdict without a line (no expectation,
    /// `--strict`'s error events, a snapshot difference); "" when it passed
    /// or was skipped. GitHub shows them on the lines of the pull request.
    var githubAnnotations: String {
        var lines: [String] = []
        func annotate(file: String?, line: Int?, _ message: String) {
            var properties = ["file=" + Self.property(file ?? path)]
            if let line { properties.append("line=\(line)") }
            properties.append("title=" + Self.property("sheetlab test: \(path)"))
            lines.append("::error \(properties.joined(separator: ","))::" + Self.data(message))
        }
        switch status {
        case .passed, .skipped:
            return ""
        case .error:
            if let error { annotate(file: error.file, line: error.line, error.message) }
        case .failed:
            for f in failures {
                var message = f.message
                if let expected = f.expected, let seen = f.seen {
                    message += "\nexpected: \(expected)\nseen:     \(seen)"
                }
                annotate(file: f.file, line: f.line, message)
            }
            for p in problems { annotate(file: nil, line: nil, p) }
            if !snapshotDiff.isEmpty {
                annotate(
                    file: snapshotPath, line: nil,
                    (["the timeline differs from its snapshot"] + snapshotDiff).joined(separator: "\n"))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A message, escaped as the workflow commands want: `%`, CR and LF;
    /// control characters as the terminal text shows them.
    static func data(_ text: String) -> String {
        TerminalText.escape(text).replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A property value: as `data`, and `:` and `,` too.
    static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
