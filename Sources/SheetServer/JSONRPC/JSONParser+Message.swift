import SheetJSON

extension JSONParser {
    /// One JSON-RPC message's text as a value: nil for a blank line (nothing
    /// to answer), a parse error (-32700) for text that is not JSON.
    static func message(_ bytes: [UInt8]) -> Result<JSON, RPCError>? {
        if bytes.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) { return nil }
        do { return .success(try parse(bytes)) } catch { return .failure(RPCError.parse("\(error)")) }
    }
}
