import SheetEngine

/// Lower bounds of what the tables of `ScriptTables` take in a Lua state:
/// a host function checks them against the room under the memory cap
/// (`LuaRuntime.checkRoom(forResultBytes:)`) before it builds a result, so
/// that a result Lua would refuse (a long timeline, a large state) is never
/// built in Swift first. Each is below the real size (a Lua table is 56
/// bytes, each field in it at least 32, each element 16), so a result that
/// fits is never refused early.
extension ScriptTables {
    /// An event of `timeline()`: a table of at least 5 fields.
    static let minimumEventBytes = 256

    /// `count` events.
    static func minimumBytes(events count: Int) -> Int { count.multipliedReportingOverflow(by: minimumEventBytes).0 }

    /// An entry of `stack()`: a table of at least 12 fields, with its item.
    static func minimumBytes(of p: PresentationState) -> Int { 512 + p.item.estimatedBytes }

    /// `state()`: its views with their slots, presentations and held requests.
    static func minimumBytes(of s: AppState) -> Int {
        var bytes = 256
        for v in s.views { bytes += 128 + v.state.reduce(0) { $0 + 32 + $1.value.estimatedBytes } }
        for p in s.presentations { bytes += minimumBytes(of: p) }
        for h in s.held { bytes += 128 + h.item.estimatedBytes }
        return bytes
    }
}
