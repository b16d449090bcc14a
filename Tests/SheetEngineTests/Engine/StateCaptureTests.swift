import Testing

@testable import SheetEngine

/// B13-B16: what sheet content sees of state and environment (seed 001, seed 003).
@Suite struct StateCaptureTests {
    let flag = Views.ref("isPresented")

    func presentedText(_ spec: ViewSpec, profile: String = "iphone15-ios17", writes: [StateWrite]? = nil) throws
        -> String?
    {
        let app = SheetApp(profile: try Profile.named(profile))
        try app.addView(spec)
        try app.set(writes ?? [StateWrite(flag, true)])
        try app.advance(by: 500)
        return app.stack.last?.text
    }

    @Test func B13_stateReadOnlyInsideTheSheet_isStale() throws {
        #expect(try presentedText(Views.flagSheet()) == "表示してないよ")
    }

    @Test func B13_splittingIntoASecondStateWrittenTogether_doesNotHelp() throws {
        let spec = ViewSpec(
            name: "ContentView", state: [("isPresented", false), ("text", "初期値")],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(flag),
                    content: { ctx in SheetContent(text: "\(ctx.state("text"))") })
            ])
        let text = try presentedText(
            spec, writes: [StateWrite(Views.ref("text"), "表示中"), StateWrite(flag, true)])
        #expect(text == "\"初期値\"")
    }

    @Test func B14_readingTheStateElsewhereInBody_showsTheFreshValue() throws {
        #expect(try presentedText(Views.flagSheet(bodyReads: ["isPresented"])) == "表示中")
    }

    @Test func B14_onChangeOfTheState_showsTheFreshValue() throws {
        #expect(try presentedText(Views.flagSheet(onChange: [ChangeObserver(slot: "isPresented")])) == "表示中")
    }

    @Test func B14_sheetItem_passesTheItemToTheContent() throws {
        let spec = Views.itemSheet(content: { ctx in SheetContent(text: "\(ctx.item["text"])") })
        let text = try presentedText(spec, writes: [StateWrite(Views.ref("item"), .record(["id": 1, "text": "表示中"]))])
        #expect(text == "\"表示中\"")
    }

    @Test func B14_bindingPassedToTheContent_readsLiveAndUpdates() throws {
        let spec = Views.flagSheet(content: { ctx in
            SheetContent(text: ctx.binding("isPresented") == .bool(true) ? "表示中" : "表示してないよ")
        })
        #expect(try presentedText(spec) == "表示中")
    }

    @Test func B15_bodyReEvaluation_isReportedLikePrintChanges() throws {
        let h = Harness()
        try h.run { app in try app.addView(Views.flagSheet(bodyReads: ["isPresented"])) }
        let events = try h.run { app in try app.set(flag, true) }
        #expect(events.first { $0.kind == .bodyEvaluated }?.detail == "ContentView: _isPresented changed.")
    }

    @Test func B15_noReportWhenOnlyTheSheetReadsTheState() throws {
        let h = Harness()
        try h.run { app in try app.addView(Views.flagSheet()) }
        let events = try h.run { app in try app.set(flag, true) }
        #expect(!events.contains { $0.kind == .bodyEvaluated })
    }

    @Test func B13_laterBodyEvaluation_refreshesTheStaleContent() throws {
        let spec = ViewSpec(
            name: "ContentView", state: [("isPresented", false), ("counter", 0)], bodyReads: ["counter"],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(flag),
                    content: { ctx in SheetContent(text: ctx.state("isPresented") == .bool(true) ? "表示中" : "表示してないよ") })
            ])
        let h = Harness()
        try h.run { app in
            try app.addView(spec)
            try app.set(flag, true)
            try app.advance(by: 500)
        }
        #expect(h.top?.text == "表示してないよ")
        let events = try h.run { app in try app.set(Views.ref("counter"), 1) }
        #expect(events.map(\.kind) == [.set, .bodyEvaluated, .contentUpdated])
        #expect(h.top?.text == "表示中")
    }

    static func environmentSpec(passExplicitly: Bool, injectedOn injector: String = "App") -> ViewSpec {
        // The object is injected on `injector`: the root (an ancestor of the
        // modifier's view) or a sibling of the presenter.
        ViewSpec(
            name: "App", environmentObjects: injector == "App" ? ["EnvObject"] : [],
            children: [
                Views.flagSheet(content: { _ in
                    SheetContent(
                        text: "SampleView", usesEnvironmentObjects: ["EnvObject"],
                        environmentObjects: passExplicitly ? ["EnvObject"] : [])
                }),
                ViewSpec(name: "Sibling", environmentObjects: injector == "Sibling" ? ["EnvObject"] : []),
            ])
    }

    func environmentError(_ profile: Profile, passExplicitly: Bool = false, injectedOn injector: String = "App")
        throws -> Event?
    {
        let app = SheetApp(profile: profile)
        try app.addView(Self.environmentSpec(passExplicitly: passExplicitly, injectedOn: injector))
        try app.set(flag, true)
        return app.timeline.events.first { $0.kind == .contentError }
    }

    /// B16 (revised): since the iOS 14 SDK sheets inherit the environment of
    /// their modifier's view, on every modelled version.
    @Test(arguments: OSVersion.all.map(\.version))
    func B16_sheetContentInheritsTheModifiersEnvironment_onEveryVersion(version: String) throws {
        #expect(try environmentError(try Profile.named("iphone15-ios\(version)")) == nil)
    }

    @Test func B16_anObjectInjectedBesideThePresenter_isNotVisible() throws {
        let error = try environmentError(try Profile.named("iphone17-ios26"), injectedOn: "Sibling")
        #expect(error?.detail.hasPrefix("No ObservableObject of type EnvObject found") == true)
        #expect(error?.rule == .b16)
    }

    @Test func B16_passingTheObjectExplicitly_works() throws {
        #expect(
            try environmentError(try Profile.named("iphone17-ios26"), passExplicitly: true, injectedOn: "Sibling")
                == nil)
    }

    /// Seed 003's stricter claim (nothing is inherited) is a profile flag, off by default.
    @Test func B16_strictEnvironmentFlag_isSeed003sClaim() throws {
        var profile = try Profile.named("iphone15-ios16")
        #expect(!ProfileFlag.strictEnvironment.value(in: profile.os))
        ProfileFlag.strictEnvironment.set(true, in: &profile.os)
        #expect(try environmentError(profile)?.detail.hasPrefix("No ObservableObject of type EnvObject found") == true)
        #expect(try environmentError(profile, passExplicitly: true) == nil)
    }

    /// B14: the bindings an evaluation reads are its dependencies, and only
    /// those: a context the content kept and reads later (outside any
    /// evaluation) reads the live value but adds none.
    @Test func B14_onlyTheBindingsAnEvaluationReads_refreshTheContent() throws {
        nonisolated(unsafe) var kept: ContentContext?
        let spec = ViewSpec(
            name: "ContentView", state: [("isPresented", false), ("counter", 0), ("other", 0)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(flag),
                    content: { ctx in
                        kept = ctx
                        return SheetContent(text: "counter \(ctx.binding("counter"))")
                    })
            ])
        let h = Harness()
        try h.run { app in
            try app.addView(spec)
            try app.set(flag, true)
            try app.advance(by: 500)
        }
        #expect(h.top?.text == "counter 0")
        #expect(try h.run { app in try app.set(Views.ref("counter"), 1) }.map(\.kind).contains(.contentUpdated))
        #expect(h.top?.text == "counter 1")

        #expect(kept?.binding("other") == .int(0))
        let events = try h.run { app in try app.set(Views.ref("other"), 5) }
        #expect(!events.map(\.kind).contains(.contentUpdated), "a read after the evaluation is no dependency")
        #expect(kept?.binding("other") == .int(5), "a kept context reads the live value")
        // The kept context holds the declaration, whose content closure holds `kept`: break the cycle.
        kept = nil
    }
}
