import SheetJSON
import SheetScripting

extension TestReport {
    /// JSON lines, one object per file, keys sorted:
    /// `path`, `status` (`passed`, `failed`, `error`, `skipped`),
    /// `expectations`, `failures` (`location`, `file`, `line`, `message`,
    /// `expected`, `seen`, as serve and mcp give them), `problems` (verdicts besides failed expectations, such as
    /// `no expectation was checked`), `error` (`kind`, `message`, `file`,
    /// `line`, `traceback`) when a script error stopped it, `skip_reason`
    /// when skipped, `error_events` (`index`, `time`, `kind`, `detail`,
    /// `expected`), `error_event_count`, `unexpected_error_events`,
    /// `time_ms`, and `timeline` (`status`: `matched`, `recorded`,
    /// `rerecorded`, `differs` with `diff`, `off`, `unwritable`, `refused`;
    /// `path`) when the scenario's timeline was compared or recorded.
    var jsonLines: String {
        outcomes.map { Self.json($0).text + "\n" }.joined()
    }

    static func json(_ o: TestOutcome) -> JSON {
        var object: [String: JSON] = [
            "path": .string(o.path), "status": .string(o.status.rawValue), "expectations": .int(o.expectations),
            "failures": .array(o.failures.map(json)), "problems": .array(o.problems.map { .string($0) }),
            "error_events": .array(o.errorEvents.map(json)), "error_event_count": .int(o.errorEventCount),
            "unexpected_error_events": .int(o.unexpectedErrorEventCount),
            "time_ms": .double((o.milliseconds * 1000).rounded() / 1000),
        ]
        if let e = o.error {
            var error: [String: JSON] = ["kind": .string(e.kind.rawValue), "message": .string(e.message)]
            if let file = e.file { error["file"] = .string(file) }
            if let line = e.line { error["line"] = .int(line) }
            if let traceback = e.traceback { error["traceback"] = .string(traceback) }
            object["error"] = .object(error)
        }
        if let reason = o.skipReason { object["skip_reason"] = .string(reason) }
        if let snapshot = json(o.snapshot, path: o.snapshotPath) { object["timeline"] = snapshot }
        return .object(object)
    }

    /// `{"status": "matched", "path": "x.timeline"}`; `differs` with its
    /// `diff` lines (none, and a `reason`, when too large to diff),
    /// `unwritable` and `refused` (not a regular file) with their `reason`;
    /// nil when nothing was compared.
    static func json(_ snapshot: TimelineSnapshot.Result, path: String) -> JSON? {
        var object: [String: JSON] = ["path": .string(path)]
        switch snapshot {
        case .none: return nil
        case .matched: object["status"] = .string("matched")
        case .recorded(let replacing): object["status"] = .string(replacing ? "rerecorded" : "recorded")
        case .optedOut: object = ["status": .string("off")]
        case .differs(let diff):
            object["status"] = .string("differs")
            object["diff"] = .array(diff.map { .string($0) })
        case .tooLargeToDiff(let recordedLines, let lines):
            object["status"] = .string("differs")
            object["diff"] = .array([])
            object["reason"] = .string(UnifiedDiff.tooLargeNote(oldLines: recordedLines, newLines: lines))
        case .failedToWrite(let reason):
            object["status"] = .string("unwritable")
            object["reason"] = .string(reason)
        case .refused(let reason):
            object["status"] = .string("refused")
            object["reason"] = .string(reason)
        }
        return .object(object)
    }

    static func json(_ f: ExpectationFailure) -> JSON {
        var object: [String: JSON] = ["message": .string(f.message)]
        if let location = f.location { object["location"] = .string(location) }
        if let file = f.file, let line = f.line {
            object["file"] = .string(file)
            object["line"] = .int(line)
        }
        if let expected = f.expected { object["expected"] = .string(expected) }
        if let seen = f.seen { object["seen"] = .string(seen) }
        return .object(object)
    }

    static func json(_ e: ErrorEventLog.Entry) -> JSON {
        [
            "index": .int(e.index), "time": .int(e.event.time), "kind": .string(e.event.kind.rawValue),
            "detail": .string(e.event.detail), "expected": .bool(e.expected),
        ]
    }
}
