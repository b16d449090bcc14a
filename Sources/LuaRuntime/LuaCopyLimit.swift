/// How large a value copied out of Lua may become in Swift.
///
/// A Lua value's tables and strings may be shared: `local t = {} for i = 1,
/// 30 do t = {t, t} end` is 30 tables in Lua, and 2^30 as the tree a
/// `LuaValue` is. So a copy is counted as the tree it becomes, every table
/// and string each time it appears, and refused (`.memory`, with
/// `LuaError.Limit.valueSize`) once that passes `bytes`. Tables are kept as
/// trees on the Swift side; only sharing can make a copy larger than the Lua
/// state it came from, so the default, the state's own memory cap, never
/// refuses a value that is not shared.
///
/// The count is an estimate of the Swift copy: `valueBytes` for every
/// value, `tableBytes` more for a table, `fieldBytes` more for a field,
/// plus the bytes of every string and key longer than `inlineStringBytes`
/// (shorter ones are stored inline). For a value that shares nothing it is
/// less than the value takes in Lua when its strings are distinct or short
/// (`LuaCopyLimitTests` measures it).
///
/// ```swift
/// let limit = LuaCopyLimit(bytes: 1 << 20, name: "the response limit", setting: "--max-response")
/// let values = try lua.call(chunk, [], resultLimit: limit)
/// ```
public struct LuaCopyLimit: Sendable, Equatable {
    /// The most estimated bytes a copy may take.
    public var bytes: Int
    /// What the limit is, for messages: "the memory limit".
    public var name: String
    /// The setting that raises it (`--memory`); empty leaves the hint out.
    public var setting: String

    /// Creates a limit.
    ///
    /// - Parameters:
    ///   - bytes: the most estimated bytes a copy may take.
    ///   - name: what the limit is, for messages ("the response limit").
    ///   - setting: the flag or setting that raises it, or "".
    public init(bytes: Int, name: String, setting: String) {
        self.bytes = bytes
        self.name = name
        self.setting = setting
    }

    /// The memory cap of the Lua state the value comes from.
    public static func memory(of limits: LuaLimits) -> LuaCopyLimit {
        LuaCopyLimit(bytes: limits.memory, name: "the memory limit", setting: limits.settingNames.memory)
    }

    /// The smaller of two limits (the first when they are equal).
    public func smaller(_ other: LuaCopyLimit) -> LuaCopyLimit {
        other.bytes < bytes ? other : self
    }

    /// What one value counts (its slot in the table holding it).
    public static let valueBytes = 16
    /// What a table counts besides its slot.
    public static let tableBytes = 56
    /// What a field counts besides its value and its key's bytes.
    public static let fieldBytes = 16
    /// Strings and keys up to this long count nothing for their bytes.
    public static let inlineStringBytes = 15

    /// What the bytes of a string or key of `count` bytes count.
    static func stringBytes(_ count: Int) -> Int { count > inlineStringBytes ? count : 0 }
}
