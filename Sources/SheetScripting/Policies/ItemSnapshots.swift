import LuaRuntime
import SheetEngine

/// The read-only Lua tables of the last few items hook contexts carried,
/// kept so that an item that comes again is passed as the same table
/// instead of being built anew: apps present the same few items, and
/// `sheetlab check` explores a handful of ids. Building an item's table
/// was about a quarter of a `request` call (issue 28).
///
/// An item's table is read-only, so sharing it changes nothing a hook can
/// see but identity: equal items may now be the same table (`rawequal`).
/// Items holding floating-point numbers are built each time (`0.0` and
/// `-0.0` are equal values but differ in Lua), and so are items over
/// `largestItem` estimated bytes, which would stay in the script's memory.
final class ItemSnapshots {
    /// How many items are kept; the oldest goes first.
    static let capacity = 4
    /// The largest item kept (`Value.estimatedBytes`).
    static let largestItem = 512

    /// The kept items with their identities (compared first: a string
    /// comparison, where comparing records costs hundreds of instructions).
    @exclusivity(unchecked) private var items: [(id: String?, value: Value)] = []
    /// Slot `i + 1` holds the table of `items[i]`.
    private let snapshots: LuaSnapshots
    /// The entry replaced next once all are taken.
    @exclusivity(unchecked) private var next = 0

    init(runtime: LuaRuntime) { snapshots = runtime.snapshots(capacity: Self.capacity) }

    /// Sets `key` of a context being written to `item` (whose identity is
    /// `id`): a kept snapshot when an equal item was kept, else the item
    /// built, and kept if it may be.
    func set(_ key: StaticString, _ item: Value, id: String?, in t: inout LuaTableWriter) throws(LuaError) {
        switch item {
        case .list, .record: break
        default: return try t.set(key, value: item)
        }
        // An equal item was kept only if it could be, so a hit needs no `mayKeep`.
        for i in items.indices where items[i].id == id && Self.same(items[i].value, item) {
            return try t.set(key, snapshotIn: snapshots, at: i + 1)
        }
        guard Self.mayKeep(item) else { return try t.set(key, value: item) }
        let i = items.count < Self.capacity ? items.count : next
        guard try t.setSnapshot(key, value: item, keepingIn: snapshots, at: i + 1) else { return }
        if i == items.count {
            items.append((id, item))
        } else {
            items[i] = (id, item)
            next = (next + 1) % Self.capacity
        }
    }

    /// `a == b`, with records of up to four fields (items, usually `{id = n}`)
    /// compared field by field: a dictionary's `==` hashed each key to find it
    /// in the other, about 470 instructions for an `{id = n}` (issue 28).
    /// The same as `==` for items that may be kept; a record holding NaN,
    /// which `==` finds equal to itself when both share storage, is unequal
    /// here (it is never kept, so this changes no hit).
    static func same(_ a: Value, _ b: Value) -> Bool {
        guard case .record(let x) = a, case .record(let y) = b, x.count == y.count, x.count <= 4 else { return a == b }
        for (key, value) in x {
            guard let other = y.first(where: { $0.key == key })?.value, other == value else { return false }
        }
        return true
    }

    /// Lists and records with no floating-point number, within `largestItem`.
    static func mayKeep(_ item: Value) -> Bool {
        switch item {
        case .list, .record: return item.estimatedBytes <= largestItem && !hasDouble(item)
        default: return false
        }
    }

    static func hasDouble(_ v: Value) -> Bool {
        switch v {
        case .double: return true
        case .list(let items): return items.contains(where: hasDouble)
        case .record(let fields): return fields.values.contains(where: hasDouble)
        default: return false
        }
    }
}
