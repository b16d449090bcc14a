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

    static func environmentSpec(passExplicitly: Bool) -> ViewSpec {
        ViewSpec(
            name: "App", environmentObjects: ["EnvObject"],
            children: [
                Views.flagSheet(content: { _ in
                    SheetContent(
                        text: "SampleView", usesEnvironmentObjects: ["EnvObject"],
                        environmentObjects: passExplicitly ? ["EnvObject"] : [])
                })
            ])
    }

    @Test(arguments: ["iphone15-ios15", "iphone15-ios16", "iphone15-ios16.4"])
    func B16_sheetContentDoesNotInheritEnvironmentObjects(profile: String) throws {
        let h = Harness(profile)
        let events = try h.run { app in
            try app.addView(Self.environmentSpec(passExplicitly: false))
            try app.set(flag, true)
        }
        let error = events.first { $0.kind == .contentError }
        #expect(error?.detail.hasPrefix("No ObservableObject of type EnvObject found") == true)
    }

    @Test func B16_passingTheObjectExplicitly_works() throws {
        let h = Harness("iphone15-ios16")
        let events = try h.run { app in
            try app.addView(Self.environmentSpec(passExplicitly: true))
            try app.set(flag, true)
        }
        #expect(!events.contains { $0.kind == .contentError })
    }

    @Test func B16_inheritanceIsAProfileRule_ios17Inherits() throws {
        let h = Harness("iphone15-ios17")
        let events = try h.run { app in
            try app.addView(Self.environmentSpec(passExplicitly: false))
            try app.set(flag, true)
        }
        #expect(!events.contains { $0.kind == .contentError })
    }
}
