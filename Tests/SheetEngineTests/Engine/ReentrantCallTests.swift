import Testing

@testable import SheetEngine

/// Calls made by code the engine runs (content, app code, policies) are
/// applied after the current step. Found by the Lua boundary fuzzer:
/// `advance()` from a policy hook or content looped forever, queueing steps
/// until memory ran out.
@Suite struct ReentrantCallTests {
    let ref = Views.ref("isPresented")

    @Test func advanceUntilIdle_fromContent_runsAfterTheStep_andEnds() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(
                Views.flagSheet(content: { [unowned app] _ in
                    try app.advanceUntilIdle()
                    return SheetContent(text: "sheet")
                }))
            try app.set(ref, .bool(true))
        }
        #expect(h.top?.phase == .presented, "the deferred wait let the present transition end")
        #expect(h.app.now == 500)
    }

    @Test func advanceUntilIdle_fromAnAction_whileDismissing_ends() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(
                Views.itemSheet(onDismiss: { app in
                    try app.set(StateRef(view: Views.content, slot: "item"), Views.item(1))
                    try app.advanceUntilIdle()
                }))
            try app.set(Views.ref("item"), Views.item(0))
            try app.advanceUntilIdle()
            try app.dismiss()
            try app.advanceUntilIdle()
        }
        #expect(h.top?.itemID == "1")
        #expect(h.top?.phase == .presented)
    }

    @Test func advanceUntilIdle_withANegativeLimit_isAnError() {
        #expect(throws: EngineError.self) { try SheetApp().advanceUntilIdle(limit: -1) }
    }
}
