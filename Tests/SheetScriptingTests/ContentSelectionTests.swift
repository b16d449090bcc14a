import SheetEngine
import Testing

@testable import SheetScripting

/// A content's `selection` names a slot the way `isPresented`, `item` and
/// `c.binding` do: a bare name is the presenter's slot. A content table (not
/// a function) is checked where the modifier is written and built when it is
/// presented, so its selection can name a slot of the view being declared.
@Suite struct ContentSelectionTests {
    func session(_ source: String) throws -> Session {
        let s = try Session()
        s.printHandler = { _ in }
        _ = try s.evaluate(source)
        return s
    }

    @Test func contentTable_withSelection_namesTheDeclaringViewsSlot() throws {
        let s = try session(
            """
            view { name = "A", state = { sheet = false, detent = "medium" },
              modifiers = { sheet { isPresented = "sheet",
                content = { presentationDetents = { "medium", "large" }, selection = "detent" } } } }
            """)
        try s.set("sheet", .bool(true))
        #expect(s.app.stack.last?.detent == "medium")
        try s.app.advance(by: 500)  // presented: a selection set while presenting would wait (B49)
        try s.set("detent", .string("large"))
        #expect(s.app.stack.last?.detent == "large", "the selection binding moves the sheet (B23)")
    }

    @Test func bareSelection_isThePresentersSlot_whenAnotherViewHasOneToo() throws {
        let s = try session(
            """
            view { name = "Other", state = { detent = "large" } }
            view { name = "A", state = { sheet = false, detent = "medium" },
              modifiers = { sheet { isPresented = "sheet", content = function()
                return { presentationDetents = { "medium", "large" }, selection = "detent" } end } } }
            """)
        try s.set("A.sheet", .bool(true))
        #expect(s.app.stack.last?.detent == "medium")
        #expect(!s.app.timeline.events.contains { $0.kind == .contentError })
    }

    @Test func selectionOfAnotherView_isStillReachable() throws {
        let s = try session(
            """
            view { name = "Parent", state = { detent = "large" }, children = {
              { name = "A", state = { sheet = false },
                modifiers = { sheet { isPresented = "sheet",
                  content = { presentationDetents = { "medium", "large" }, selection = "detent" } } } } } }
            """)
        try s.set("sheet", .bool(true))
        #expect(s.app.stack.last?.detent == "large", "a unique slot elsewhere still resolves")
    }

    @Test func contentTable_withABadSelection_failsWhereItIsWritten() throws {
        let s = try Session()
        #expect(throws: (any Error).self) {
            _ = try s.evaluate(
                #"sheet { isPresented = "x", content = { presentationDetents = { "medium" }, selection = 3 } }"#)
        }
    }
}
