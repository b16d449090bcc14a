import Foundation
import Glibc
import SheetScripting
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

    // MARK: Only a regular file beside its scenario

    /// What `check` gave for each mode, with a symbolic link to `target` where the snapshot goes.
    static func throughALink(to target: String, mode: TimelineSnapshot.RecordMode?) -> TimelineSnapshot.Result {
        let (path, file) = scenario()
        symlink(target, file)
        return TimelineSnapshot.check(timeline: "the run's\n", scenario: path, source: "", mode: mode)
    }

    static func isRefused(_ result: TimelineSnapshot.Result, saying kind: String) -> Bool {
        guard case .refused(let reason) = result else { return false }
        return reason.contains("is \(kind), not a regular file") && reason.contains("it was not read or written")
    }

    @Test(arguments: [nil, TimelineSnapshot.RecordMode.missing, .all, .failed])
    func aLinkToAFileOutside_isRefused_neitherReadNorWrittenThrough(mode: TimelineSnapshot.RecordMode?) throws {
        let (outside, _) = Self.scenario()
        try "secret\n".write(toFile: outside, atomically: false, encoding: .utf8)
        let result = Self.throughALink(to: outside, mode: mode)
        #expect(Self.isRefused(result, saying: "a symbolic link"), "\(result)")
        #expect(!"\(result)".contains("secret"), "the target's text is not shown")
        #expect(Self.read(outside) == "secret\n", "the target is not written")
    }

    @Test(arguments: [TimelineSnapshot.RecordMode.missing, .all])
    func aDanglingLink_isRefused_andNothingIsCreatedWhereItPoints(mode: TimelineSnapshot.RecordMode) {
        let (target, _) = Self.scenario()
        let result = Self.throughALink(to: target, mode: mode)
        #expect(Self.isRefused(result, saying: "a symbolic link"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: target), "the link's target is not created")
    }

    @Test func aFIFOOrAFolder_isRefused_withoutBlocking() throws {
        let (path, file) = Self.scenario()
        #expect(mkfifo(file, 0o600) == 0)
        #expect(
            Self.isRefused(
                TimelineSnapshot.check(timeline: "a\n", scenario: path, source: "", mode: .all), saying: "a FIFO"))
        let (other, folder) = Self.scenario()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(
            Self.isRefused(
                TimelineSnapshot.check(timeline: "a\n", scenario: other, source: "", mode: nil), saying: "a directory"))
    }

    @Test func aRecordedFile_isReplacedByANewOne_keepingItsMode() throws {
        let (path, file) = Self.scenario()
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o640)
        var before = stat()
        stat(file, &before)
        #expect(
            TimelineSnapshot.check(timeline: "new\n", scenario: path, source: "", mode: .all)
                == .recorded(replacing: true))
        var after = stat()
        stat(file, &after)
        #expect(Self.read(file) == "new\n")
        #expect(after.st_mode & 0o777 == 0o640)
        #expect(after.st_ino != before.st_ino, "a new file renamed over the old one")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: PathName.directory(of: file))
        #expect(leftovers.sorted() == ["s.timeline"], "no temporary file is left")
    }

    @Test func snapshotsTooDifferentToDiff_failSayingSo() throws {
        let (path, file) = Self.scenario()
        try (0..<30_000).map { "recorded \($0)" }.joined(separator: "\n").write(
            toFile: file, atomically: false, encoding: .utf8)
        let run = (0..<30_000).map { "this run \($0)" }.joined(separator: "\n")
        #expect(
            TimelineSnapshot.check(timeline: run, scenario: path, source: "", mode: nil, maximumDiffSteps: 1_000_000)
                == .tooLargeToDiff(recordedLines: 30_000, lines: 30_000))
    }
}
