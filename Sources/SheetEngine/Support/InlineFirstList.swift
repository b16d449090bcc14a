/// A list that keeps its first element inline and only the rest in an
/// array.
///
/// Most updates change one slot and decide at most one presentation
/// action; an array for each would cost an allocation and a free every
/// write (about 600 instructions a cycle of present and dismiss,
/// docs/performance.md item 15).
struct InlineFirstList<Element>: Sequence {
    private var head: Element?
    private var rest: [Element] = []

    init() {}

    var isEmpty: Bool { head == nil }
    var count: Int { head == nil ? 0 : 1 + rest.count }

    mutating func append(_ element: Element) {
        if head == nil { head = element } else { rest.append(element) }
    }

    /// Removes the elements that match, keeping the order of the others.
    mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
        guard let first = head else { return }
        if rest.isEmpty {
            if try shouldRemove(first) { head = nil }
            return
        }
        var all = Array(self)
        try all.removeAll(where: shouldRemove)
        head = all.first
        rest = Array(all.dropFirst())
    }

    func makeIterator() -> Iterator { Iterator(list: self) }

    struct Iterator: IteratorProtocol {
        let list: InlineFirstList
        var index = -1

        mutating func next() -> Element? {
            defer { index += 1 }
            if index < 0 { return list.head }
            return index < list.rest.count ? list.rest[index] : nil
        }
    }
}
