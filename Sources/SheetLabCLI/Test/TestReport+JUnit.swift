import LuaRuntime
import SheetRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TestReport {
    /// JUnit XML, as CI tools (and `junitparser`) read it: one `testsuite`
    /// with one `testcase` per file (`classname` its folder with dots,
    /// `name` the file name, `file` the path, `time` in seconds,
    /// `assertions` the expectations run, `line` the line of the first
    /// failure or script error in the file itself; the suite has Ant's
    /// `timestamp` and `hostname`). A failed file has one `failure`
    /// (the first problem as its message, every failure with file:line,
    /// expected and seen as its text); a script error is an `error`; a
    /// policy file or a path that is not a regular file is `skipped`. Error
    /// events of a run are listed in `system-err`. Text the scenario controls
    /// has its control characters escaped, then is escaped for XML.
    var junit: String {
        let seconds = Self.seconds(outcomes.reduce(0) { $0 + $1.milliseconds })
        let counts =
            "tests=\"\(outcomes.count)\" failures=\"\(count(.failed))\" errors=\"\(count(.error))\" "
            + "skipped=\"\(count(.skipped))\" time=\"\(seconds)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"sheetlab test\" \(counts)>\n"
        xml +=
            "  <testsuite name=\"sheetlab test\" \(counts) timestamp=\"\(Self.timestamp(started))\" "
            + "hostname=\"\(Self.attribute(Self.hostname))\">\n"
        for o in outcomes { xml += Self.testcase(o) }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func testcase(_ o: TestOutcome) -> String {
        let slash = o.path.lastIndex(of: "/")
        let folder = slash.map { String(o.path[..<$0]) } ?? "."
        let name = slash.map { String(o.path[o.path.index(after: $0)...]) } ?? o.path
        let classname = folder.split(separator: "/").joined(separator: ".")
        var xml =
            "    <testcase classname=\"\(attribute(classname.isEmpty ? "." : classname))\" name=\"\(attribute(name))\" "
            + "file=\"\(attribute(o.path))\" time=\"\(seconds(o.milliseconds))\" assertions=\"\(o.expectations)\""
        if let line = o.firstFailureLine { xml += " line=\"\(line)\"" }
        var body = ""
        switch o.status {
        case .passed:
            break
        case .skipped:
            body += "      <skipped message=\"\(attribute(o.skipReason ?? ""))\"/>\n"
        case .error:
            let e = o.error
            body +=
                "      <error message=\"\(attribute(e?.description ?? ""))\" type=\"\(attribute(e?.kind.rawValue ?? "error"))\">"
                + text([e?.description ?? "", e?.traceback ?? ""].filter { !$0.isEmpty }.joined(separator: "\n"))
                + "</error>\n"
        case .failed:
            let first = o.failures.first.map { ($0.location.map { "\($0): " } ?? "") + $0.message } ?? o.problems.first
            let details = o.failures.map(\.description) + o.problems + o.snapshotDiff
            body +=
                "      <failure message=\"\(attribute(first ?? "failed"))\" type=\"\(o.failures.isEmpty ? "verdict" : "expectation")\">"
                + text(details.joined(separator: "\n")) + "</failure>\n"
        }
        if o.errorEventCount > 0 {
            var lines = o.errorEvents.map { ($0.expected ? "expected: " : "") + $0.summary }
            if o.errorEventCount > o.errorEvents.count {
                lines.append("... and \(o.errorEventCount - o.errorEvents.count) more")
            }
            body += "      <system-err>" + text(lines.joined(separator: "\n")) + "</system-err>\n"
        }
        if body.isEmpty { return xml + "/>\n" }
        xml += ">\n" + body + "    </testcase>\n"
        return xml
    }

    /// When the run began, as Ant's schema writes it: `2026-12-02T06:50:00` (UTC, no zone).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// This machine's name.
    static var hostname: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An attribute value: control characters escaped as Lua does, then XML's five.
    private static func attribute(_ s: String) -> String { XMLText.escape(TerminalText.escape(s)) }

    /// Element text: the same, keeping newlines as newlines.
    private static func text(_ s: String) -> String {
        XMLText.escape(TerminalText.escape(s)).replacing("&#10;", with: "\n")
    }

    static func seconds(_ milliseconds: Double) -> String {
        let thousandths = Int(milliseconds.rounded())
        let whole = thousandths / 1000
        let rest = String(thousandths % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - rest.count) + rest
    }
}
