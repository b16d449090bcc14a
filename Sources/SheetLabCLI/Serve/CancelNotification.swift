/// Recognises a `$/cancelRequest` notification among raw messages, so that
/// the reader thread can act on it at once instead of queueing it behind
/// the request it cancels. Only the plain form (an object without `id`,
/// valid `params.id`) is taken early; anything else waits its turn and is
/// answered by the method of the same name.
enum CancelNotification {
    static let method = "$/cancelRequest"
    private static let needle = Array(method.utf8)

    /// The id to cancel, when `bytes` is exactly such a notification.
    static func id(in bytes: [UInt8]) -> JSON? {
        guard contains(bytes), let json = try? JSONParser.parse(bytes), case .object(let o) = json,
            o["id"] == nil, o["jsonrpc"] == "2.0", o["method"] == .string(method),
            o.keys.allSatisfy(RPCRequest.members.contains),
            case .object(let params)? = o["params"], params.count == 1
        else { return nil }
        switch params["id"] {
        case .int?, .string?: return params["id"]
        default: return nil
        }
    }

    /// A cheap test before parsing: the method's name appears in the bytes.
    private static func contains(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
