import Testing

@testable import SheetEngine

/// B38, B39, B45, B46: zoom and cross-fade transitions.
@Suite struct TransitionTests {
    static func zoomSheet(
        _ source: String = "photo", marks: [TransitionSource] = [TransitionSource("photo")],
        sizing: PresentationSizing? = nil, adaptation: CompactAdaptation? = nil, onDisappear: EngineAction? = nil
    )
        -> ViewSpec
    {
        PresentDay.view(sources: marks) { _ in
            SheetContent(
                text: "z", onDisappear: onDisappear, sizing: sizing, transition: .zoom(source: source),
                compactAdaptation: adaptation)
        }
    }

    @Test func B38_zoomsFromTheMarkedView() throws {
        let app = try PresentDay.shown(Self.zoomSheet(), on: "iphone17-ios26", advance: 0)
        #expect(app.stack[0].transition == .zoom(source: "photo"))
        #expect(PresentDay.events(app, .presenting)[0].rule == .b38)
        #expect(PresentDay.events(app, .modifierIgnored).isEmpty)
    }

    @Test func B38_aMissingSource_fallsBackWithAWarning() throws {
        let app = try PresentDay.shown(Self.zoomSheet("other"), on: "iphone17-ios26", advance: 0)
        #expect(app.stack[0].transition == .standard)
        let warning = PresentDay.events(app, .modifierIgnored)
        #expect(warning.count == 1 && warning[0].rule == .b38 && warning[0].severity == .warning)
    }

    @Test(arguments: [("iphone17-ios26", true), ("iphone17-ios18.4", false)])
    func B38_aToolbarItemSource_worksFrom26(profile: String, zooms: Bool) throws {
        let spec = Self.zoomSheet(marks: [TransitionSource("photo", toolbarItem: true)])
        let app = try PresentDay.shown(spec, on: profile, advance: 0)
        #expect((app.stack[0].transition != .standard) == zooms)
    }

    @Test func B38_noZoomBefore18() throws {
        let app = try PresentDay.shown(Self.zoomSheet(), on: "iphone15-ios17", advance: 0)
        #expect(app.stack[0].transition == .standard)
    }

    @Test func B39_aZoomSheet_isACoverBefore26_andASheetOn26() throws {
        #expect(try PresentDay.shown(Self.zoomSheet(), on: "iphone17-ios18.4").stack[0].style == .fullScreen)
        #expect(try PresentDay.shown(Self.zoomSheet(), on: "iphone17-ios26").stack[0].style == .sheet)
        let cover = Self.zoomSheet(sizing: .page, adaptation: .fullScreen)
        #expect(try PresentDay.shown(cover, on: "iphone17-ios26").stack[0].style == .fullScreen)
    }

    @Test func B45_crossFade_hasItsOwnTiming_on27() throws {
        var profile = try Profile.named("iphone17-ios27")
        profile.os.timings.crossFade = 300
        let app = SheetApp(profile: profile)
        try app.addView(PresentDay.view { _ in SheetContent(text: "f", transition: .crossFade) })
        try app.set(PresentDay.show, true)
        #expect(app.stack[0].transition == .crossFade && app.stack[0].phaseEnds == 300)
        #expect(PresentDay.events(app, .presenting)[0].rule == .b45)
        let old = try PresentDay.shown(
            PresentDay.view { _ in SheetContent(text: "f", transition: .crossFade) }, on: "iphone17-ios26", advance: 0)
        #expect(old.stack[0].transition == .standard && old.stack[0].phaseEnds == 500)
    }

    @Test func B46_zoomDismissal_takesTaps_andOnDisappearWaitsForItsEnd() throws {
        var disappeared = 0
        let spec = Self.zoomSheet(onDisappear: { _ in disappeared += 1 })
        let app = try PresentDay.shown(spec, on: "iphone17-ios26")
        try app.set(PresentDay.show, false)
        #expect(app.stack[0].phaseEnds == 500 + 900)
        try app.advance(by: 450)
        #expect(app.tapBackground() == false)
        #expect(PresentDay.events(app, .backgroundTap).last?.rule == .b46)
        #expect(disappeared == 0)
        try app.advance(by: 450)
        #expect(app.stack.isEmpty && disappeared == 1)
        #expect(PresentDay.events(app, .onDisappear).count == 1)
    }
}
