import SheetEngine
import Testing

@testable import SheetScripting

/// Hook contexts pass an item that comes again as the same read-only table.
@Suite struct ItemSnapshotTests {
    /// Answers "queue" when `ctx.item` is the table the previous call got, "drop" otherwise.
    static let policy = """
        local previous
        return {
          request = function(ctx)
            local same = rawequal(previous, ctx.item)
            previous = ctx.item
            assert(not pcall(function() ctx.item.id = 0 end), "the item is read-only")
            return same and "queue" or "drop"
          end,
        }
        """

    func context(_ item: Value) -> RequestContext {
        RequestContext(
            time: 0, presenter: "V", kind: .sheet, modifier: "sheet(item:)", binding: "item", item: item,
            itemID: item.itemID, phase: .presented, currentItemID: "0", held: 0, presenterBusyWith: nil,
            blocked: nil, stock: .replace, os: "26.0")
    }

    func answers(_ items: [Value]) throws -> [RequestDecision?] {
        let session = try Session()
        try session.loadPolicy(path: temporaryPolicy(Self.policy))
        let policy = session.policies[0]
        return try items.map { try policy.request(context($0)) }
    }

    static func item(_ id: Int) -> Value { .record(["id": .int(id)]) }

    @Test func anEqualItem_isTheSameTable_anotherIsNot() throws {
        #expect(
            try answers([Self.item(1), Self.item(1), Self.item(2), Self.item(1)]) == [.drop, .queue, .drop, .drop])
    }

    @Test func theOldestOfMoreThanFourItems_isBuiltAgain() throws {
        // 1-4 fill the slots, 5 replaces 1; so 1 is built again.
        let items = [1, 2, 3, 4, 5, 5, 1, 1].map(Self.item)
        #expect(try answers(items) == [.drop, .drop, .drop, .drop, .drop, .queue, .drop, .queue])
    }

    @Test func itemsWithFloatingPointNumbers_orScalars_areNotKept() throws {
        let withDouble = Value.record(["id": .int(1), "weight": .double(-0.0)])
        #expect(try answers([withDouble, withDouble]) == [.drop, .drop])
        #expect(ItemSnapshots.mayKeep(Self.item(1)))
        #expect(!ItemSnapshots.mayKeep(.bool(true)) && !ItemSnapshots.mayKeep(withDouble))
        let large = Value.record(["text": .string(String(repeating: "x", count: ItemSnapshots.largestItem))])
        #expect(!ItemSnapshots.mayKeep(large))
    }

    @Test func theSameID_withOtherFields_isAnotherTable() throws {
        let a = Value.record(["id": 1, "name": "a"])
        let b = Value.record(["id": 1, "name": "b"])
        #expect(try answers([a, .record(["id": 1, "name": "a"]), b, a]) == [.drop, .queue, .drop, .drop])
    }

    /// Small records are compared field by field; that agrees with `==`
    /// (but for a record holding NaN, which `==` finds equal to itself when
    /// both share storage; such an item is never kept).
    @Test func same_agreesWithEquality() {
        let values: [Value] = [
            .none, 1, "1", .double(.nan), .record([:]), Self.item(1), Self.item(2), .record(["id": "1"]),
            .record(["id": 1, "name": "a"]), .record(["name": "a", "id": 1]), .record(["id": 1, "n": "a"]),
            .record(["id": 1, "name": .record(["x": 1])]), .record(["id": 1, "name": .record(["x": 2])]),
            .record(["id": .double(.nan)]), .record(["a": 1, "b": 2, "c": 3, "d": 4, "e": 5]),
            .record(["a": 1, "b": 2, "c": 3, "d": 4, "e": 6]), .list([1]),
        ]
        for x in values {
            for y in values where !ItemSnapshots.hasDouble(x) {
                #expect(ItemSnapshots.same(x, y) == (x == y), "\(x) vs \(y)")
            }
        }
    }
}
