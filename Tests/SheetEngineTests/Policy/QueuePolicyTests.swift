import Testing

@testable import SheetEngine

/// P01 (seed 000) as the native queue policy, and the policy protocol's rules.
@Suite struct QueuePolicyTests {
    let ref = Views.ref("item")

    func openAndSwipe(_ h: Harness, item: Int = 0) throws {
        try h.run { app in
            try app.set(ref, Views.item(item))
            try app.advance(by: 500)
            try app.swipeDown()
            try app.advance(by: 100)
        }
    }

    @Test func presentWhileDismissing_opensAfterClose_queuePolicy() throws {
        let h = Harness(policies: [QueuePolicy()])
        try h.run { app in try app.addView(Views.itemSheet()) }
        try openAndSwipe(h)
        h.step(
            { try $0.set(ref, Views.item(1)) },
            [
                "set ContentView item = {id = 1}",
                "request ContentView item=1 -> queue",
                "queued ContentView item=1",
            ])
        #expect(h.app.value(ref) == Views.item(0), "the binding shows what is on screen")
        // P01's hand-off: the held item takes the write-back's place.
        h.step(
            { try $0.advance(by: 150) },
            [
                "dismissed ContentView item=0",
                "stateChanged ContentView item = {id = 1} (held request)",
                "presenting ContentView item=1 detent=large",
            ])
        #expect(!h.app.timeline.events.contains { $0.kind == .requestLost })
    }

    /// P01: an `onChange` observer of the binding sees item 0, then item 1, never nil in between.
    @Test func P01_handOff_observerNeverSeesNil_queuePolicy() throws {
        let h = Harness(policies: [QueuePolicy()])
        var seen: [Value] = []
        var spec = Views.itemSheet()
        spec.onChange = [ChangeObserver(slot: "item") { app in seen.append(app.value(Views.ref("item")) ?? .none) }]
        try h.run { app in try app.addView(spec) }
        try openAndSwipe(h)
        try h.run { app in
            try app.set(ref, Views.item(1))
            try app.advanceUntilIdle()
        }
        #expect(seen == [Views.item(0), Views.item(1)])
        #expect(h.app.stack.last?.itemID == "1")
    }

    @Test func sameItemTwice_reopensEachTime_queuePolicy() throws {
        let h = Harness(policies: [QueuePolicy()])
        try h.run { app in try app.addView(Views.itemSheet()) }
        for round in 1...2 {
            try openAndSwipe(h)
            try h.run { app in
                try app.set(ref, Views.item(0))
                try app.advance(by: 150)
            }
            #expect(h.top?.itemID == "0", "round \(round): the same item reopens")
            #expect(h.top?.phase == .presenting)
            try h.run { app in
                try app.advance(by: 500)
                try app.swipeDown()
                try app.advance(by: 250)
            }
            #expect(h.app.stack.isEmpty)
        }
    }

    @Test func onlyOneRequestIsHeld_laterOnesAreDropped() throws {
        let h = Harness(policies: [QueuePolicy()])
        try h.run { app in try app.addView(Views.itemSheet()) }
        try openAndSwipe(h)
        try h.run { app in try app.set(ref, Views.item(1)) }
        h.step(
            { try $0.set(ref, Views.item(2)) },
            ["set ContentView item = {id = 2}", "request ContentView item=2 -> drop", "dropped ContentView item=2"])
        try h.app.advance(by: 150)
        #expect(h.top?.itemID == "1")
        #expect(h.app.state().held.isEmpty)
    }

    @Test func requestWhilePresented_isHeldUntilTheUserDismisses() throws {
        let h = Harness(policies: [QueuePolicy()])
        try h.run { app in
            try app.addView(Views.itemSheet())
            try app.set(ref, Views.item(0))
            try app.advance(by: 500)
            try app.set(ref, Views.item(1))
            try app.advance(by: 5000)
        }
        #expect(h.top?.itemID == "0", "unlike stock B04, the sheet stays")
        #expect(h.app.state().held.map(\.item) == [Views.item(1)])
        try h.run { app in
            try app.swipeDown()
            try app.advance(by: 250)
        }
        #expect(h.top?.itemID == "1")
    }

