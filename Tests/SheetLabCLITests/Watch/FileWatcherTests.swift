import Foundation
import Testing

@testable import SheetLabCLI

/// `--watch` notices an edit, a new file and a removed one, and stops when asked.
@Suite struct FileWatcherTests {
    static func file(_ text: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).lua").path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test func anEditedFile_isReported() {
        let a = Self.file("a"), b = Self.file("b")
        let watcher = FileWatcher([a, b, a])
        #expect(watcher.paths == [a, b], "each path once")
        let before = watcher.stamps()
        FileManager.default.createFile(atPath: b, contents: Data("b, longer".utf8))
        #expect(watcher.waitForChange(since: before, stop: { false }) == [b])
    }

    @Test func aFileThatAppearsOrGoes_isAChange() throws {
        let a = Self.file("a")
        let missing = a + ".new"
        let watcher = FileWatcher([a, missing])
        let before = watcher.stamps()
        #expect(before[1] == nil)
        FileManager.default.createFile(atPath: missing, contents: Data())
        #expect(watcher.waitForChange(since: before, stop: { false }) == [missing])
        let again = watcher.stamps()
        try FileManager.default.removeItem(atPath: a)
        #expect(watcher.waitForChange(since: again, stop: { false }) == [a])
    }

    @Test func stop_endsTheWait() {
        let watcher = FileWatcher([Self.file("a")])
        var asked = 0
        #expect(
            watcher.waitForChange(
                since: watcher.stamps(),
                stop: {
                    asked += 1; return asked > 2
                }) == nil)
    }
}
