import Testing

@testable import SheetEngine

/// Code the app runs can chain updates without bound (an `onChange` that
/// writes what it observes, two actions writing each other's slots); the
/// engine counts them across nested drains and cuts the chain with one
/// `limitReached` event, instead of recursing until the stack overflows.
@Suite struct ChainedUpdateTests {
    static let counter = StateRef(view: "H", slot: "n")

    /// `onChange(of: n) { n = n + 1 }`.
    static var selfWriting: ViewSpec {
        ViewSpec(
            name: "H", state: [("n", 0)],
            onChange: [
                ChangeObserver(slot: "n") { app in
                    guard case .int(let n)? = app.value(counter) else { return }
                    try app.set(counter, .int(n + 1))
                }
            ])
    }

    @Test func onChangeWritingItsOwnSlot_isCut_withOneEvent() throws {
        let app = SheetApp(limits: EngineLimits(chainedUpdates: 500))
        try app.addView(Self.selfWriting)
        try app.set(Self.counter, 1)
        let cut = app.timeline.events.filter { $0.kind == .limitReached }
        #expect(cut.count == 1)
        #expect(cut.first?.detail.contains("more than 500 chained updates") == true)
        #expect(app.value(Self.counter) == .int(501), "the user's write and 500 chained ones")
        // The app is still usable afterwards, with a fresh count.
        try app.set(Self.counter, 1)
        #expect(app.timeline.events.filter { $0.kind == .limitReached }.count == 2)
    }

    @Test func theDefaultLimit_holdsWithoutExhaustingTheStack() throws {
        let app = SheetApp()
        try app.addView(Self.selfWriting)
        try app.set(Self.counter, 1)
        #expect(app.timeline.events.filter { $0.kind == .limitReached }.count == 1)
        #expect(app.value(Self.counter) == .int(10_001))
    }

    @Test func pingPongBetweenTwoSlots_isCut() throws {
        let a = StateRef(view: "P", slot: "a")
        let b = StateRef(view: "P", slot: "b")
        func bump(_ ref: StateRef, from other: StateRef) -> EngineAction {
            { app in
                guard case .int(let n)? = app.value(other) else { return }
                try app.set(ref, .int(n + 1))
            }
        }
        let app = SheetApp(limits: EngineLimits(chainedUpdates: 100))
        try app.addView(
            ViewSpec(
                name: "P", state: [("a", 0), ("b", 0)],
                onChange: [
                    ChangeObserver(slot: "a", action: bump(b, from: a)),
                    ChangeObserver(slot: "b", action: bump(a, from: b)),
                ]))
        try app.set(a, 1)
        #expect(app.timeline.events.filter { $0.kind == .limitReached }.count == 1)
    }

    /// A policy that writes state from its `dismissed` hook and an onDismiss
    /// that reopens: every source of chained work counts.
    @Test func onDismissThatReopensForever_isStopped() throws {
        let item = Views.ref("item")
        let app = SheetApp(limits: EngineLimits(chainedUpdates: 50))
        try app.addView(
            Views.itemSheet(onDismiss: { app in
                try app.set(item, Views.item(1))
                try app.advanceUntilIdle()
                try app.dismiss()
                try app.advanceUntilIdle()
            }))
        try app.set(item, Views.item(1))
        try app.advance(by: 500)
        try app.dismiss()
        try app.advance(by: 500)
        let problems = app.timeline.events.filter { $0.kind == .limitReached || $0.kind == .oscillation }
        #expect(!problems.isEmpty, "the loop is stopped and said so")
    }
}
