import SheetJSON

/// Recognises a cancel notification among raw messages, so that the reader
/// thread can act on it at once instead of queueing it behind the request
/// it cancels: `$/cancelRequest` with `{"id": ID}` for `serve` (LSP's), and
/// `notifications/cancelled` with `{"requestId": ID, "reason": ...}` for
/// `mcp` (the Model Context Protocol's). Only the plain form (an object
/// without `id`, a valid id parameter, no other parameters but the allowed
/// ones) is taken early; anything else waits its turn and is handled by the
/// method of the same name.
package struct CancelNotification: Sendable {
    /// The notification's method.
    package let method: String
    /// The parameter that names the request to cancel.
    package let idParameter: String
    /// Other parameters the plain form may carry.
    package let otherParameters: Set<String>
    private let needle: [UInt8]

    package init(method: String, idParameter: String, otherParameters: Set<String> = []) {
        self.method = method
        self.idParameter = idParameter
        self.otherParameters = otherParameters
        needle = Array(method.utf8)
    }

    /// `sheetlab serve`'s: `$/cancelRequest` with `{"id": ID}`.
    package static let serve = CancelNotification(method: "$/cancelRequest", idParameter: "id")
    /// `sheetlab mcp`'s: `notifications/cancelled` with `{"requestId": ID, "reason": TEXT}`.
    package static let mcp = CancelNotification(
        method: "notifications/cancelled", idParameter: "requestId", otherParameters: ["reason", "_meta"])

    /// The id to cancel, when `bytes` is exactly such a notification.
    package func id(in bytes: [UInt8]) -> JSON? {
        guard contains(bytes), let json = try? JSONParser.parse(bytes), case .object(let o) = json,
            o["id"] == nil, o["jsonrpc"] == "2.0", o["method"] == .string(method),
            o.keys.allSatisfy(RPCRequest.members.contains),
            case .object(let params)? = o["params"],
            params.keys.allSatisfy({ $0 == idParameter || otherParameters.contains($0) })
        else { return nil }
        switch params[idParameter] {
        case .int?, .string?: return params[idParameter]
        default: return nil
        }
    }

    /// A cheap test before parsing: the method's name appears in the bytes.
    private func contains(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
