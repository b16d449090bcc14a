import Testing

@testable import SheetEngine

/// B01-B09: the presentation lifecycle under stock SwiftUI behaviour.
@Suite struct LifecycleTests {
    let ref = Views.ref("item")

    @Test func B01_phases_presentingPresentedDismissingGone_withDefaultTimings() throws {
        let h = Harness()
        h.step({ try $0.addView(Views.itemSheet()) }, [])
        h.step(
            { try $0.set(ref, Views.item(0)) },
            [
                "set ContentView item = {id = 0}",
                "request ContentView item=0 -> present",
                "presenting ContentView item=0 detent=large",
            ])
        #expect(h.top?.phase == .presenting)
        #expect(h.top?.phaseEnds == 500)
        h.step({ try $0.advance(by: 499) }, [])
        h.step({ try $0.advance(by: 1) }, ["presented ContentView item=0 detent=large"])
        h.step({ try $0.set(ref, nil) }, ["set ContentView item = nil", "dismissing ContentView item=0"])
        #expect(h.top?.phaseEnds == 1000)
        h.step({ try $0.advance(by: 500) }, ["dismissed ContentView item=0"])
        #expect(h.app.stack.isEmpty)
    }

    @Test func B01_transitionLengths_comeFromTheProfile() throws {
        var profile = Profile.default
        profile.os.timings = Timings(present: 300, dismiss: 200, swipeRemainder: 100)
        let app = SheetApp(profile: profile)
        try app.addView(Views.itemSheet())
        try app.set(ref, Views.item(0))
        try app.advance(by: 300)
        #expect(app.stack.last?.phase == .presented)
        try app.swipeDown()
        #expect(app.stack.last?.phaseEnds == 400)
        try app.advance(by: 100)
        #expect(app.stack.isEmpty)
    }

