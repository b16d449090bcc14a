import Testing

@testable import SheetEngine

/// B10-B12: several presentation modifiers, several sources (seeds 002, 004).
@Suite struct SeveralPresentationsTests {
    let sheet = Views.ref("isPresented")
    let cover = Views.ref("isFullScreenPresented")

    /// Seed 004's `sheets` modifier, with both modifiers on the content or
    /// the cover on a separate EmptyView.
    static func sheetAndCover(coverOnEmptyView: Bool) -> ViewSpec {
        ViewSpec(
            name: "ContentView", state: [("isPresented", false), ("isFullScreenPresented", false)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(Views.ref("isPresented")),
                    content: { _ in SheetContent(text: "sheet") }),
                PresentationModifier(
                    kind: .fullScreenCover, trigger: .isPresented(Views.ref("isFullScreenPresented")),
                    attachment: coverOnEmptyView ? .emptyView("EmptyView") : .view,
                    content: { _ in SheetContent(text: "cover") }),
            ])
    }

    func presents(_ profile: String, coverOnEmptyView: Bool, _ ref: StateRef) throws -> Bool {
        let app = SheetApp(profile: try Profile.named(profile))
        try app.addView(Self.sheetAndCover(coverOnEmptyView: coverOnEmptyView))
        try app.set(ref, true)
        try app.advance(by: 500)
        return !app.stack.isEmpty
    }

    @Test func B10_ios14_4_onlyTheLastModifierOnAViewWorks() throws {
        #expect(try presents("iphone15-ios14.4", coverOnEmptyView: false, sheet) == false)
        #expect(try presents("iphone15-ios14.4", coverOnEmptyView: false, cover) == true)
    }

    @Test func B10_ignoredModifier_saysWhy() throws {
        let h = Harness("iphone15-ios14.4")
        let events = try h.run { app in
            try app.addView(Self.sheetAndCover(coverOnEmptyView: false))
            try app.set(sheet, true)
        }
        #expect(events.last?.kind == .modifierIgnored)
        #expect(events.last?.detail.contains("(B10)") == true)
    }

    @Test(arguments: ["iphone15-ios15", "iphone15-ios16", "iphone15-ios17", "iphone15-ios18"])
    func B10_fixedFrom15_bothModifiersWork(profile: String) throws {
        #expect(try presents(profile, coverOnEmptyView: false, sheet))
        #expect(try presents(profile, coverOnEmptyView: false, cover))
    }

    @Test func B11_emptyViewHost_worksOn14_4() throws {
        #expect(try presents("iphone15-ios14.4", coverOnEmptyView: true, sheet))
        #expect(try presents("iphone15-ios14.4", coverOnEmptyView: true, cover))
    }

    @Test(arguments: ["iphone15-ios15", "iphone15-ios17"])
    func B11_emptyViewHost_doesNotFireFrom15(profile: String) throws {
        #expect(try presents(profile, coverOnEmptyView: true, sheet))
        #expect(try presents(profile, coverOnEmptyView: true, cover) == false)
    }

    @Test func B12_severalSourcesWritingOneSlot_lastWriteWins() throws {
        let h = Harness()
        let slot = Views.ref("item")
        try h.run { app in try app.addView(Views.itemSheet()) }
        // Two view models publish into one slot in the same update.
        try h.run { app in try app.set([StateWrite(slot, Views.item(1)), StateWrite(slot, Views.item(2))]) }
        #expect(h.top?.itemID == "2")
        #expect(h.app.stack.count == 1)
    }

    @Test func B12_typeErasedItemCarriesTheWrappedViewsID_identityDecides() throws {
        // AnyIdentifiableView(view:) keeps the wrapped view's id.
        let h = Harness()
        let slot = Views.ref("item")
        try h.run { app in
            try app.addView(Views.itemSheet())
            try app.set(slot, .record(["id": "DetailView", "source": "viewModel1"]))
            try app.advance(by: 500)
        }
        let same = try h.run { app in try app.set(slot, .record(["id": "DetailView", "source": "viewModel2"])) }
        #expect(same.map(\.kind).contains(.contentUpdated))
        let other = try h.run { app in try app.set(slot, .record(["id": "OtherView", "source": "viewModel2"])) }
        #expect(other.map(\.kind).contains(.dismissing), "a different id re-presents (B04)")
    }
}