    final class Failing: PresentationPolicy {
        var name: String { "failing" }
        var hooks: PolicyHooks { [.request] }
        func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? {
            throw PolicyFailure(hook: .request, message: "failing.lua:3: boom")
        }
    }

    @Test func failingHook_fallsBackToStock_andSaysSoOnTheTimeline() throws {
        let h = Harness(policies: [Failing(), QueuePolicy()])
        try h.run { app in try app.addView(Views.itemSheet()) }
        let events = try h.run { app in try app.set(ref, Views.item(0)) }
        #expect(events.map(\.kind) == [.set, .policyError, .request, .presenting])
        #expect(events.first { $0.kind == .policyError }?.detail.hasPrefix("failing.lua:3: boom") == true)
        #expect(events.first { $0.kind == .request }?.source == "stock")
    }

    @Test func policiesAreAskedInLoadOrder_firstAnswerWins() throws {
        let app = SheetApp(policies: [StockPolicy(), QueuePolicy(), OnePresenterPolicy()])
        try app.addView(Views.itemSheet())
        try app.set(ref, Views.item(0))
        try app.advance(by: 500)
        try app.set(ref, Views.item(1))
        #expect(app.timeline.events.last { $0.kind == .request }?.source == "queue (native)")
    }

    @Test func P04_onePresenter_routesAroundBlockedModifiers() throws {
        for profile in ["iphone15-ios14.4", "iphone15-ios17"] {
            for onEmpty in [false, true] {
                let app = SheetApp(profile: try Profile.named(profile), policies: [OnePresenterPolicy()])
                try app.addView(SeveralPresentationsTests.sheetAndCover(coverOnEmptyView: onEmpty))
                try app.set(Views.ref("isPresented"), true)
                try app.advance(by: 500)
                try app.set(Views.ref("isPresented"), false)
                try app.advance(by: 500)
                try app.set(Views.ref("isFullScreenPresented"), true)
                try app.advance(by: 500)
                #expect(app.stack.map(\.text) == ["cover"], "\(profile), EmptyView host: \(onEmpty)")
            }
        }
    }
}

/// P05: sheets that open and close by themselves forever (seed 000).
@Suite struct OscillationTests {
    /// A sheet that dismisses itself on appear and is reopened by `onDismiss`.
    static func selfClosing() -> ViewSpec {
        let ref = Views.ref("item")
        return ViewSpec(
            name: "ContentView", state: [("item", nil)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .item(ref),
                    onDismiss: { app in try app.set(ref, Views.item(0)) },
                    content: { _ in SheetContent(text: "x", onAppear: { app in try app.dismiss() }) })
            ])
    }

    @Test func P05_reopeningWithNoUserInput_isDetectedAndStopped() throws {
        let app = SheetApp()
        try app.addView(Self.selfClosing())
        try app.set(Views.ref("item"), Views.item(0))
        try app.advance(by: 60_000)
        let oscillations = app.timeline.events.filter { $0.kind == .oscillation }
        #expect(oscillations.count == 1)
        #expect(app.timeline.events.filter { $0.kind == .presenting }.count == app.oscillationLimit)
        #expect(app.stack.isEmpty)
        #expect(app.value(Views.ref("item")) == Value.none, "binding and stack agree after the guard stops")
    }

    @Test func P05_userInputBetweenReopens_isNotOscillation() throws {
        let app = SheetApp()
        try app.addView(Views.itemSheet())
        for i in 0..<10 {
            try app.set(Views.ref("item"), Views.item(i))
            try app.advance(by: 500)
            try app.swipeDown()
            try app.advance(by: 250)
        }
        #expect(!app.timeline.events.contains { $0.kind == .oscillation })
    }
}
