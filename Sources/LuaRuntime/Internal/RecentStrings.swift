/// The Swift strings made for the last few short Lua strings read as
/// results, keyed by the address of the Lua string's bytes: a hook that
/// keeps returning "present" costs a pointer comparison, not a UTF-8
/// validation.
///
/// Invariant: every cached address belongs to a Lua string anchored in a
/// registry table at the same slot, so it cannot be freed and reused for
/// other bytes while it is in the cache. Short Lua strings are interned, so
/// equal bytes mean the same address. (Storage is raw memory so the hot
/// path has neither exclusivity checks nor reference counting; the runtime
/// frees it.)
struct RecentStrings {
    /// Swift stores strings this short inline; Lua interns them.
    static let maximumLength = 15
    static let capacity = 8

    private let addresses: UnsafeMutablePointer<UnsafeRawPointer?>
    private let strings: UnsafeMutablePointer<String>
    private let nextSlot: UnsafeMutablePointer<Int>
    /// Registry reference of the table anchoring the cached Lua strings.
    private let anchors: Int32

    init(state: LuaState) {
        addresses = .allocate(capacity: RecentStrings.capacity)
        addresses.initialize(repeating: nil, count: RecentStrings.capacity)
        strings = .allocate(capacity: RecentStrings.capacity)
        strings.initialize(repeating: "", count: RecentStrings.capacity)
        nextSlot = .allocate(capacity: 1)
        nextSlot.initialize(to: 0)
        _ = state.reserve(1)
        state.newTable(arrayCapacity: RecentStrings.capacity, fieldCapacity: 0)  // stack: -> anchors
        anchors = state.makeReference()  // stack: anchors ->
    }

    func deallocate() {
        addresses.deallocate()
        strings.deinitialize(count: RecentStrings.capacity)
        strings.deallocate()
        nextSlot.deallocate()
    }

    /// The Swift string for the short Lua string `bytes`, which is at `slot` of `state`.
    func string(_ bytes: UnsafeRawBufferPointer, at slot: Int32, on state: LuaState) -> String {
        let address = bytes.baseAddress
        for index in 0..<RecentStrings.capacity where addresses[index] == address {
            return strings[index]
        }
        let string = String(decoding: bytes, as: UTF8.self)
        guard state.reserve(2) else { return string }
        let index = nextSlot.pointee
        nextSlot.pointee = (index + 1) % RecentStrings.capacity
        state.pushReference(anchors)  // stack: -> anchors
        state.pushCopy(of: slot)  // stack: -> anchors, s
        state.rawSet(table: -2, index: index + 1)  // stack: anchors, s -> anchors
        state.pop(1)  // stack: anchors ->
        addresses[index] = address
        strings[index] = string
        return string
    }
}
