extension SheetApp.Snapshot {
    /// The snapshot with interchangeable item ids renamed in a canonical
    /// way, for symmetry reduction (`sheetlab check --symmetry`): two
    /// situations that differ only by a renaming of those ids give equal
    /// results.
    ///
    /// Items are records whose `id` field is one of `ids`. The world is read
    /// in a fixed order that does not depend on id values (view rows, each
    /// slot's value then what `body` captured; the stack bottom first, each
    /// presentation's item, what it waits to present or would lose, and its
    /// content's text; held requests by modifier, oldest first), and the ids
    /// are renamed to `ids[0]`, `ids[1]`, ... in the order they first appear.
    /// The renamed ids are renamed in every value, in presentations' item
    /// identities, and in content text, where an id is a run of digits of
    /// its own (`item 1`); a situation and its renamed copy then read alike.
    ///
    /// The result is a key, not a situation to run: restore the snapshot
    /// itself. Sound when the app treats those ids alike (only whether two
    /// are equal matters) and content text shows no other number equal to
    /// one of them.
    ///
    /// - Parameter ids: the interchangeable ids, distinct.
    /// - Returns: the key, and how many of the ids the situation uses (it
    ///   stands for `ids.count! / (ids.count - used)!` situations: its
    ///   containers are ordered, so a renaming that moves a used id changes it).
    public func canonical(renaming ids: [Int]) -> (key: SheetApp.Snapshot, used: Int) {
        var renaming = IDRenaming(ids: ids)
        var world = self.world
        let rows = world.views.rows.count
        for r in 0..<rows {
            let ref = ViewRef(index: r)
            guard !world.views[ref].isFree else { continue }
            for i in world.views[ref].state.indices {
                renaming.visit(&world.views[ref].state[i])
                renaming.visit(&world.views[ref].snapshot[i])
            }
        }
        for i in world.stack.indices {
            renaming.visit(&world.stack[i].item)
            if let id = world.stack[i].itemID { world.stack[i].itemID = renaming.renamed(identity: id) }
            switch world.stack[i].lifecycle {
            case .presenting(let left, var then?):
                renaming.visit(&then)
                world.stack[i].lifecycle = .presenting(left: left, then: then)
            case .dismissing(let left, var dismissal):
                renaming.visit(&dismissal)
                world.stack[i].lifecycle = .dismissing(left: left, dismissal)
            default: break
            }
            let text = world.stack[i].shown.value.text
            let renamed = renaming.renamed(text: text)
            if renamed != text { world.stack[i].content.text = renamed }
        }
        for modifier in world.held.keys {
            guard let queue = world.held[modifier] else { continue }
            var renamedQueue = HeldQueue()
            for var request in queue {
                renaming.visit(&request.item)
                renamedQueue.append(request)
            }
            world.held[modifier] = renamedQueue
        }
        guard renaming.changesAnything else { return (self, renaming.map.count) }
        return (SheetApp.Snapshot(world: world, heldBytes: heldBytes, overMemory: overMemory), renaming.map.count)
    }
}

/// Renames interchangeable item ids in order of first appearance.
private struct IDRenaming {
    let ids: [Int]
    let known: Set<Int>
    /// Old id -> new id, filled as ids first appear.
    var map: [Int: Int] = [:]

    init(ids: [Int]) {
        self.ids = ids
        known = Set(ids)
    }

    var changesAnything: Bool { map.contains { $0.key != $0.value } }

    mutating func rename(_ id: Int) -> Int {
        if let new = map[id] { return new }
        let new = ids[map.count]
        map[id] = new
        return new
    }

    mutating func visit(_ value: inout Value) {
        switch value {
        case .record(var fields):
            if case .int(let id)? = fields["id"], known.contains(id) { fields["id"] = .int(rename(id)) }
            for key in fields.keys.sorted() where key != "id" { visit(&fields[key]!) }
            value = .record(fields)
        case .list(var items):
            for i in items.indices { visit(&items[i]) }
            value = .list(items)
        default:
            break
        }
    }

    mutating func visit(_ dismissal: inout Dismissal) {
        if dismissal.replacement != nil { visit(&dismissal.replacement!.item) }
        if dismissal.lostRequest != nil { visit(&dismissal.lostRequest!) }
    }

    /// An item identity (`"1"`) renamed when it is an interchangeable id.
    mutating func renamed(identity: String) -> String {
        guard let id = Int(identity), known.contains(id) else { return identity }
        return String(rename(id))
    }

    /// Text with each run of digits that is an interchangeable id already
    /// seen renamed.
    func renamed(text: String) -> String {
        guard !map.isEmpty, text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        var out = ""
        var digits = ""
        func flush() {
            if let id = Int(digits), let new = map[id] { out += String(new) } else { out += digits }
            digits = ""
        }
        for c in text {
            if c.isASCII, c.isNumber {
                digits.append(c)
            } else {
                if !digits.isEmpty { flush() }
                out.append(c)
            }
        }
        if !digits.isEmpty { flush() }
        return out
    }
}
