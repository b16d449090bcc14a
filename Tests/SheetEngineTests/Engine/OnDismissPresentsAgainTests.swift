import Testing

@testable import SheetEngine

/// App code in `onDismiss` that writes the binding again, racing the
/// replacement of B04 and the requests a policy holds (P01). Found by the
/// engine fuzzer: the engine used to present the stale replacement or pop
/// the held request on top of what onDismiss had presented, overwriting the
/// binding (binding-agrees broke) and losing the held request silently.
@Suite struct OnDismissPresentsAgainTests {
    let ref = Views.ref("item")

    /// `.sheet(item: $item, onDismiss: { if !reopened { reopened = true; item = Item(id: 2) } })`.
    func reopeningSheet() -> ViewSpec {
        final class Flag { var reopened = false }
        let flag = Flag()
        return Views.itemSheet(onDismiss: { app in
            guard !flag.reopened else { return }
            flag.reopened = true
            try app.set(StateRef(view: Views.content, slot: "item"), Views.item(2))
        })
    }

    @Test func replacement_isDropped_whenOnDismissPresentedAnotherItem_stock() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(reopeningSheet())
            try app.set(ref, Views.item(2))
            try app.set(ref, Views.item(0))  // B04: replace 2 with 0
            try app.advance(by: 1000)
        }
        #expect(h.top?.itemID == "2", "onDismiss presented item 2")
        #expect(h.app.value(ref) == Views.item(2), "the binding holds what is shown")
        #expect(
            h.lastDetail(.dropped) == "replacement dropped: onDismiss presented ContentView.sheet(item:) item=2 (B04)")
        #expect(Invariant.bindingAgrees.violation(in: h.app, events: h.app.timeline.events) == nil)
    }

    @Test func heldRequest_keepsWaiting_whenOnDismissPresentedAgain_queuePolicy() throws {
        let h = Harness(policies: [QueuePolicy()])
        try h.run { app in
            try app.addView(reopeningSheet())
            try app.set(ref, Views.item(2))
            try app.advance(by: 500)
            try app.set(ref, Views.item(1))  // held
            try app.dismiss()
            try app.advance(by: 500)  // dismissed; onDismiss presents item 2 again
        }
        #expect(h.top?.itemID == "2")
        #expect(h.app.value(ref) == Views.item(2), "the binding holds what is shown")
        #expect(h.app.state().held.map(\.item) == [Views.item(1)], "the held request is still held")
        try h.run { app in
            try app.advance(by: 500)
            try app.dismiss()
            try app.advance(by: 500)
        }
        #expect(h.app.timeline.events.contains { $0.kind == .presenting && $0.item == "1" }, "and opens in its turn")
        #expect(!h.app.timeline.events.contains { $0.kind == .requestLost })
    }
}
