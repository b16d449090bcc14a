import Testing

@testable import SheetEngine

/// A request held for a modifier stock SwiftUI never fires from (B11) is
/// dropped with an event when its turn comes, not lost silently. Found by
/// the Lua boundary fuzzer: the engine popped it, tried to present it, was
/// ignored, and nothing on the timeline said where it went.
@Suite struct BlockedModifierHeldTests {
    /// Holds every request.
    final class QueueEverything: PresentationPolicy {
        var name: String { "queue everything" }
        var hooks: PolicyHooks { [.request] }
        func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? { .queue }
    }

    @Test func heldRequestOfAnEmptyViewCover_isDroppedWithAnEvent_fromIOS15() throws {
        let h = Harness("iphone15-ios17", policies: [QueueEverything()])
        let sheet = StateRef(view: "V", slot: "sheet")
        let cover = StateRef(view: "V", slot: "cover")
        try h.run { app in
            try app.addView(
                ViewSpec(
                    name: "V", state: [("sheet", false), ("cover", false)],
                    modifiers: [
                        PresentationModifier(kind: .sheet, trigger: .isPresented(sheet)),
                        PresentationModifier(
                            kind: .fullScreenCover, trigger: .isPresented(cover), attachment: .emptyView("E")),
                    ]))
            try app.set(sheet, .bool(true))  // nothing in the way: presented
            try app.advance(by: 500)
            try app.set(cover, .bool(true))  // the presenter is busy: held
        }
        #expect(h.app.state().held.count == 1)
        let events = try h.run { app in
            try app.set(sheet, .bool(false))
            try app.advance(by: 500)
        }
        #expect(h.app.state().held.isEmpty)
        #expect(
            events.contains {
                $0.kind == .dropped
                    && $0.detail == "held request dropped: a modifier on an EmptyView does not fire on iOS 17 (B11)"
            })
        #expect(!events.contains { $0.kind == .modifierIgnored })
    }
}
