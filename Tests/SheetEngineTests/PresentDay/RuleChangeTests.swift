import Testing

@testable import SheetEngine

/// B15, B17, B31, B32, B33, B41, B42, B43: rules that changed or were added for iOS 18-27.
@Suite struct RuleChangeTests {
    @Test func B15_anObservableProperty_isNamedByKeyPathFrom18() throws {
        for (profile, line) in [
            ("iphone17-ios18.4", "ContentView: \\Model.count changed."),
            ("iphone15-ios17", "ContentView: @dependencies changed."),
        ] {
            let app = SheetApp(profile: try Profile.named(profile))
            try app.addView(
                PresentDay.view(state: [("count", 0)], observable: ["count": "Model"], bodyReads: ["count"]) { _ in
                    SheetContent()
                })
            try app.set(Views.ref("count"), 1)
            #expect(PresentDay.events(app, .bodyEvaluated).map(\.detail) == [line])
        }
    }

    @Test func B15_anUnknownObservableSlot_isAnError() {
        let app = SheetApp(profile: try! Profile.named("iphone17-ios26"))
        #expect(throws: EngineError.self) {
            try app.addView(PresentDay.view(observable: ["nope": "Model"]) { _ in SheetContent() })
        }
    }

    @Test func B17_aCappedHeight_isReported() throws {
        let app = try PresentDay.shown(
            PresentDay.view { _ in SheetContent(detents: DetentsModifier([.height(1000)])) }, on: "iphone17-ios26")
        let capped = PresentDay.events(app, .detentClamped)
        #expect(capped.count == 1 && capped[0].detail.contains("capped at 812"))
    }

    static var detail: ViewSpec {
        ViewSpec(
            name: "DetailView",
            modifiers: [PresentationModifier(kind: .sheet, trigger: .isPresented(PresentDay.show), content: nil)])
    }

    @Test(arguments: [("iphone17-ios18.4", true), ("iphone15-ios17", false)])
    func B31_aRemovedModifiersBinding(profile: String, kept: Bool) throws {
        let app = SheetApp(profile: try Profile.named(profile))
        try app.addView(ViewSpec(name: Views.content, state: [("show", false)], children: [Self.detail]))
        try app.set(PresentDay.show, true)
        try app.advance(by: 500)
        try app.removeView("DetailView")
        #expect(app.stack.isEmpty)
        #expect(app.value(PresentDay.show) == .bool(kept))
        #expect(PresentDay.events(app, .writeBack).map(\.rule) == (kept ? [] : [.b31]))
    }

    final class Grow: PresentationPolicy {
        var name: String { "grow" }
        var hooks: PolicyHooks { [] }
        var customDetents: Set<String> { ["grow"] }
        func resolveDetent(_ name: String, _ c: DetentContext) throws(PolicyFailure) -> Double? {
            min(c.maxDetentValue, c.sheetHeight * 0.5 + 20)
        }
    }

    @Test(arguments: [("iphone17-ios18.4", 0), ("iphone15-ios17", 1)])
    func B32_aSizeDependentDetent_oscillatesOnlyBefore18(profile: String, reports: Int) throws {
        let app = SheetApp(profile: try Profile.named(profile), policies: [Grow()])
        try app.addView(PresentDay.view { _ in SheetContent(detents: DetentsModifier([.custom("grow")])) })
        try app.set(PresentDay.show, true)
        #expect(PresentDay.events(app, .oscillation).filter { $0.rule == .b32 }.count == reports)
    }

    @Test(arguments: [
        ("iphone17-ios18.4", DetentsPlacement.navigationStack, false),
        ("iphone17-ios18.4", .root, true), ("iphone15-ios17", .navigationStack, true),
    ])
    func B33_dismissDisabled_takesEffectAtTheRootFrom18(profile: String, placement: DetentsPlacement, blocks: Bool)
        throws
    {
        let spec = PresentDay.view { _ in
            SheetContent(interactiveDismissDisabled: true, interactiveDismissDisabledPlacement: placement)
        }
        let app = try PresentDay.shown(spec, on: profile)
        #expect(app.stack[0].interactiveDismissDisabled == blocks)
        try app.swipeDown()
        #expect(PresentDay.events(app, .dismissPrevented).count == (blocks ? 1 : 0))
    }

    @Test func B41_theSelectedDetentLeavingTheSet_jumpsToTheNearest() throws {
        let selection = Views.ref("detent")
        let spec = PresentDay.view(state: [("detent", .detent(.large)), ("compact", false)]) { ctx in
            let compact = ctx.binding("compact") == .bool(true)
            return SheetContent(
                detents: DetentsModifier(
                    compact ? [.height(200), .medium] : [.height(200), .medium, .large],
                    selection: selection))
        }
        let app = try PresentDay.shown(spec, on: "iphone17-ios26")
        try app.set(Views.ref("compact"), true)
        #expect(app.stack[0].detent == "medium" && app.value(selection)?.asDetent == .medium)
        #expect(PresentDay.events(app, .detentChanged).map(\.rule) == [.b41])
        #expect(PresentDay.events(app, .invalidSelection).isEmpty)
    }

    @Test func B42_aGrabberTap_isTheUsersChange_toTheNextDetent() throws {
        let spec = PresentDay.view { _ in SheetContent(detents: DetentsModifier([.medium, .large])) }
        let app = try PresentDay.shown(spec, on: "iphone17-ios26")
        try app.tapGrabber()
        #expect(app.stack[0].detent == "large")
        try app.tapGrabber()
        #expect(app.stack[0].detent == "medium")
        #expect(PresentDay.events(app, .userChangedDetent).map(\.rule) == [.b42, .b42])
        let single = try PresentDay.shown(
            PresentDay.view { _ in SheetContent(detents: DetentsModifier([.large])) }, on: "iphone17-ios26")
        try single.tapGrabber()
        #expect(PresentDay.events(single, .userChangedDetent).isEmpty)
        let tap = PresentDay.events(single, .grabberTap)
        #expect(tap.count == 1 && tap[0].kind.isUserAction && tap[0].detail.contains("one detent"))
    }

    @Test(arguments: [("iphone17-ios27", nil as Value?), ("iphone17-ios26", Value.string("large"))])
    func B43_controlSize_isResetInSheetsOn27(profile: String, seen: Value?) throws {
        let spec = PresentDay.view(environmentValues: ["controlSize": "large", "tint": "orange"]) { _ in
            SheetContent()
        }
        let app = try PresentDay.shown(spec, on: profile)
        #expect(app.stack[0].environment["controlSize"] == seen)
        #expect(app.stack[0].environment["tint"] == .string("orange"))
        #expect(PresentDay.events(app, .environmentReset).count == (seen == nil ? 1 : 0))
    }
}
