extension Array {
    /// Empties the array and keeps its storage, removing from the end. For
    /// the few elements of the engine's per-step lists it is cheaper than
    /// `removeAll(keepingCapacity: true)`, which goes through
    /// `replaceSubrange` (about 80 instructions, several times a cycle of
    /// the engine bench).
    @inline(__always)
    mutating func removeAllKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
