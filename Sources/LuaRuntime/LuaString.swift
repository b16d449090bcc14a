/// A Lua string: any bytes. Kept as a Swift `String` when the bytes are
/// valid UTF-8, as raw bytes otherwise. Equal when the bytes are equal (no
/// Unicode normalization, unlike `String`).
public struct LuaString: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    enum Storage: Sendable {
        case text(String)
        case bytes([UInt8])
    }

    let storage: Storage

    /// A string with the UTF-8 bytes of `text`.
    public init(_ text: String) {
        storage = .text(text)
    }

    public init(stringLiteral value: String) {
        storage = .text(value)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        storage = .text(String(stringInterpolation: stringInterpolation))
    }

    /// A string with exactly these bytes.
    public init(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        if let text = String(validating: array, as: UTF8.self) {
            storage = .text(text)
        } else {
            storage = .bytes(array)
        }
    }

    init(_ buffer: UnsafeRawBufferPointer) {
        if let text = String(validating: buffer, as: UTF8.self) {
            storage = .text(text)
        } else {
            storage = .bytes(Array(buffer))
        }
    }

    /// The text, or nil if the bytes are not valid UTF-8.
    public var string: String? {
        if case .text(let text) = storage { return text }
        return nil
    }

    /// The bytes.
    public var bytes: [UInt8] {
        switch storage {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        }
    }

    /// The text, with invalid UTF-8 replaced by U+FFFD.
    public var description: String {
        switch storage {
        case .text(let text): text
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The number of bytes.
    var byteCount: Int {
        switch storage {
        case .text(let text): text.utf8.count
        case .bytes(let bytes): bytes.count
        }
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch storage {
        case .text(var text): text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .bytes(let bytes): bytes.withUnsafeBytes(body)
        }
    }

    func withBytesOrThrow<R>(_ body: (UnsafeRawBufferPointer) throws(LuaError) -> R) throws(LuaError) -> R {
        let result: Result<R, LuaError> = withBytes { buffer in
            Result { () throws(LuaError) -> R in try body(buffer) }
        }
        return try result.get()
    }

    /// Whether the string starts with "__" (a metamethod name).
    var hasMetamethodPrefix: Bool {
        withBytes { $0.count >= 2 && $0[0] == UInt8(ascii: "_") && $0[1] == UInt8(ascii: "_") }
    }

    public static func == (lhs: LuaString, rhs: LuaString) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
        case (.bytes(let a), .bytes(let b)): a == b
        default: false  // valid and invalid UTF-8 never have the same bytes
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .text(let text):
            for byte in text.utf8 { hasher.combine(byte) }
            hasher.combine(text.utf8.count)
        case .bytes(let bytes):
            for byte in bytes { hasher.combine(byte) }
            hasher.combine(bytes.count)
        }
    }
}
