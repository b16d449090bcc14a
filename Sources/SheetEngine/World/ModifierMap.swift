/// A small map keyed by modifier, kept sorted by key: the world's held
/// requests and oscillation counts, which hold a handful of entries at most,
/// so a scan costs less than hashing, and equal maps compare equal.
struct ModifierMap<Value: Hashable>: Hashable, Sequence {
    private var entries: [Entry] = []

    struct Entry: Hashable {
        var key: ModifierRef
        var value: Value
    }

    var isEmpty: Bool { entries.isEmpty }
    var keys: [ModifierRef] { entries.map(\.key) }

    private func position(of key: ModifierRef) -> (found: Bool, index: Int) {
        // By index, reading only the key: `for e in entries` copied each
        // entry, its value too.
        for i in entries.indices {
            let k = entries[i].key
            if k == key { return (true, i) }
            if key < k { return (false, i) }
        }
        return (false, entries.count)
    }

    subscript(key: ModifierRef) -> Value? {
        get {
            guard !entries.isEmpty else { return nil }
            let (found, i) = position(of: key)
            return found ? entries[i].value : nil
        }
        _modify {
            // The value moves out and back, so changing it in place copies nothing.
            let (found, i) = position(of: key)
            var value = found ? entries.remove(at: i).value : nil
            defer { if let value { place(Entry(key: key, value: value), at: i) } }
            yield &value
        }
    }

    subscript(key: ModifierRef, default fallback: @autoclosure () -> Value) -> Value {
        get { self[key] ?? fallback() }
        _modify {
            let (found, i) = position(of: key)
            if !found { place(Entry(key: key, value: fallback()), at: i) }
            yield &entries[i].value
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: ModifierRef) -> Value? {
        let (found, i) = position(of: key)
        return found ? entries.remove(at: i).value : nil
    }

    mutating func removeAll() { entries.removeAllKeepingStorage() }

    /// Inserts at `i`; appends when that is the end (most maps hold one
    /// entry or none): an insert goes through `replaceSubrange`, about 100
    /// instructions more.
    private mutating func place(_ entry: Entry, at i: Int) {
        if i == entries.count { entries.append(entry) } else { entries.insert(entry, at: i) }
    }

    /// Changes every value in place, dropping those `change` answers nil for.
    mutating func update(_ change: (Value) -> Value?) {
        var kept: [Entry] = []
        for e in entries { if let v = change(e.value) { kept.append(Entry(key: e.key, value: v)) } }
        entries = kept
    }

    /// Changes in place the values `needs` answers true for; when it answers
    /// false for all, nothing is written (a shared map is not copied).
    mutating func modify(where needs: (Value) -> Bool, _ change: (inout Value) -> Void) {
        // Looked for before writing: a loop that may write makes the
        // entries unique (copies them when shared) before it starts.
        guard let first = entries.firstIndex(where: { needs($0.value) }) else { return }
        for i in first..<entries.count where needs(entries[i].value) { change(&entries[i].value) }
    }

    func makeIterator() -> some IteratorProtocol<(key: ModifierRef, value: Value)> {
        entries.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }
}

extension ModifierMap where Value == HeldQueue {
    /// How many requests `key` holds, read in place.
    func waiting(for key: ModifierRef) -> Int {
        let (found, i) = position(of: key)
        return found ? entries[i].value.count : 0
    }

    /// The modifier among those `include` accepts whose oldest request is
    /// the oldest of all (read in place).
    func oldest(where include: (ModifierRef) -> Bool) -> ModifierRef? {
        var best: (key: ModifierRef, serial: Int)?
        for i in entries.indices {
            guard let serial = entries[i].value.first?.serial, best.map({ serial < $0.serial }) ?? true,
                include(entries[i].key)
            else { continue }
            best = (entries[i].key, serial)
        }
        return best?.key
    }

    /// Takes the oldest request `key` holds, dropping its queue when that
    /// was the last one. Found once and changed in place: through the
    /// subscripts it was found four times, and the queue copied out twice.
    mutating func takeFirst(of key: ModifierRef) -> HeldRequest? {
        let (found, i) = position(of: key)
        guard found, let first = entries[i].value.first else { return nil }
        if entries[i].value.count == 1 {
            entries.remove(at: i)
        } else {
            entries[i].value.removeFirst()
        }
        return first
    }
}
