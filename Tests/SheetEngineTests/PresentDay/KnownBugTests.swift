import Testing

@testable import SheetEngine

/// B34, B35, B40: bugs of particular releases, and the `queue` answer that works around B34 and B35.
@Suite struct KnownBugTests {
    static var medium: ViewSpec {
        PresentDay.view { _ in SheetContent(text: "m", detents: DetentsModifier([.medium])) }
    }

    /// Opens, swipes away and, `after` ms once the dismissal ended, reopens.
    static func reopen(_ app: SheetApp, after: Int) throws {
        try app.addView(Self.medium)
        try app.set(PresentDay.show, true)
        try app.advance(by: 500)
        try app.swipeDown()
        try app.advance(by: 250 + after)
        try app.set(PresentDay.show, true)
    }

    final class QueueInWindow: PresentationPolicy {
        var name: String { "window" }
        var hooks: PolicyHooks { .request }
        func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
            c.reopenWindowLeft != nil ? .queue : nil
        }
    }

    @Test(arguments: [
        ("iphone17-ios18.0", 100, "large"), ("iphone17-ios18.0", 400, "medium"),
        ("iphone17-ios18.4", 100, "medium"),
    ])
    func B34_aQuickReopen_ignoresDetents_on18_0(profile: String, after: Int, detent: String) throws {
        let app = SheetApp(profile: try Profile.named(profile))
        try Self.reopen(app, after: after)
        #expect(app.stack[0].detent == detent)
        #expect(PresentDay.events(app, .modifierIgnored).map(\.rule) == (detent == "large" ? [.b34] : []))
    }

    @Test func B34_queueingInTheWindow_presentsAsItCloses_withDetents() throws {
        let app = SheetApp(profile: try Profile.named("iphone17-ios18.0"), policies: [QueueInWindow()])
        try Self.reopen(app, after: 100)
        #expect(app.stack.isEmpty && app.nextTransitionTime == app.now + 300)
        try app.advanceUntilIdle()
        #expect(app.stack.first?.detent == "medium" && app.value(PresentDay.show) == .bool(true))
        #expect(app.now == 500 + 250 + 400 + 500, "presented as the window closed, at 1150")
    }

    static var nested: ViewSpec {
        PresentDay.view(state: [("second", false)]) { _ in
            SheetContent(
                text: "first",
                view: ViewSpec(
                    name: "FirstView",
                    modifiers: [
                        PresentationModifier(kind: .sheet, trigger: .isPresented(Views.ref("second")), content: nil)
                    ]))
        }
    }

    static func restore(_ app: SheetApp) throws {
        try app.addView(Self.nested)
        try app.set([StateWrite(PresentDay.show, true), StateWrite(Views.ref("second"), true)])
        try app.advanceUntilIdle()
    }

    @Test(arguments: [("iphone17-ios18.0", 1), ("iphone17-ios18.4", 2), ("iphone15-ios17", 1)])
    func B35_nestedRequestsInOneUpdate_onlyTheFirstPresents(profile: String, shown: Int) throws {
        let app = SheetApp(profile: try Profile.named(profile))
        try Self.restore(app)
        #expect(app.stack.count == shown)
        #expect(app.value(Views.ref("second")) == .bool(true), "the binding stays set")
    }

    @Test func B35_theFlagTurnsItOff() throws {
        var profile = try Profile.named("iphone17-ios18.0")
        ProfileFlag.restoredNestedBlocked.set(false, in: &profile.os)
        let app = SheetApp(profile: profile)
        try Self.restore(app)
        #expect(app.stack.count == 2)
    }

    final class QueueBlocked: PresentationPolicy {
        var name: String { "later" }
        var hooks: PolicyHooks { .request }
        func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
            c.blocked == .restoredNested ? .queue : nil
        }
    }

    @Test func B35_queueingTheBlockedRequest_presentsItOnceTheLevelBelowHas() throws {
        let app = SheetApp(profile: try Profile.named("iphone17-ios18.0"), policies: [QueueBlocked()])
        try Self.restore(app)
        #expect(app.stack.count == 2)
        #expect(PresentDay.events(app, .presenting).map(\.time) == [0, 500])
    }

    static var toolbar: ViewSpec {
        PresentDay.view(
            attachment: .toolbarItem("Edit"), state: [("popover", false)],
            extra: [
                PresentationModifier(
                    kind: .popover, trigger: .isPresented(Views.ref("popover")),
                    content: { _ in SheetContent(text: "menu", fittedHeight: 200) })
            ]
        ) { _ in SheetContent(text: "editor") }
    }

    @Test(arguments: [("ipadpro11-ios18.4", 0), ("ipadpro11-ios26", 1)])
    func B40_aToolbarSheetRequestedAsAPopoverCloses(profile: String, shown: Int) throws {
        let app = SheetApp(profile: try Profile.named(profile))
        try app.addView(Self.toolbar)
        try app.set(Views.ref("popover"), true)
        try app.advance(by: 500)
        #expect(app.stack[0].style == .popover && app.stack[0].height == 200)
        try app.set([StateWrite(Views.ref("popover"), false), StateWrite(PresentDay.show, true)])
        try app.advanceUntilIdle()
        #expect(app.stack.count == shown)
        #expect(app.value(PresentDay.show) == .bool(true))
        #expect(PresentDay.events(app, .modifierIgnored).map(\.rule) == (shown == 0 ? [.b40] : []))
    }
}
