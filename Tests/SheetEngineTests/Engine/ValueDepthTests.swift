import Testing

@testable import SheetEngine

/// State holds values nesting at most `Value.maximumDepth` levels, from
/// every door (a Lua `set`, `serve`'s JSON, the library), so that whatever
/// it holds can be read back by readers that wrap it in tables of their own.
@Suite struct ValueDepthTests {
    static let slot = StateRef(view: "V", slot: "s")

    static func nested(_ levels: Int) -> Value {
        var value: Value = 1
        for _ in 0..<levels { value = .list([value]) }
        return value
    }

    @Test func nests_countsLevelsOfListsAndRecords() {
        #expect(!Value.int(1).nests(deeperThan: 0))
        #expect(Self.nested(1).nests(deeperThan: 0))
        #expect(!Self.nested(3).nests(deeperThan: 3))
        #expect(Self.nested(4).nests(deeperThan: 3))
        #expect(Value.record(["a": .record(["b": Self.nested(2)])]).nests(deeperThan: 3))
    }

    @Test func set_acceptsTheDeepest_andRefusesDeeper() throws {
        let app = SheetApp()
        try app.addView(ViewSpec(name: "V", state: [("s", 0)]))
        try app.set(Self.slot, Self.nested(Value.maximumDepth))
        #expect(app.value(Self.slot) == Self.nested(Value.maximumDepth))
        #expect(
            throws: EngineError(
                .invalidArgument(
                    "the value of V.s nests lists and records more than 64 levels deep; state holds at most 64"))
        ) { try app.set(Self.slot, Self.nested(Value.maximumDepth + 1)) }
        #expect(app.value(Self.slot) == Self.nested(Value.maximumDepth), "the refused write changed nothing")
    }

    @Test func addView_refusesAnInitialValueNestingTooDeeply() {
        let app = SheetApp()
        #expect(throws: EngineError.self) {
            try app.addView(ViewSpec(name: "V", state: [("s", Self.nested(Value.maximumDepth + 1))]))
        }
        #expect(!app.hasView("V"))
    }
}
