import Testing

@testable import SheetEngine

/// B47-B52 (BEHAVIOURS.md, round 3), and the rule tags that name what
/// decided: the swipe B33 lets through, drags on sheets with several
/// detents (B26), and B36's events carrying its numbers' lower confidence.
@Suite struct RoundThreeTests {
    static let mediumLarge = DetentsModifier([.medium, .large])

    // MARK: B47

    /// A form sheet on an iPad whose content height comes from `rows`.
    static func stickyApp(sticky: Bool) throws -> SheetApp {
        let app = SheetApp(profile: try Profile.named("ipadpro11-ios18.4"))
        try app.addView(
            PresentDay.view(state: [("rows", 700)]) { ctx in
                guard case .int(let rows) = ctx.binding("rows") else { return SheetContent() }
                var c = SheetContent(sizing: .form, fittedHeight: Double(rows))
                c.stickyVertical = sticky
                return c
            })
        try app.set(PresentDay.show, true)
        try app.advance(by: 500)
        return app
    }

    @Test func B47_aStickyFormSheet_growsWithItsContent_andKeepsItsLargestHeight() throws {
        let app = try Self.stickyApp(sticky: true)
        #expect(app.stack[0].height == 700)
        try app.set(Views.ref("rows"), 900)
        let grown = try #require(app.stack.first?.height)
        #expect(grown > 700)
        #expect(PresentDay.events(app, .heightChanged).last?.rule == .b47)
        try app.set(Views.ref("rows"), 200)
        #expect(app.stack[0].height == grown, "it never shrinks")
    }

    @Test func B47_withoutSticky_theFormSheetKeepsTheFormHeight() throws {
        let app = try Self.stickyApp(sticky: false)
        let before = app.stack[0].height
        try app.set(Views.ref("rows"), 900)
        #expect(app.stack[0].height == before)
        #expect(PresentDay.events(app, .heightChanged).allSatisfy { $0.rule != .b47 })
    }

    // MARK: B48

    @Test(arguments: [("iphone17-ios26", "large"), ("iphone17-ios18.4", "medium")])
    func B48_focusingATextField_expandsTheSheetOn26(profile: String, detent: String) throws {
        let app = try PresentDay.shown(
            PresentDay.view { _ in
                var c = SheetContent(detents: Self.mediumLarge)
                c.hasTextField = true
                return c
            }, on: profile)
        try app.focusTextField()
        #expect(app.stack[0].detent == detent)
        let moved = PresentDay.events(app, .userChangedDetent)
        #expect(moved.map(\.rule) == (detent == "large" ? [.b48] : []))
        #expect(moved.allSatisfy { $0.animated == true })
        #expect(PresentDay.events(app, .textFieldFocused).count == 1)
    }

    @Test func B48_theFlag_turnsItOffOn26() throws {
        var profile = try Profile.named("iphone17-ios26")
        ProfileFlag.textFocusExpands.set(false, in: &profile.os)
        let app = SheetApp(profile: profile)
        try app.addView(
            PresentDay.view { _ in
                var c = SheetContent(detents: Self.mediumLarge)
                c.hasTextField = true
                return c
            })
        try app.set(PresentDay.show, true)
        try app.advance(by: 500)
        try app.focusTextField()
        #expect(app.stack[0].detent == "medium")
    }

    // MARK: B49

    @Test(arguments: ["iphone17-ios26", "iphone15-ios16.4"])
    func B49_aSelectionSetWhilePresenting_appliesOncePresented(profile: String) throws {
        let app = SheetApp(profile: try Profile.named(profile))
        try app.addView(
            PresentDay.view(state: [("detent", .detent(.medium))]) { _ in
                SheetContent(detents: DetentsModifier([.medium, .large], selection: Views.ref("detent")))
            })
        try app.set(PresentDay.show, true)
        try app.advance(by: 100)
        try app.set(Views.ref("detent"), .detent(.large))
        #expect(app.stack[0].detent == "medium")
        #expect(PresentDay.events(app, .deferred).map(\.rule) == [.b49])
        try app.advance(by: 400)
        #expect(app.stack[0].detent == "large")
        #expect(PresentDay.events(app, .detentChanged).last?.rule == .b49)
    }

    @Test func B49_aDetentSetChangedWhilePresenting_appliesOncePresented() throws {
        let app = SheetApp(profile: try Profile.named("iphone17-ios26"))
        try app.addView(
            PresentDay.view(state: [("tall", false)]) { ctx in
                SheetContent(detents: ctx.binding("tall") == .bool(true) ? DetentsModifier([.large]) : Self.mediumLarge)
            })
        try app.set(PresentDay.show, true)
        try app.set(Views.ref("tall"), true)
        #expect(PresentDay.events(app, .deferred).map(\.detail).first?.hasPrefix("the detent set changed") == true)
        #expect(app.stack[0].detent == "medium")
        try app.advance(by: 500)
        #expect(app.stack[0].detent == "large")
        // The selected medium left the set: B41 decides the jump; the note says B49 made it wait.
        let jump = try #require(PresentDay.events(app, .detentChanged).last)
        #expect(jump.rule == .b41 && jump.animated == false)
        #expect(jump.detail.hasPrefix("presented: the change made while presenting applies now (B49)"))
    }

    // MARK: B50

    /// A sheet whose detent set follows `tall`, dragged, on `profile`.
    static func dragged(on profile: String) throws -> SheetApp {
        let app = try PresentDay.shown(
            PresentDay.view(state: [("tall", true)]) { ctx in
                SheetContent(
                    detents: ctx.binding("tall") == .bool(true)
                        ? Self.mediumLarge : DetentsModifier([.medium]))
            }, on: profile)
        try app.drag(to: 500)
        try app.set(Views.ref("tall"), false)
        return app
    }

