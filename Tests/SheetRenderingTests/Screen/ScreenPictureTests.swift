import SheetEngine
import Testing

@testable import SheetRendering

/// The terminal picture of the screen: fits 80 columns everywhere, puts each
/// presentation at its height, shows transitions, and says what is what.
@Suite struct ScreenPictureTests {
    /// An app on a profile and orientation with `depth` presentations stacked
    /// (0, 1 or 2), long names and wide text included.
    static func app(_ profile: String, _ orientation: Orientation, depth: Int) throws -> SheetApp {
        let app = Runs.app(profile)
        let detail = Runs.detailView(
            name: "DetailViewWithAVeryLongNameIndeed", detents: [.medium],
            text: "詳細を表示しています、とても長いテキストがここに入ります")
        try app.addView(
            Runs.itemSheet(
                name: "ContentViewWithALongName", detents: [.medium, .large], text: "表示中です 👋 長い長い長い長い長い文字列",
                nested: detail))
        app.rotate(to: orientation)
        if depth >= 1 {
            try app.set(StateRef(view: "ContentViewWithALongName", slot: "item"), .record(["id": "長いアイテム名-0123456789"]))
            try app.advance(by: 600)
        }
        if depth >= 2 {
            try app.set(StateRef(view: detail.name, slot: "isPresented"), true)
            try app.advance(by: 200)
        }
        return app
    }

    static func picture(_ app: SheetApp, columns: Int = 80) -> String {
        ScreenPicture(columns: columns).render(app.state(), profile: app.profile)
    }

