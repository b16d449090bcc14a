import Testing

@testable import SheetEngine

/// `reset` can keep the part it finishes, so that a report shows the whole
/// run (`sheetlab run`, `test --record`), and the kept events stay within
/// the engine's memory limit.
@Suite struct TimelinePartTests {
    static let item = Views.ref("item")

    static func openAndClose(_ app: SheetApp) throws {
        try app.addView(Views.itemSheet())
        try app.set(item, Views.item(0))
        try app.advance(by: 500)
    }

    @Test func reset_keepsTheFinishedPart_withItsProfileAndEndTime() throws {
        let app = SheetApp(profile: try Profile.named("iphone15-ios17"))
        app.keepsEarlierParts = true
        try Self.openAndClose(app)
        let first = Array(app.timeline.events)
        try app.reset(profile: try Profile.named("iphonese-ios16"))
        try Self.openAndClose(app)
        try app.advance(by: 100)
        #expect(app.part == 2)
        #expect(app.earlierParts.count == 1)
        let parts = app.parts
        #expect(parts.map(\.part) == [1, 2])
        #expect(parts.map(\.profile.name) == ["iphone15-ios17", "iphonese-ios16"])
        #expect(parts.map(\.endTime) == [500, 600])
        #expect(parts[0].events == first)
        #expect(parts[1].events == Array(app.timeline.events))
    }

    @Test func reset_withoutKeepsEarlierParts_keepsNothing() throws {
        let app = SheetApp()
        try Self.openAndClose(app)
        try app.reset()
        #expect(app.part == 2)
        #expect(app.earlierParts.isEmpty)
        #expect(app.parts.map(\.part) == [2])
    }

    @Test func reset_ofAnAppOnWhichNothingHappened_onlyChangesTheProfile() throws {
        let app = SheetApp()
        app.keepsEarlierParts = true
        try app.reset(profile: try Profile.named("iphonese-ios17"))  // a scenario's opening profile(...)
        try app.reset()
        #expect(app.part == 1)
        #expect(app.earlierParts.isEmpty)
        #expect(app.profile.name == "iphonese-ios17")
    }

    @Test func reset_ofAnAppWithViewsButNoEvents_isAPartOfItsOwn() throws {
        let app = SheetApp()
        app.keepsEarlierParts = true
        try app.addView(Views.itemSheet())
        try app.reset()
        #expect(app.part == 2)
        #expect(app.earlierParts.map(\.events.count) == [0])
    }

    @Test func reset_keepsNoPart_whenEventsAreNotRetained() throws {
        let app = SheetApp()
        app.keepsEarlierParts = true
        app.retainsEvents = false
        try Self.openAndClose(app)
        try app.reset()
        #expect(app.earlierParts.isEmpty)
    }

    /// Part 1 keeps 400 KiB of events; part 2 holds 800 KiB at its peak,
    /// which reaches the 1 MiB limit only with part 1 kept.
    @Test func keptParts_stayChargedAgainstTheMemoryLimit() throws {
        func run(keeping: Bool) throws -> Bool {
            let app = SheetApp(limits: EngineLimits(memoryBytes: 1 << 20))
            app.keepsEarlierParts = keeping
            let slot = StateRef(view: "V", slot: "s")
            let text = String(repeating: "x", count: 400 << 10)
            for _ in 0..<2 {
                try app.addView(ViewSpec(name: "V", state: [("s", "")]))
                do {
                    try app.set(slot, .string(text))
                    try app.set(slot, .string(""))  // the value is released; the event that wrote it is kept
                    try app.advance(by: 1)
                } catch {
                    return true
                }
                try app.reset()
            }
            return false
        }
        #expect(try run(keeping: true), "the kept part counts")
        #expect(try !run(keeping: false))
    }

    @Test func B06_dismissingEvents_sayWhichAnimatesAndWhenTheyEnd() throws {
        let app = SheetApp()
        try app.addView(LifecycleTests.nested())
        try app.set(Views.ref("outer", "Root"), true)
        try app.advance(by: 500)
        try app.set(Views.ref("inner", "Inner"), true)
        try app.advance(by: 500)
        try app.set(Views.ref("outer", "Root"), false)
        let dismissing = app.timeline.events.filter { $0.kind == .dismissing }
        #expect(dismissing.map(\.animated) == [false, true])
        #expect(dismissing.map(\.transitionEnd) == [1500, 1500])
        let presenting = app.timeline.events.filter { $0.kind == .presenting }
        #expect(presenting.map(\.transitionEnd) == [500, 1000])
        #expect(presenting.map(\.animated) == [true, true])
        #expect(dismissing[0].detail == "binding, ends at 1500 ms; the top one animates (B06)")
        #expect(dismissing[1].detail == "nested above Root.sheet(isPresented:), the top one (B06)")
        #expect(dismissing[0].description.hasSuffix("~not animated"))
        #expect(dismissing[1].description.hasSuffix("~animated"))
    }
}
