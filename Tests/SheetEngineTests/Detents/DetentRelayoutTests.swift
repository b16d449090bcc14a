import Testing

@testable import SheetEngine

/// `DetentResolver.relayout`: the layout decision alone, without an app.
@Suite struct DetentRelayoutTests {
    static let medium = ResolvedDetent(detent: .medium, height: 400)
    static let large = ResolvedDetent(detent: .large, height: 800)
    static let small = ResolvedDetent(detent: .height(200), height: 200)

    static func shown(_ detent: ResolvedDetent, in detents: [ResolvedDetent]) -> SheetLayout {
        SheetLayout(style: .sheet, detents: detents, detent: detent.detent, height: detent.height)
    }

    @Test func opening_takesTheSmallest_andReportsNothing() {
        var layout = SheetLayout()
        let change = DetentResolver.relayout(
            &layout, active: [Self.medium, Self.large], style: .sheet, declared: [.medium, .large],
            selection: nil, selected: .none, opening: true)
        #expect(layout.detent == .medium && layout.height == 400)
        #expect(change == .init(kind: .none, invalidSelection: false))
    }

    @Test func declaredDetentLeavingTheSet_jumpsToTheNearest_B41() {
        var layout = Self.shown(Self.large, in: [Self.medium, Self.large])
        let change = DetentResolver.relayout(
            &layout, active: [Self.small, Self.medium], style: .sheet, declared: [.height(200), .medium],
            selection: nil, selected: .none, opening: false)
        #expect(layout.detent == .medium, "400 is nearer 800 than 200 is")
        #expect(change.kind == .detentLeftSet(.large))
    }

    @Test func selectionOutsideTheSet_isReported_andTheSheetStays_B23() {
        var layout = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let slot = SlotRef(view: ViewRef(index: 0), index: 0)
        let change = DetentResolver.relayout(
            &layout, active: [Self.medium, Self.large], style: .sheet, declared: [.medium, .large],
            selection: slot, selected: .string("fraction(0.3)"), opening: false)
        #expect(layout.detent == .medium)
        #expect(layout.selection == slot)
        #expect(change == .init(kind: .none, invalidSelection: true))
    }

    @Test func mediumLeavingTheSet_isB18_otherHeightChangesB17() {
        var layout = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let withoutMedium = DetentResolver.relayout(
            &layout, active: [Self.large], style: .sheet, declared: nil, selection: nil, selected: .none, opening: false
        )
        #expect(withoutMedium.kind == .resized(mediumChanged: true))
        #expect(layout.detent == .large && layout.height == 800)
        layout = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let taller = ResolvedDetent(detent: .medium, height: 420)
        let rotated = DetentResolver.relayout(
            &layout, active: [taller, Self.large], style: .sheet, declared: nil, selection: nil, selected: .none,
            opening: false)
        #expect(rotated.kind == .resized(mediumChanged: false))
    }

    @Test func anotherStyle_isAnAdaptation() {
        var layout = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let change = DetentResolver.relayout(
            &layout, active: [Self.large], style: .fullScreen, declared: nil, selection: nil, selected: .none,
            opening: false)
        #expect(change.kind == .adapted(from: .sheet))
    }
}