    @Test(arguments: Profile.allNames, Orientation.allCases)
    func neverWiderThan80Columns(_ profile: String, _ orientation: Orientation) throws {
        for depth in 0...2 {
            let app = try Self.app(profile, orientation, depth: depth)
            #expect(app.stack.count == depth)
            let lines = Self.picture(app).split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines {
                #expect(TerminalWidth.of(line) <= 80, "\(profile) \(orientation) depth \(depth): \(line)")
                #expect(!line.contains("\t"))
            }
            #expect(
                lines.count >= 12 && lines.count <= 32, "\(profile) \(orientation) depth \(depth): \(lines.count) lines"
            )
        }
    }

    @Test(arguments: [40, 60, 100])
    func otherWidths_areRespectedToo(_ columns: Int) throws {
        let app = try Self.app("ipadpro11-ios17", .portrait, depth: 2)
        for line in Self.picture(app, columns: columns).split(separator: "\n") {
            #expect(TerminalWidth.of(line) <= columns)
        }
    }

    /// The screen's rows inside the outline, and how many of them (from the
    /// bottom) a bottom-attached sheet takes.
    static func sheetRows(_ picture: String) -> (screen: Int, sheet: Int) {
        let lines = picture.split(separator: "\n").map(String.init)
        let top = lines.firstIndex { $0.hasPrefix("╭") }!
        let bottom = lines.firstIndex { $0.hasPrefix("╰") }!
        let sheetTop = lines.firstIndex { $0.hasPrefix("│╭") }!
        return (bottom - top - 1, bottom - sheetTop)
    }

    @Test func halfHeightSheet_takesAboutHalfTheScreen() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet(detents: [.medium]))
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 600)
        let (screen, sheet) = Self.sheetRows(Self.picture(app))
        let fraction = Double(sheet) / Double(screen)
        #expect(fraction > 0.4 && fraction < 0.55, "medium is 392 of 852 pt: \(sheet) of \(screen) rows")
    }

    @Test func largeSheet_leavesOnlyTheTopGap() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 600)
        let (screen, sheet) = Self.sheetRows(Self.picture(app))
        #expect(Double(sheet) / Double(screen) > 0.85)
        #expect(sheet < screen, "the presenter shows above a large sheet")
    }

    @Test func deviceOutline_keepsTheScreenProportions() throws {
        func aspect(_ profile: String, _ orientation: Orientation) throws -> Double {
            let lines = Self.picture(try Self.app(profile, orientation, depth: 0)).split(separator: "\n").map(
                String.init)
            let top = lines.firstIndex { $0.hasPrefix("╭") }!
            let bottom = lines.firstIndex { $0.hasPrefix("╰") }!
            let width = TerminalWidth.of(lines[top].prefix { $0 != "╮" }) - 1
            return Double(width) / Double(2 * (bottom - top - 1))
        }
        #expect(abs(try aspect("iphone15-ios17", .portrait) - 393.0 / 852) < 0.05)
        #expect(abs(try aspect("iphone15-ios17", .landscape) - 852.0 / 393) < 0.25)
        #expect(abs(try aspect("ipadpro11-ios17", .portrait) - 834.0 / 1194) < 0.05)
    }

    @Test func labels_namePresenterItemDetentAndPhase() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet(detents: [.medium, .large]))
        try app.set(Runs.item, Runs.record(7))
        try app.advance(by: 600)
        let picture = Self.picture(app)
        #expect(picture.hasPrefix("iPhone 15, iOS 17, portrait (393 x 852 pt), 600 ms\n"))
        #expect(picture.contains("│ ContentView"), "the root presenter at the top of the screen")
        #expect(picture.contains("[1] ContentView.sheet(item:) item=7"))
        #expect(picture.contains("presented, sheet"))
        #expect(picture.contains("medium: 392 of 852 pt"))
        #expect(picture.contains("│╭ [1] ContentView"))
        #expect(!picture.contains("┆"), "solid edges when presented")
    }

    @Test func transitions_haveDashedEdgesAndTheirPhase() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet(detents: [.medium]))
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 200)
        var picture = Self.picture(app)
        #expect(picture.contains("┆"))
        #expect(picture.contains("╭ [1] ↑ ContentVie"))
        #expect(picture.contains("↑ presenting until 500 ms"))
        try app.advance(by: 400)
        try app.swipeDown()
        picture = Self.picture(app)
        #expect(picture.contains("┆"))
        #expect(picture.contains("↓ dismissing until 850 ms"))
    }

    @Test func stackedSheets_bothShow_theLowerOneReceding() throws {
        let app = try Self.app("iphone15-ios17", .portrait, depth: 2)
        let lines = Self.picture(app).split(separator: "\n").map(String.init)
        let lower = try #require(lines.firstIndex { $0.hasPrefix("│ ╭ [1]") })
        let upper = try #require(lines.firstIndex { $0.hasPrefix("│╭ [2]") })
        #expect(upper == lower + 1)
    }

    @Test func formSheet_isACentredBox() throws {
        let app = Runs.app("ipadpro11-ios17")
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 600)
        let lines = Self.picture(app).split(separator: "\n").map(String.init)
        let top = try #require(lines.firstIndex { $0.contains("╭ [1]") })
        let bottom = try #require(lines.firstIndex { $0.contains("╰") && $0.hasPrefix("│") })
        let left = TerminalWidth.of(lines[top].prefix { $0 != "╭" })
        let right = TerminalWidth.of(lines[top].prefix { $0 != "╮" })
        let outline = TerminalWidth.of(lines[0...].first { $0.hasPrefix("╭") }!.prefix { $0 != "╮" })
        #expect(left > 2 && abs((left - 0) - (outline - right)) <= 1, "centred horizontally")
        #expect(bottom > top + 3)
        #expect(lines.contains { $0.contains("formSheet") })
    }

    @Test func fullScreen_fillsTheScreen() throws {
        let app = Runs.app()
        try app.addView(
            ViewSpec(
                name: "ContentView", state: [("shown", false)],
                modifiers: [
                    PresentationModifier(
                        kind: .fullScreenCover, trigger: .isPresented(StateRef(view: "ContentView", slot: "shown")),
                        content: { _ in SheetContent(text: "cover") })
                ]))
        try app.set(StateRef(view: "ContentView", slot: "shown"), true)
        try app.advance(by: 600)
        let lines = Self.picture(app).split(separator: "\n").map(String.init)
        let outline = try #require(lines.firstIndex { $0.hasPrefix("╭") })
        #expect(lines[outline + 1].hasPrefix("│╭ [1] ContentView"))
        #expect(lines.contains { $0.hasPrefix("│╰") })
        #expect(!lines.contains { $0.hasPrefix("│ ContentView") }, "the presenter is covered")
    }

    @Test func heldRequests_areListed() throws {
        let app = Runs.app(policies: [QueuePolicy()])
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 600)
        try app.set(Runs.item, Runs.record(1))
        #expect(Self.picture(app).contains("held: ContentView.sheet(item:) {id = 1} since 600 ms"))
    }

    @Test func sameState_samePicture() throws {
        let a = try Self.app("iphone15-ios17", .portrait, depth: 2)
        let b = try Self.app("iphone15-ios17", .portrait, depth: 2)
        #expect(Self.picture(a) == Self.picture(b))
    }
}
