import LuaRuntime
import SheetCheck
import SheetEngine
import Testing

@testable import SheetScripting

/// Each seed policy in Lua behaves exactly like its native Swift twin: the
/// same actions give the same timeline (P01-P04).
@Suite struct PolicyTwinTests {
    /// Runs the same random user actions on two sessions and returns both timelines.
    func twin(
        views: String, profile: String = "iphone15-ios17", lua: String, native: any PresentationPolicy,
        steps: Int = 300, seed: UInt64, action: (inout SplitMix64, Session) throws -> Void
    ) throws -> ([Event], [Event]) {
        var timelines: [[Event]] = []
        for useLua in [true, false] {
            let session = try Session(profile: try Profile.named(profile))
            session.printHandler = { _ in }
            if useLua { try session.loadPolicy(path: repoPath(lua)) } else { session.addPolicy(native) }
            try session.evaluate(views)
            var rng = SplitMix64(seed: seed)
            for _ in 0..<steps { try action(&rng, session) }
            timelines.append(session.app.timeline.events.map { $0.normalized() })
        }
        return (timelines[0], timelines[1])
    }

    static let itemSheet = """
        view { name = "ContentView", state = { "item" },
          modifiers = { sheet { item = "item", content = function(c) return "item " .. c.item.id end } } }
        """

    /// Taps, swipes and waits chosen around transition boundaries.
    static func userAction(_ rng: inout SplitMix64, _ s: Session) throws {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: try s.set("item", .record(["id": .int(Int.random(in: 0..<3, using: &rng))]))
        case 2: if s.app.stack.last?.phase == .presented { try s.swipe() }
        case 3: try s.set("item", .none)
        default: try s.advance([0, 1, 100, 249, 250, 251, 499, 500, 501][Int.random(in: 0..<9, using: &rng)])
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func P01_queueLua_matchesNativeQueuePolicy(seed: UInt64) throws {
        let (lua, native) = try twin(
            views: Self.itemSheet, lua: "examples/policies/queue.lua", native: QueuePolicy(), seed: seed,
            action: Self.userAction)
        #expect(lua.count > 100)
        #expect(lua.contains { $0.kind == .queued })
        #expect(lua == native)
    }

    static let detentSheet = """
        view { name = "SheetView", state = { sheet = false, detent = "height(200)" },
          modifiers = { sheet { isPresented = "sheet", content = function(c)
            return { text = "sheet", selection = "detent",
                     presentationDetents = { "custom(bar)", "height(200)", "medium", "fraction(0.75)", "large" } }
          end } } }
        """

    static func detentAction(_ rng: inout SplitMix64, _ s: Session) throws {
        let shown = s.app.stack.last?.phase == .presented
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: try s.set("sheet", .bool(true))
        case 1: if shown { try s.swipe() }
        case 2: if shown { try s.drag(to: Double(Int.random(in: 0...800, using: &rng))) }
        case 3: if shown { try s.release(velocity: Double(Int.random(in: -2000...2000, using: &rng))) }
        case 4:
            try s.set(
                "detent",
                .string(["medium", "large", "height(200)", "custom(bar)"][Int.random(in: 0..<4, using: &rng)]))
        case 5: try s.rotate(Bool.random(using: &rng) ? "portrait" : "landscape")
        default: try s.advance([0, 250, 500][Int.random(in: 0..<3, using: &rng)])
        }
    }

    @Test func P02_resetDetentLua_matchesNative() throws {
        let (lua, native) = try twin(
            views: Self.detentSheet, lua: "examples/policies/reset_detent.lua", native: ResetDetentPolicy(), seed: 7,
            action: Self.detentAction)
        #expect(lua.contains { $0.kind == .stateChanged && $0.detail.contains("height(200)") })
        #expect(lua == native)
    }

    @Test(arguments: ["iphone15-ios17", "iphonese-ios17"])
    func P03_barDetentLua_matchesNative(profile: String) throws {
        let (lua, native) = try twin(
            views: Self.detentSheet, profile: profile, lua: "examples/policies/bar_detent.lua",
            native: BarDetentPolicy(), seed: 11, action: Self.detentAction)
        #expect(lua.contains { $0.detent == "custom(bar)" })
        #expect(lua == native)
    }

    static let sheetAndCover = """
        view { name = "ContentView", state = { isPresented = false, isFullScreenPresented = false },
          modifiers = {
            sheet { isPresented = "isPresented", content = "sheet" },
            fullScreenCover { isPresented = "isFullScreenPresented", attach = "EmptyView", content = "cover" },
          } }
        """

    @Test(arguments: ["iphone15-ios14.4", "iphone15-ios15", "iphone15-ios17"])
    func P04_onePresenterLua_matchesNative(profile: String) throws {
        let (lua, native) = try twin(
            views: Self.sheetAndCover, profile: profile, lua: "examples/policies/one_presenter.lua",
            native: OnePresenterPolicy(), seed: 5
        ) { rng, s in
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: try s.set("isPresented", .bool(Bool.random(using: &rng)))
            case 1: try s.set("isFullScreenPresented", .bool(Bool.random(using: &rng)))
            case 2: if s.app.stack.last?.phase == .presented { try s.swipe() }
            default: try s.advance(500)
            }
        }
        #expect(lua.contains { $0.kind == .presenting && $0.item == nil && $0.detail.hasPrefix("fullScreen") })
        #expect(lua == native)
    }
}
