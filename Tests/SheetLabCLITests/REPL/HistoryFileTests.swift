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
}