    @Test func B02_itemBindingIsClearedWhenTheDismissTransitionEnds() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Views.itemSheet(onDismiss: { _ in }))
            try app.set(ref, Views.item(0))
            try app.advance(by: 500)
        }
        h.step({ try $0.swipeDown() }, ["swipe ContentView item=0", "dismissing ContentView item=0"])
        #expect(h.app.value(ref) == Views.item(0), "the binding keeps its item while dismissing")
        h.step(
            { try $0.advance(by: 250) },
            [
                "dismissed ContentView item=0",
                "writeBack ContentView item = nil",
                "onDismiss ContentView item=0",
            ])
        #expect(h.app.value(ref) == Value.none)
    }

    @Test func B02_isPresentedIsWrittenFalseAfterAnInteractiveDismissal() throws {
        let h = Harness()
        let flag = Views.ref("isPresented")
        try h.run { app in
            try app.addView(Views.flagSheet())
            try app.set(flag, true)
            try app.advance(by: 500)
            try app.swipeDown()
            try app.advance(by: 249)
        }
        #expect(h.app.value(flag) == true)
        h.step({ try $0.advance(by: 1) }, ["dismissed ContentView", "writeBack ContentView isPresented = false"])
    }

    @Test func B03_reopenWrittenWhileDismissing_isLost_stock() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Views.itemSheet())
            try app.set(ref, Views.item(0))
            try app.advance(by: 500)
            try app.swipeDown()
            try app.advance(by: 100)
        }
        h.step(
            { try $0.set(ref, Views.item(1)) },
            [
                "set ContentView item = {id = 1}",
                "request ContentView item=1 -> present",
                "alreadyPresenting ContentView item=1",
            ])
        h.step(
            { try $0.advance(by: 150) },
            [
                "dismissed ContentView item=0",
                "requestLost ContentView item=1",
                "writeBack ContentView item = nil",
            ])
        try h.app.advance(by: 1000)
        #expect(h.app.stack.isEmpty, "the user must tap again")
        #expect(h.app.value(ref) == Value.none)
    }

    @Test func B03_sameItemTappedAgainWhileDismissing_isLostToo() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Views.itemSheet())
            try app.set(ref, Views.item(0))
            try app.advance(by: 500)
            try app.swipeDown()
        }
        let events = try h.run { app in
            try app.set(ref, Views.item(0))
            try app.advance(by: 250)
        }
        #expect(events.map(\.kind).contains(.requestLost))
        #expect(h.app.stack.isEmpty)
    }

    @Test func B04_differentID_dismissesRunsOnDismissThenPresentsTheNewOne() throws {
        let h = Harness()
        nonisolated(unsafe) var dismissed: [String] = []
        try h.run { app in
            try app.addView(Views.itemSheet(onDismiss: { app in dismissed.append("onDismiss") }))
            try app.set(ref, Views.item(0))
            try app.advance(by: 500)
        }
        h.step(
            { try $0.set(ref, Views.item(1)) },
            [
                "set ContentView item = {id = 1}",
                "request ContentView item=1 -> replace",
                "dismissing ContentView item=0",
            ])
        h.step(
            { try $0.advance(by: 500) },
            [
                "dismissed ContentView item=0",
                "onDismiss ContentView item=0",
                "presenting ContentView item=1 detent=large",
            ])
        #expect(dismissed == ["onDismiss"])
        #expect(h.app.value(ref) == Views.item(1))
    }

    @Test func B04_sameID_updatesContentInPlaceWithoutATransition() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(
                Views.itemSheet(content: { ctx in SheetContent(text: "\(ctx.item["title"])") }))
            try app.set(ref, .record(["id": 0, "title": "old"]))
            try app.advance(by: 500)
        }
        h.step(
            { try $0.set(ref, .record(["id": 0, "title": "new"])) },
            [
                "set ContentView item = {id = 0, title = \"new\"}",
                "request ContentView item=0 -> present",
                "contentUpdated ContentView item=0",
            ])
        #expect(h.top?.phase == .presented)
        #expect(h.top?.text == "\"new\"")
    }

    /// Two views in the same window: one presenter, one presentation at a time.
    static func twoSheetsInOneWindow() -> ViewSpec {
        ViewSpec(
            name: "Root",
            children: [
                Views.flagSheet(name: "A", content: { _ in SheetContent(text: "A") }),
                Views.flagSheet(name: "B", content: { _ in SheetContent(text: "B") }),
            ])
    }

    @Test func B05_secondPresentationFromTheSamePresenter_isIgnoredWithAWarning_bindingStaysSet() throws {
        let h = Harness()
        let a = Views.ref("isPresented", "A")
        let b = Views.ref("isPresented", "B")
        try h.run { app in
            try app.addView(Self.twoSheetsInOneWindow())
            try app.set(a, true)
            try app.advance(by: 500)
        }
        h.step(
            { try $0.set(b, true) },
            ["set B isPresented = true", "request B item=true -> present", "alreadyPresenting B"])
        #expect(h.lastDetail(.alreadyPresenting)?.contains("attempt to present B.sheet(isPresented:)") == true)
        #expect(h.app.value(b) == true, "the binding stays set")
        #expect(h.app.stack.map(\.presenter) == ["A"])
    }

    /// A sheet whose content holds a view with its own sheet.
    static func nested() -> ViewSpec {
        ViewSpec(
            name: "Root", state: [("outer", false)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(Views.ref("outer", "Root")),
                    content: { _ in
                        SheetContent(
                            text: "outer",
                            view: ViewSpec(
                                name: "Inner", state: [("inner", false)],
                                modifiers: [
                                    PresentationModifier(
                                        kind: .sheet, trigger: .isPresented(Views.ref("inner", "Inner")),
                                        content: { _ in SheetContent(text: "inner") })
                                ]))
                    })
            ])
    }

    @Test func B05_presentingFromThePresentedSheetsContent_nests() throws {
        let app = SheetApp()
        try app.addView(Self.nested())
        try app.set(Views.ref("outer", "Root"), true)
        try app.advance(by: 500)
        try app.set(Views.ref("inner", "Inner"), true)
        try app.advance(by: 500)
        #expect(app.stack.map(\.text) == ["outer", "inner"])
        #expect(app.stack.map(\.phase) == [.presented, .presented])
    }

    @Test func B06_dismissingAPresentationRemovesThoseAbove_onlyTheTopAnimates() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Self.nested())
            try app.set(Views.ref("outer", "Root"), true)
            try app.advance(by: 500)
            try app.set(Views.ref("inner", "Inner"), true)
            try app.advance(by: 500)
        }
        h.step(
            { try $0.set(Views.ref("outer", "Root"), false) },
            ["set Root outer = false", "dismissing Root", "dismissing Inner"])
        let dismissing = h.app.timeline.events.filter { $0.kind == .dismissing }
        #expect(dismissing.first?.animated == false, "the bottom one does not animate")
        #expect(dismissing.last?.animated == true, "the top one does")
        #expect(dismissing.last?.detail.contains("the top one (B06)") == true)
        #expect(h.app.stack.map(\.animated) == [false, true])
        h.step({ try $0.advance(by: 500) }, ["dismissed Inner", "dismissed Root"])
        #expect(h.app.stack.isEmpty)
        #expect(!h.app.hasView("Inner"), "the content view goes with its sheet")
    }

    @Test func B07_dismissActionDismissesItsOwnPresentation() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Self.nested())
            try app.set(Views.ref("outer", "Root"), true)
            try app.advance(by: 500)
        }
        h.step({ try $0.dismiss(from: "Inner") }, ["dismissing Root"])
        h.step(
            { try $0.advance(by: 500) },
            ["dismissed Root", "writeBack Root outer = false"])
    }

    @Test func B07_dismissActionOnAViewThatIsNotPresented_doesNothing() throws {
        let h = Harness()
        try h.run { app in try app.addView(Self.nested()) }
        h.step({ try $0.dismiss(from: "Root") }, ["dismissIgnored Root"])
        #expect(h.app.stack.isEmpty)
    }

    @Test func B08_swipeIsPreventedByInteractiveDismissDisabled_butCodeStillDismisses() throws {
        let h = Harness()
        let flag = Views.ref("isPresented")
        try h.run { app in
            try app.addView(
                Views.flagSheet(content: { _ in SheetContent(text: "locked", interactiveDismissDisabled: true) }))
            try app.set(flag, true)
            try app.advance(by: 500)
        }
        h.step({ try $0.swipeDown() }, ["swipe ContentView", "dismissPrevented ContentView"])
        #expect(h.lastDetail(.dismissPrevented) == "interactiveDismissDisabled (B08)")
        h.step({ try $0.set(flag, false) }, ["set ContentView isPresented = false", "dismissing ContentView"])
    }

    @Test func B08_fullScreenCoverCannotBeSwipedDown() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Views.flagSheet(kind: .fullScreenCover))
            try app.set(Views.ref("isPresented"), true)
            try app.advance(by: 500)
        }
        h.step({ try $0.swipeDown() }, ["swipe ContentView", "dismissPrevented ContentView"])
        #expect(h.lastDetail(.dismissPrevented) == "a full-screen cover cannot be swiped down (B08)")
        #expect(h.top?.style == .fullScreen)
    }

    @Test func B09_presenterLeavingTheHierarchy_removesItsPresentationAtOnce() throws {
        let h = Harness()
        try h.run { app in
            try app.addView(Self.twoSheetsInOneWindow())
            try app.set(Views.ref("isPresented", "A"), true)
            try app.advance(by: 200)
        }
        h.step({ try $0.removeView("A") }, ["viewRemoved A", "removed A"])
        #expect(h.app.stack.isEmpty)
        h.step({ try $0.advance(by: 1000) }, [])
    }
}
