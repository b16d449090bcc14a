import Testing

@testable import SheetEngine

/// B17-B29: detents, gestures and size classes (seed 003).
@Suite struct DetentTests {
    static let flag = Views.ref("sheet", "SheetView")
    static let selection = Views.ref("detent", "SheetView")

    /// `.sheet(isPresented: $sheet) { ... .presentationDetents(detents, selection:) }`.
    static func sheetView(
        _ detents: [Detent], selection: Bool = false, initial: Detent = .medium,
        placement: DetentsPlacement = .root, staysSheet: Bool = false, disabled: Bool = false,
        upThrough: Detent? = nil, onDismiss: EngineAction? = nil
    ) -> ViewSpec {
        ViewSpec(
            name: "SheetView", state: [("sheet", false), ("detent", .detent(initial))],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(flag), onDismiss: onDismiss,
                    content: { _ in
                        SheetContent(
                            text: "SheetView",
                            detents: DetentsModifier(
                                detents, selection: selection ? Self.selection : nil, placement: placement),
                            interactiveDismissDisabled: disabled, backgroundInteractionUpThrough: upThrough,
                            staysSheetInCompactHeight: staysSheet)
                    })
            ])
    }

    static func presented(
        _ spec: ViewSpec, profile: String = "iphone15-ios17", policies: [any PresentationPolicy] = [],
        orientation: Orientation = .portrait
    ) throws -> SheetApp {
        let app = SheetApp(profile: try Profile.named(profile), policies: policies)
        app.rotate(to: orientation)
        try app.addView(spec)
        try app.set(flag, true)
        try app.advance(by: 500)
        return app
    }

    static func heights(_ app: SheetApp) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: (app.stack.last?.detents ?? []).map { ($0.detent.description, $0.height) })
    }

    @Test func B17_resolutionInPoints_fromMaxDetentValue() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large, .fraction(0.75), .height(250), .height(1000)]))
        // iPhone 15 portrait: maxDetentValue = 852 - 59 - 10 = 783.
        #expect(
            Self.heights(app) == [
                "height(250)": 250, "medium": 391.5, "fraction(0.75)": 587.25, "large": 783, "height(1000)": 783,
            ])
        #expect(app.stack.last?.detents.map(\.height) == [250, 391.5, 587.25, 783, 783], "smallest first")
    }

    @Test func B17_detentsCompareByValue_andParseFromText() throws {
        #expect(try Detent(parsing: "height(200)") == .height(200))
        #expect(try Detent(parsing: "height(200.0)") == Detent.height(200))
        #expect(try Detent(parsing: "fraction(0.75)").description == "fraction(0.75)")
        #expect(try Detent(parsing: "custom(bar)") == .custom("bar"))
        #expect(DetentsModifier([.height(200), .height(200), .medium]).detents == [.height(200), .medium])
        #expect(throws: EngineError.self) { try Detent(parsing: "tall") }
    }

    @Test func B17_defaultSetIsLarge() throws {
        let app = SheetApp(profile: try Profile.named("iphone15-ios17"))
        try app.addView(
            ViewSpec(
                name: "SheetView", state: [("sheet", false)],
                modifiers: [
                    PresentationModifier(
                        kind: .sheet, trigger: .isPresented(Self.flag), content: { _ in SheetContent(text: "x") })
                ]))
        try app.set(Self.flag, true)
        #expect(app.stack.last?.detent == "large")
        #expect(app.stack.last?.height == 783)
    }

    final class Resolver: PresentationPolicy {
        let answer: Double?
        init(_ answer: Double?) { self.answer = answer }
        var name: String { "resolver" }
        var hooks: PolicyHooks { [] }
        var customDetents: Set<String> { ["x"] }
        func resolveDetent(_ name: String, _ context: DetentContext) throws(PolicyFailure) -> Double? { answer }
    }

    @Test func B17_customResolverReturningNil_makesTheDetentInactive() throws {
        let app = try Self.presented(Self.sheetView([.custom("x"), .large]), policies: [Resolver(nil)])
        #expect(Self.heights(app) == ["large": 783])
    }

    @Test func B17_customResolverOutOfRange_isClampedAndReported() throws {
        let app = try Self.presented(Self.sheetView([.custom("x"), .large]), policies: [Resolver(5000)])
        #expect(Self.heights(app)["custom(x)"] == 783)
        #expect(app.timeline.events.contains { $0.kind == .detentClamped && $0.detent == "custom(x)" })
        let negative = try Self.presented(Self.sheetView([.custom("x"), .large]), policies: [Resolver(-10)])
        #expect(Self.heights(negative)["custom(x)"] == 0)
    }

    @Test func B18_mediumIsInactiveInCompactHeight() throws {
        // Landscape iPhone 15 kept as a sheet (iOS 16.4 compact adaptation): 393 - 0 - 10 = 383.
        let app = try Self.presented(
            Self.sheetView([.medium, .large], staysSheet: true), orientation: .landscape)
        #expect(Self.heights(app) == ["large": 383])
    }

    @Test func B18_rotation_reResolvesThePresentedSheetsDetents() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large], staysSheet: true))
        #expect(app.stack.last?.detent == "medium")
        app.rotate(to: .landscape)
        #expect(app.stack.last?.detent == "large")
        #expect(app.stack.last?.height == 383)
        #expect(app.timeline.events.last?.kind == .heightChanged)
    }

    @Test(arguments: ["ipadpro11-ios17", "mac-ios17"])
    func B19_regularWidth_behavesAsIfNoDetentsWereGiven(profile: String) throws {
        let app = try Self.presented(Self.sheetView([.medium]), profile: profile)
        #expect(app.stack.last?.style == .formSheet)
        #expect(app.stack.last?.detent == "large")
    }

    @Test func B19_iPadInSplitView_hasCompactWidth_andDetentsTakeEffect() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large]), profile: "ipadsplit-ios17")
        #expect(app.stack.last?.style == .sheet)
        #expect(app.stack.last?.detent == "medium")
        #expect(app.stack.last?.height == 580, "half of 1194 - 24 - 10")
    }

    @Test func B20_compactHeight_adaptsASheetToFullScreen() throws {
        let app = try Self.presented(Self.sheetView([.medium]), orientation: .landscape)
        #expect(app.stack.last?.style == .fullScreen)
        #expect(app.stack.last?.height == 393)
    }

    @Test func B20_rotatingToLandscape_adaptsAPresentedSheet() throws {
        let app = try Self.presented(Self.sheetView([.medium]))
        app.rotate(to: .landscape)
        #expect(app.timeline.events.last?.kind == .adapted)
        #expect(app.stack.last?.style == .fullScreen)
        app.rotate(to: .portrait)
        #expect(app.stack.last?.style == .sheet)
        #expect(app.stack.last?.detent == "medium")
    }

    @Test(arguments: [DetentsPlacement.root, .container])
    func B21_appliedAtTheRootOrInAPlainContainer_takesEffect(placement: DetentsPlacement) throws {
        let app = try Self.presented(Self.sheetView([.medium], placement: placement))
        #expect(app.stack.last?.detent == "medium")
    }

    @Test(arguments: [DetentsPlacement.navigationStack, .notLoaded])
    func B21_insideANavigationStackOrAViewNotLoaded_hasNoEffect(placement: DetentsPlacement) throws {
        let app = try Self.presented(Self.sheetView([.medium], placement: placement))
        #expect(app.stack.last?.detent == "large")
        #expect(app.timeline.events.contains { $0.kind == .modifierIgnored && $0.detail.contains("(B21)") })
    }

    @Test func B22_noBinding_opensAtTheSmallestActiveDetent() throws {
        let app = try Self.presented(Self.sheetView([.large, .medium, .fraction(0.75)]))
        #expect(app.stack.last?.detent == "medium")
    }

    @Test func B23_settingTheBinding_movesTheSheet_andDraggingWritesIt() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large], selection: true))
        #expect(app.stack.last?.detent == "medium")
        try app.set(Self.selection, .detent(.large))
        #expect(app.stack.last?.detent == "large")
        try app.drag(to: 400)
        try app.release(velocity: 0)
        #expect(app.stack.last?.detent == "medium")
        #expect(app.value(Self.selection) == .detent(.medium))
    }

    @Test func B23_selectionOutsideTheSet_isAnError() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large], selection: true))
        try app.set(Self.selection, .detent(.height(200)))
        #expect(app.timeline.events.contains { $0.kind == .invalidSelection })
        #expect(app.stack.last?.detent == "medium")
        #expect(app.value(Self.selection) == .detent(.medium), "the binding goes back to the current detent")
    }

    @Test func B24_withABinding_reopensWhereItWasClosed() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large], selection: true))
        try app.drag(to: 783)
        try app.release()
        try app.swipeDown()
        try app.advance(by: 250)
        try app.set(Self.flag, true)
        #expect(app.stack.last?.detent == "large")
    }

    @Test func P02_resetOnDismiss_reopensAtHeight200() throws {
        let detents: [Detent] = [.custom("bar"), .height(200), .medium, .fraction(0.75), .large]
        for policies in [[ResetDetentPolicy(), BarDetentPolicy()] as [any PresentationPolicy]] {
            let app = try Self.presented(
                Self.sheetView(detents, selection: true, initial: .height(200)), policies: policies)
            #expect(app.stack.last?.detent == "height(200)")
            try app.drag(to: 783)
            try app.release()
            #expect(app.stack.last?.detent == "large")
            try app.swipeDown()
            try app.advance(by: 250)
            #expect(app.value(Self.selection) == .detent(.height(200)))
            try app.set(Self.flag, true)
            #expect(app.stack.last?.detent == "height(200)")
        }
    }

    @Test func P02_seedsOnDismissWorkaround_doesTheSameWithoutAPolicy() throws {
        let spec = Self.sheetView(
            [.height(200), .large], selection: true, initial: .height(200),
            onDismiss: { app in try app.set(Self.selection, .detent(.height(200))) })
        let app = try Self.presented(spec)
        try app.set(Self.selection, .detent(.large))
        try app.swipeDown()
        try app.advance(by: 250)
        try app.set(Self.flag, true)
        #expect(app.stack.last?.detent == "height(200)")
    }

    @Test func B25_singleDetent_cannotBeResized_draggingDownDismisses() throws {
        let app = try Self.presented(Self.sheetView([.medium]))
        try app.drag(to: 700)
        #expect(app.stack.last?.height == 391.5, "cannot grow past its only detent")
        try app.release()
        #expect(app.stack.last?.detent == "medium")
        try app.drag(to: 100)
        try app.release()
        #expect(app.stack.last?.phase == .dismissing)
    }

    @Test func B26_settle_projectsTheVelocity() throws {
        #expect(abs(projectedDistance(velocity: 1000) - 499) < 1e-9)
        let app = try Self.presented(Self.sheetView([.medium, .large]))
        try app.drag(to: 700)
        try app.release(velocity: 0)
        #expect(app.stack.last?.detent == "large", "slow release near large stays large")
        try app.drag(to: 700)
        try app.release(velocity: 500)  // projected 700 - 249.5 = 450.5: nearer medium
        #expect(app.stack.last?.detent == "medium")
        try app.drag(to: 300)
        try app.release(velocity: 300)  // projected 150.3 < 391.5 / 2: dismiss
        #expect(app.stack.last?.phase == .dismissing)
    }

    @Test func B26_interactiveDismissDisabled_settlesOnTheSmallestInstead() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large], disabled: true))
        try app.drag(to: 50)
        try app.release(velocity: 2000)
        #expect(app.stack.last?.phase == .presented)
        #expect(app.stack.last?.detent == "medium")
    }

    final class Settler: PresentationPolicy {
        var name: String { "settler" }
        var hooks: PolicyHooks { [.settle, .shouldDismiss] }
        func settle(_ context: SettleContext) throws(PolicyFailure) -> SettleDecision? { .detent(.large) }
        func shouldDismiss(_ context: ShouldDismissContext) throws(PolicyFailure) -> Bool? { false }
    }

    @Test func B26_policySettleAndShouldDismiss_areAsked() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large]), policies: [Settler()])
        try app.drag(to: 400)
        try app.release()
        #expect(app.stack.last?.detent == "large")
        try app.swipeDown()
        #expect(app.stack.last?.phase == .presented)
        #expect(app.timeline.events.last?.source == "settler")
    }

    @Test func B27_backgroundInteraction_upThroughADetent() throws {
        let app = try Self.presented(
            Self.sheetView([.medium, .large], upThrough: .medium), profile: "iphone15-ios16.4")
        #expect(app.tapBackground() == true)
        try app.drag(to: 783)
        try app.release()
        #expect(app.tapBackground() == false, "above the detent the background is blocked")
        let old = try Self.presented(Self.sheetView([.medium, .large], upThrough: .medium), profile: "iphone15-ios16")
        #expect(old.tapBackground() == false, "iOS 16 has no background interaction")
        let none = try Self.presented(Self.sheetView([.medium, .large]), profile: "iphone15-ios17")
        #expect(none.tapBackground() == false)
    }

    @Test(arguments: ["iphone15-ios14.4", "iphone15-ios15"])
    func B28_beforeIOS16_everySheetIsFullHeight(profile: String) throws {
        let app = try Self.presented(Self.sheetView([.medium]), profile: profile)
        #expect(app.stack.last?.detent == "large")
        #expect(app.stack.last?.height == 783)
    }

    @Test func B29_codeChangesAreSilent_dragChangesAreReported() throws {
        let app = try Self.presented(Self.sheetView([.medium, .large], selection: true))
        try app.set(Self.selection, .detent(.large))
        #expect(app.timeline.events.last?.kind == .detentChanged)
        #expect(!app.timeline.events.contains { $0.kind == .userChangedDetent })
        try app.drag(to: 380)
        try app.release()
        #expect(app.timeline.events.contains { $0.kind == .userChangedDetent && $0.detent == "medium" })
    }

    @Test(arguments: [
        ("iphone15-ios17", Orientation.portrait, 78.3),
        ("iphonese-ios17", .portrait, 63.7),
        ("iphone15-ios17", .landscape, 44.0),
    ])
    func P03_barDetent_isMax44OrATenthOfMaxDetentValue(profile: String, orientation: Orientation, expected: Double)
        throws
    {
        let app = try Self.presented(
            Self.sheetView([.custom("bar"), .large], staysSheet: true), profile: profile, policies: [BarDetentPolicy()],
            orientation: orientation)
        let bar = try #require(Self.heights(app)["custom(bar)"])
        #expect(abs(bar - expected) < 1e-9)
        #expect(app.stack.last?.detent == "custom(bar)")
    }
}
