import Foundation
import Testing

@testable import SheetLabCLI

/// `NAME.timeline` next to a scenario: compared, recorded in the three modes, or opted out of.
@Suite struct TimelineSnapshotTests {
    /// A scenario path in a fresh folder, and its snapshot's path.
    static func scenario() -> (String, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("s.lua").path
        return (path, TimelineSnapshot.path(for: path))
    }

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func path_isNextToTheScenario() {
        #expect(TimelineSnapshot.path(for: "examples/seeds/seed000.lua") == "examples/seeds/seed000.timeline")
    }

    @Test func withoutRecord_nothingRecorded_nothingCompared() {
        let (path, file) = Self.scenario()
        #expect(TimelineSnapshot.check(timeline: "a\n", scenario: path, source: "", mode: nil) == .none)
        #expect(Self.read(file) == nil)
    }

    @Test func recordMissing_writesOnlyWhatIsMissing_thenCompares() {
        let (path, file) = Self.scenario()
        #expect(
            TimelineSnapshot.check(timeline: "a\n", scenario: path, source: "", mode: .missing)
                == .recorded(replacing: false))
        #expect(Self.read(file) == "a\n")
        #expect(TimelineSnapshot.check(timeline: "a\n", scenario: path, source: "", mode: .missing) == .matched)
        guard
            case .differs(let diff) = TimelineSnapshot.check(
                timeline: "b\n", scenario: path, source: "", mode: .missing)
        else {
            Issue.record("a different timeline differs")
            return
        }
        #expect(diff.contains("-a") && diff.contains("+b"))
        #expect(Self.read(file) == "a\n", "missing does not replace")
    }

    @Test func recordFailed_replacesWhatDiffers_recordAll_everything() {
        let (path, file) = Self.scenario()
        _ = TimelineSnapshot.check(timeline: "a\n", scenario: path, source: "", mode: .all)
        #expect(TimelineSnapshot.check(timeline: "a\n", scenario: path, source: "", mode: .failed) == .matched)
        #expect(
            TimelineSnapshot.check(timeline: "b\n", scenario: path, source: "", mode: .failed)
                == .recorded(replacing: true))
        #expect(Self.read(file) == "b\n")
        #expect(
            TimelineSnapshot.check(timeline: "b\n", scenario: path, source: "", mode: .all)
                == .recorded(replacing: true))
    }

    @Test func optOutLine_neverComparesOrRecords() {
        let (path, file) = Self.scenario()
        let source = "-- A scenario with a clock in it.\n  -- no timeline snapshot\nprint(os.clock())\n"
        #expect(TimelineSnapshot.check(timeline: "a\n", scenario: path, source: source, mode: .all) == .optedOut)
        #expect(Self.read(file) == nil)
        #expect(!TimelineSnapshot.optsOut("-- no timeline snapshots, please\n"))
    }

    @Test func aSnapshotThatCannotBeWritten_saysWhy() {
        let path = "/nonexistent-folder-\(UUID().uuidString)/s.lua"
        guard
            case .failedToWrite(let reason) = TimelineSnapshot.check(
                timeline: "a\n", scenario: path, source: "", mode: .all)
        else {
            Issue.record("expected a write failure")
            return
        }
        #expect(reason.hasPrefix("cannot write /nonexistent-folder-"))
        #expect(reason.hasSuffix(": No such file or directory"))
    }
}