    @Test func B50_changingTheDetentsDuringADrag_isAHazard_appliedWhenTheDragEnds() throws {
        let app = try Self.dragged(on: "iphone17-ios26")
        let hazard = PresentDay.events(app, .hazard)
        #expect(hazard.map(\.rule) == [.b50])
        #expect(hazard.first?.severity == .warning)
        #expect(app.stack[0].detents.count == 2, "not applied during the drag")
        try app.release(velocity: 0)
        #expect(app.stack[0].detents.map(\.detent) == [.medium])
    }

    @Test func B50_before26_theChangeAppliesAtOnce() throws {
        let app = try Self.dragged(on: "iphone17-ios18.4")
        #expect(PresentDay.events(app, .hazard).isEmpty)
        #expect(app.stack[0].detents.map(\.detent) == [.medium])
    }

    // MARK: B51

    @Test(arguments: [("iphone17-ios26", true), ("iphone17-ios18.4", true), ("iphone15-ios17", false)])
    func B51_aDragStartingOnAButton_stillFiresItFrom18(profile: String, fires: Bool) throws {
        let app = try PresentDay.shown(
            PresentDay.view(state: [("bought", false)]) { _ in
                var c = SheetContent(detents: Self.mediumLarge)
                c.buttons = [ContentButton(label: "Buy") { try $0.set(Views.ref("bought"), true) }]
                return c
            }, on: profile)
        try app.drag(to: 300, startingOn: "Buy")
        try app.release(velocity: 0)
        #expect(app.value(Views.ref("bought")) == .bool(fires))
        #expect(PresentDay.events(app, .buttonAction).map(\.rule) == [fires ? .b51 : nil])
    }

    @Test func B51_aDragOnAButtonTheContentDoesNotHave_isAnError() throws {
        let app = try PresentDay.shown(
            PresentDay.view { _ in SheetContent(detents: Self.mediumLarge) }, on: "iphone17-ios26")
        #expect(throws: EngineError.self) { try app.drag(to: 300, startingOn: "Buy") }
    }

    // MARK: B52

    @Test(arguments: [
        ([TransitionSource("photo", after: .drawingGroup)], "iphone17-ios26", false),
        ([TransitionSource("photo", after: .hoverEffect)], "iphone17-ios26", false),
        ([TransitionSource("photo"), TransitionSource("photo")], "iphone17-ios26", false),
        ([TransitionSource("photo")], "iphone17-ios26", true),
        ([TransitionSource("photo", after: .drawingGroup)], "iphone17-ios18.4", true),
    ])
    func B52_aWrappedOrDoubledZoomSource_givesNoZoomOn26(sources: [TransitionSource], profile: String, zooms: Bool)
        throws
    {
        let app = try PresentDay.shown(
            PresentDay.view(sources: sources) { _ in SheetContent(transition: .zoom(source: "photo")) }, on: profile,
            advance: 0)
        #expect(app.stack[0].transition == (zooms ? .zoom(source: "photo") : .standard))
        #expect(PresentDay.events(app, .modifierIgnored).map(\.rule) == (zooms ? [] : [.b52]))
    }

    // MARK: Rule tags that name what decided

    @Test func B33_theSwipeItLetsThrough_citesB33() throws {
        let app = try PresentDay.shown(
            PresentDay.view { _ in
                SheetContent(interactiveDismissDisabled: true, interactiveDismissDisabledPlacement: .navigationStack)
            }, on: "iphone17-ios18.4")
        try app.swipeDown()
        #expect(PresentDay.events(app, .dismissing).map(\.rule) == [.b33])
        #expect(PresentDay.events(app, .dismissing).first?.confidence == .single)
    }

    @Test func aPlainSwipe_stillCitesB01() throws {
        let app = try PresentDay.shown(PresentDay.view { _ in SheetContent() }, on: "iphone17-ios18.4")
        try app.swipeDown()
        #expect(PresentDay.events(app, .dismissing).map(\.rule) == [.b01])
    }

    @Test(arguments: [([Detent.medium, .large], RuleID.b26), ([.medium], .b25)])
    func aDrag_citesB26WithSeveralDetents_B25WithOne(detents: [Detent], rule: RuleID) throws {
        let app = try PresentDay.shown(
            PresentDay.view { _ in SheetContent(detents: DetentsModifier(detents)) }, on: "iphone15-ios17")
        try app.drag(to: 300)
        #expect(PresentDay.events(app, .drag).map(\.rule) == [rule])
    }

    @Test func B36_eventsCarryTheirNumbersSingleConfidence() throws {
        #expect(RuleID.b36.rule.confidence == .appleDoc)
        #expect(RuleID.b36.rule.eventConfidence == .single)
        let app = try PresentDay.shown(
            PresentDay.view { _ in SheetContent(detents: Self.mediumLarge) }, on: "iphone17-ios26")
        try app.tapGrabber()
        let placement = PresentDay.events(app, .placementChanged)
        #expect(!placement.isEmpty && placement.allSatisfy { $0.rule == .b36 && $0.confidence == .single })
        #expect(placement.allSatisfy { $0.description.contains("{B36 single}") })
    }

    @Test func confidence_lower_isTheLessSupported() {
        #expect(Confidence.lower(.appleDoc, .single) == .single)
        #expect(Confidence.lower(.assumption, .field) == .assumption)
        #expect(Confidence.lower(.field, .field) == .field)
    }
}
