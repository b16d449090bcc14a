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
        let (layout, change) = DetentResolver.relayout(
            before: SheetLayout(), active: [Self.medium, Self.large], style: .sheet, declared: [.medium, .large],
            selection: nil, opening: true)
        #expect(layout.detent == .medium && layout.height == 400)
        #expect(change == .init(kind: .none, invalidSelection: nil))
    }

    @Test func declaredDetentLeavingTheSet_jumpsToTheNearest_B41() {
        let before = Self.shown(Self.large, in: [Self.medium, Self.large])
        let (layout, change) = DetentResolver.relayout(
            before: before, active: [Self.small, Self.medium], style: .sheet, declared: [.height(200), .medium],
            selection: nil, opening: false)
        #expect(layout.detent == .medium, "400 is nearer 800 than 200 is")
        #expect(change.kind == .detentLeftSet(.large))
    }

    @Test func selectionOutsideTheSet_isReported_andTheSheetStays_B23() {
        let before = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let slot = SlotRef(view: ViewRef(index: 0), index: 0)
        let (layout, change) = DetentResolver.relayout(
            before: before, active: [Self.medium, Self.large], style: .sheet, declared: [.medium, .large],
            selection: (slot, .string("fraction(0.3)")), opening: false)
        #expect(layout.detent == .medium)
        #expect(layout.selection == slot)
        #expect(change == .init(kind: .none, invalidSelection: .string("fraction(0.3)")))
    }

    @Test func mediumLeavingTheSet_isB18_otherHeightChangesB17() {
        let before = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let withoutMedium = DetentResolver.relayout(
            before: before, active: [Self.large], style: .sheet, declared: nil, selection: nil, opening: false)
        #expect(withoutMedium.change.kind == .resized(mediumChanged: true))
        let taller = ResolvedDetent(detent: .medium, height: 420)
        let rotated = DetentResolver.relayout(
            before: before, active: [taller, Self.large], style: .sheet, declared: nil, selection: nil, opening: false)
        #expect(rotated.change.kind == .resized(mediumChanged: false))
    }

    @Test func anotherStyle_isAnAdaptation() {
        let before = Self.shown(Self.medium, in: [Self.medium, Self.large])
        let (_, change) = DetentResolver.relayout(
            before: before, active: [Self.large], style: .fullScreen, declared: nil, selection: nil, opening: false)
        #expect(change.kind == .adapted(from: .sheet))
    }
}
