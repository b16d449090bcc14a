import SheetJSON

/// A JSON-RPC 2.0 request, checked: `{"jsonrpc": "2.0", "method": M,
/// "params": {...}, "id": ID}`. Without `id` it is a notification and gets
/// no answer.
package struct RPCRequest: Hashable, Sendable {
    /// The id to answer with; nil for a notification.
    package var id: JSON?
    /// The method's name.
    package var method: String
    /// Parameters by name (an absent `params` is an empty object).
    package var params: [String: JSON]

    /// Creates a request.
    package init(id: JSON?, method: String, params: [String: JSON] = [:]) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// Whether no answer is expected.
    package var isNotification: Bool { id == nil }

    package static let members: Set<String> = ["jsonrpc", "method", "params", "id"]

    /// Checks that `json` is a request object.
    /// - Parameter json: one element of the input (a line, or an element of a batch).
    /// - Returns: the request, or the error to answer with and the id to answer it under
    ///   (`null` when the id cannot be read; nil when it is a notification, which gets no answer).
    package static func decode(_ json: JSON) -> Result<RPCRequest, AnsweredError> {
        guard case .object(let o) = json else {
            return .failure(
                AnsweredError(id: .null, RPCError.invalidRequest("a request must be an object, got \(json.typeName)")))
        }
        var id: JSON?
        switch o["id"] {
        case nil: id = nil
        case .int?, .string?, .null?: id = o["id"]
        case let other?:
            return .failure(
                AnsweredError(
                    id: .null, RPCError.invalidRequest("id must be a string, an integer or null, got \(other.typeName)")
                ))
        }
        // A malformed object is answered even without an id: it is not a notification.
        let answerID = id ?? .null
        guard o["jsonrpc"] == .string("2.0") else {
            return .failure(AnsweredError(id: answerID, RPCError.invalidRequest("\"jsonrpc\": \"2.0\" is required")))
        }
        guard case .string(let method)? = o["method"] else {
            return .failure(AnsweredError(id: answerID, RPCError.invalidRequest("method must be a string")))
        }
        if let extra = o.keys.filter({ !members.contains($0) }).sorted().first {
            return .failure(
                AnsweredError(
                    id: answerID,
                    RPCError.invalidRequest("unknown member '\(extra)'; expected jsonrpc, method, params, id")))
        }
        let request = RPCRequest(id: id, method: method)
        switch o["params"] {
        case nil:
            return .success(request)
        case .object(let params)?:
            var r = request
            r.params = params
            return .success(r)
        case let other?:
            // Structurally a request, so a notification stays unanswered.
            return .failure(
                AnsweredError(
                    id: id,
                    RPCError.invalidParams("params must be an object (by-name parameters), got \(other.typeName)")))
        }
    }
}

/// An error and the id its answer carries (nil: a notification, no answer).
package struct AnsweredError: Error {
    package var id: JSON?
    package var error: RPCError
    package init(id: JSON?, _ error: RPCError) {
        self.id = id
        self.error = error
    }
}
