import Testing

@testable import SheetEngine

/// B30, B36, B37, B44: how large a presentation is and where it is drawn.
@Suite struct GeometryTests {
    static func sheet(
        _ detents: [Detent]? = nil, sizing: PresentationSizing? = nil, fitted: Double? = nil,
        placement: PresentationPlacement? = nil
    ) -> ViewSpec {
        PresentDay.view { _ in
            SheetContent(
                text: "s", detents: detents.map { DetentsModifier($0) }, sizing: sizing, fittedHeight: fitted,
                placement: placement)
        }
    }

    @Test func B30_regularWidth_isFormSizedFrom18_andPageSizedBefore() throws {
        let ios18 = try PresentDay.shown(Self.sheet(), on: "ipadpro11-ios18.4").stack[0]
        #expect(ios18.style == .formSheet && ios18.sizing == .form && ios18.height == 620)
        #expect(ios18.frame == Frame(x: 147, y: 287, width: 540, height: 620))
        let ios17 = try PresentDay.shown(Self.sheet(), on: "ipadpro11-ios17").stack[0]
        #expect(ios17.sizing == .page && ios17.height == 1194 - 24 - 10)
    }

    @Test(arguments: [(PresentationSizing.page, 1160.0), (.fitted, 300.0), (.form, 620.0)])
    func B30_presentationSizing_picksTheSize(sizing: PresentationSizing, height: Double) throws {
        let p = try PresentDay.shown(Self.sheet(sizing: sizing, fitted: 300), on: "ipadpro11-ios18.4").stack[0]
        #expect(p.sizing == sizing && p.height == height)
    }

    @Test func B30_presentationSizingBefore18_isIgnoredAndSaid() throws {
        let app = try PresentDay.shown(Self.sheet(sizing: .form), on: "ipadpro11-ios17")
        #expect(app.stack[0].sizing == .page)
        #expect(PresentDay.events(app, .modifierIgnored).map(\.rule) == [.b30])
    }

    @Test func B36_belowFullHeight_isInsetOn26_edgeAttachedAtFullHeight() throws {
        let medium = try PresentDay.shown(Self.sheet([.medium]), on: "iphone17-ios26").stack[0]
        #expect(medium.placement == .inset)
        #expect(medium.frame == Frame(x: 8, y: 874 - 406 - 8, width: 386, height: 406))
        let large = try PresentDay.shown(Self.sheet([.large]), on: "iphone17-ios26").stack[0]
        #expect(large.placement == .edgeAttached && large.frame == Frame(x: 0, y: 62, width: 402, height: 812))
        let before = try PresentDay.shown(Self.sheet([.medium]), on: "iphone17-ios18.4").stack[0]
        #expect(before.placement == .edgeAttached && before.frame.x == 0)
    }

    @Test func B36_crossingFullHeight_isReported_andTheEventsCarryTheGeometry() throws {
        let selection = Views.ref("detent")
        let spec = PresentDay.view(state: [("detent", .detent(.medium))]) { _ in
            SheetContent(text: "s", detents: DetentsModifier([.medium, .large], selection: selection))
        }
        let app = try PresentDay.shown(spec, on: "iphone17-ios26")
        #expect(PresentDay.events(app, .presented).first?.geometry?.placement == .inset)
        try app.set(selection, .detent(.large))
        let changed = PresentDay.events(app, .placementChanged)
        #expect(changed.count == 1 && changed[0].rule == .b36)
        #expect(changed[0].geometry?.frame == Frame(x: 0, y: 62, width: 402, height: 812))
        #expect(PresentDay.events(app, .detentChanged).last?.geometry?.placement == .edgeAttached)
    }

    /// The placement before a rotation is the one that was on screen, not
    /// one recomputed with the new orientation's maximum.
    @Test func B36_rotation_reportsAChangeOnlyWhenThePlacementChanged() throws {
        let spec = PresentDay.view { _ in
            SheetContent(detents: DetentsModifier([.fraction(0.5), .large]), compactAdaptation: .sheet)
        }
        let app = try PresentDay.shown(spec, on: "iphone17-ios26")
        #expect(app.stack[0].placement == .inset)
        app.rotate(to: .landscape)
        #expect(app.stack[0].placement == .inset)
        #expect(PresentDay.events(app, .placementChanged).isEmpty)
        #expect(PresentDay.events(app, .heightChanged).map(\.rule) == [.b17], "no medium involved: B17, not B18")
    }

    @Test func B37_nearFullHeight_isTheLargeSheetUpTo18_andKeepsItsHeightOn26() throws {
        let old = try PresentDay.shown(Self.sheet([.height(797)]), on: "iphone17-ios18.4")
        #expect(old.stack[0].height == 802)
        #expect(PresentDay.events(old, .heightChanged).map(\.rule) == [.b37])
        let new = try PresentDay.shown(Self.sheet([.height(807)]), on: "iphone17-ios26").stack[0]
        #expect(new.height == 807 && new.placement == .edgeAttached)
        let far = try PresentDay.shown(Self.sheet([.height(782)]), on: "iphone17-ios18.4").stack[0]
        #expect(far.height == 782)
    }

    @Test func B44_presentationPlacement_movesAFormSheetOn27_only() throws {
        let leading = try PresentDay.shown(Self.sheet(placement: .leading), on: "ipadpro11-ios27").stack[0]
        #expect(leading.frame.x == 8)
        let trailing = try PresentDay.shown(Self.sheet(placement: .trailing), on: "ipadpro11-ios27").stack[0]
        #expect(trailing.frame.x == 834 - 540 - 8)
        let app26 = try PresentDay.shown(Self.sheet(placement: .leading), on: "ipadpro11-ios26")
        #expect(app26.stack[0].frame.x == 147)
        #expect(PresentDay.events(app26, .modifierIgnored).map(\.rule) == [.b44])
    }

    @Test func B44_aCover_ignoresPresentationPlacement() throws {
        let spec = PresentDay.view(kind: .fullScreenCover) { _ in SheetContent(text: "c", placement: .leading) }
        let app = try PresentDay.shown(spec, on: "ipadpro11-ios27")
        #expect(app.stack[0].frame == Frame(x: 0, y: 0, width: 834, height: 1194))
        #expect(PresentDay.events(app, .modifierIgnored).first?.detail.contains("only sheets") == true)
    }

    /// An event keeps a frame in tenths, rounded half away from zero as
    /// `rounded()` does, without calling it for screen lengths.
    @Test func tenths_roundLikeRounded() {
        var values: [Double] = [
            0, -0, 0.05, -0.05, 0.04999, 0.15, -0.15, 2.25, -2.25, 390, 843.95, 1e8, -1e8, 1e9, -3e9,
        ]
        var seed: UInt64 = 7
        for _ in 0..<5000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let n = Double(Int64(bitPattern: seed >> 11) % 40_000_000) / 1000
            values += [n, n + 0.05, -n, -(n + 0.05), n / 10 + 0.05]
        }
        for v in values {
            #expect(Geometry.tenths(v) == Int32(clamping: Int((v * 10).rounded())), "\(v)")
        }
    }
}
