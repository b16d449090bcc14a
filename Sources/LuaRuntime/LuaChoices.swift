import CLua
import CLuaSupport

/// A fixed set of words a hook answers with (`"present"`, `"queue"`, ...),
/// made into Lua strings once and kept in the registry, so that reading an
/// answer (`LuaResults.choice(at:in:)`) is a comparison of addresses: no
/// Swift `String` is built, no UTF-8 is validated, nothing is allocated.
///
/// Lua interns short strings (up to 40 bytes): while a choice is kept, any
/// Lua string with its bytes is that same string. A longer choice, or an
/// answer from another runtime, is compared by its bytes.
///
/// ```swift
/// let decisions = lua.choices(["present", "queue", "drop"])
/// let decision = try lua.call(hook, arguments: { ... }, results: { $0.choice(at: 0, in: decisions) })
/// ```
public final class LuaChoices {
    /// The words, in the order given.
    public let words: [String]
    @usableFromInline let count: Int32
    @usableFromInline let addresses: UnsafeMutablePointer<UnsafePointer<CChar>?>
    @usableFromInline let lengths: UnsafeMutablePointer<Int>
    @usableFromInline let reference: Int32
    @usableFromInline let runtimeSerial: UInt64
    weak var releases: ReferenceReleases?

    init(words: [String], state: LuaState, runtime: LuaRuntime) {
        self.words = words
        count = Int32(words.count)
        addresses = .allocate(capacity: max(words.count, 1))
        lengths = .allocate(capacity: max(words.count, 1))
        _ = state.reserve(2)
        state.newTable(arrayCapacity: words.count, fieldCapacity: 0)  // stack: -> anchors
        for (index, word) in words.enumerated() {
            state.push(word)  // stack: anchors -> anchors, s
            var length = 0
            addresses[index] = lua_tolstring(state.pointer, -1, &length)
            lengths[index] = length
            state.rawSet(table: -2, index: index + 1)  // stack: anchors, s -> anchors
        }
        reference = state.makeReference()  // stack: anchors ->
        runtimeSerial = runtime.serial
        releases = runtime.releases
    }

    deinit {
        addresses.deallocate()
        lengths.deallocate()
        releases?.pending.append(reference)
    }
}

extension LuaRuntime {
    /// The words a hook may answer with, kept in this runtime for
    /// `LuaResults.choice(at:in:)`.
    public func choices(_ words: [String]) -> LuaChoices {
        LuaChoices(words: words, state: main, runtime: self)
    }
}

extension LuaResults {
    /// Which of `choices` result `index` is (its position in
    /// `choices.words`), or nil when it is another string, not a string, or
    /// missing. Numbers are not converted.
    @inlinable
    public func choice(at index: Int, in choices: LuaChoices) -> Int? {
        guard index >= 0, index < count else { return nil }
        let position = choiceIndex(base &+ 1 &+ Int32(truncatingIfNeeded: index), choices)
        return position < 0 ? nil : Int(position)
    }

    @usableFromInline
    func choiceIndex(_ slot: Int32, _ choices: LuaChoices) -> Int32 {
        sl_choice_at(state.pointer, slot, choices.addresses, choices.lengths, choices.count)
    }
}

extension LuaTableWriter {
    /// Sets a field to word `index` of `choices`, pushed from the registry:
    /// no Swift string is read and no Lua string made or looked up (about
    /// 65 instructions a field less than `set(_:_:)` with a `String`).
    /// Another runtime's choices are pushed as strings.
    public mutating func set(_ key: StaticString, choice index: Int, of choices: LuaChoices) {
        precondition(index >= 0 && index < choices.words.count, "choice \(index) of \(choices.words.count) words")
        guard choices.runtimeSerial == runtime.serial else { return set(key, choices.words[index]) }
        guard accepts(key) else { return }
        state.pushReference(choices.reference)  // stack: t -> t, anchors
        state.rawGet(table: -1, index: index + 1)  // stack: -> t, anchors, word
        sl_lua_replace(state.pointer, -2)  // stack: -> t, word
        state.setFieldOfNewTable(-2, key)
    }
}
