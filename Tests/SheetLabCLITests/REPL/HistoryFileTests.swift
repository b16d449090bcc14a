import Testing

@testable import SheetLabCLI

/// Where the history is kept: the XDG state folder, else ~/.local/state.
@Suite struct REPLHistoryFileTests {
    @Test(arguments: [
        (["XDG_STATE_HOME": "/s", "HOME": "/h"], "/s/sheetlab/history"),
        (["HOME": "/h"], "/h/.local/state/sheetlab/history"),
        (["XDG_STATE_HOME": "", "HOME": "/h"], "/h/.local/state/sheetlab/history"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/h"], "/h/.local/state/sheetlab/history"),
    ])
    func path(environment: [String: String], expected: String) {
        #expect(HistoryFile.path(environment: environment) == expected)
    }

    @Test func noHomeAndNoStateFolder_meansNoHistoryFile() {
        #expect(HistoryFile.path(environment: [:]) == nil)
    }

    @Test func aMultiLineInput_isOneEntry_whenJoiningKeepsItsMeaning() {
        #expect(
            HistoryFile.entries(forInput: ["function f(x)", "  return x", "end"]) == ["function f(x) return x end"])
        #expect(HistoryFile.entries(forInput: ["=1 + 1"]) == ["=1 + 1"])
        #expect(HistoryFile.entries(forInput: ["", "  "]) == [])
    }

    @Test func aMultiLineInput_thatJoiningWouldChange_keepsItsLines() {
        #expect(HistoryFile.entries(forInput: ["x = 1 -- one", "y = 2"]) == ["x = 1 -- one", "y = 2"])
        #expect(HistoryFile.entries(forInput: ["s = [[a", "b]]"]) == ["s = [[a", "b]]"])
        #expect(HistoryFile.entries(forInput: ["s = 'a\\", "b'"]) == ["s = 'a\\", "b'"])
    }

    @Test func theFile_isPlainText_andAFileLibeditWrote_isReadToo() {
        #expect(HistoryFile.text(of: ["=1", "top()"]) == "=1\ntop()\n")
        #expect(HistoryFile.entries(in: "=1\ntop()\n") == ["=1", "top()"])
        #expect(HistoryFile.entries(in: "_HiStOrY_V2_\n=1\\040+\\0401\nswipe()\n") == ["=1 + 1", "swipe()"])
    }
}
