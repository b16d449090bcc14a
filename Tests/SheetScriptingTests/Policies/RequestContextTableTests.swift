import SheetEngine
import Testing

@testable import SheetScripting

/// The request hook's context is one table updated in place between calls
/// (`RequestContextTable`): what a hook sees must be what a table built
/// anew for the same request holds.
@Suite struct RequestContextTableTests {
    /// Prints every field of the context, sorted, with types (so that `0`
    /// and `0.0`, `-0.0` and `0.0` differ), nested tables included.
    static let policy = """
        local function show(v)
          if type(v) ~= 'table' then return type(v) .. ':' .. tostring(v) end
          local parts = {}
          for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. '=' .. show(x) end
          table.sort(parts)
          return '{' .. table.concat(parts, ',') .. '}'
        end
        return { request = function(ctx) print(show(ctx)) end }
        """

    static func context(
        time: Int = 0, presenter: String = "V", kind: PresentationKind = .sheet, item: Value = .record(["id": .int(1)]),
        phase: Phase? = .presented, currentItemID: String? = "1", held: Int = 0, busyWith: String? = nil,
        blocked: BlockReason? = nil, stock: RequestDecision = .replace, reopen: Int? = nil, os: String = "26.0"
    ) -> RequestContext {
        RequestContext(
            time: time, presenter: presenter, kind: kind, modifier: "sheet(item:)", binding: "item", item: item,
            itemID: item.itemID, phase: phase, currentItemID: currentItemID, held: held, presenterBusyWith: busyWith,
            blocked: blocked, stock: stock, os: os, reopenWindowLeft: reopen)
    }

    /// Every field changes at least once, optionals go from set to nil and
    /// back, and items go from records to none, to a double and back.
    static let sequence: [RequestContext] = [
        context(),
        context(time: 10),
        context(time: 20, item: .record(["id": .int(2)]), phase: nil, currentItemID: nil),
        context(time: 20, item: .record(["id": .int(2)]), phase: nil, currentItemID: nil, held: 3, busyWith: "W"),
        context(time: 30, presenter: "W", kind: .fullScreenCover, item: .none, blocked: .emptyViewHost, reopen: 120),
        context(time: 30, item: .bool(true), stock: .queue, reopen: nil, os: "18.2"),
        context(item: .record(["id": .int(3), "w": .double(-0.0)])),
        context(item: .record(["id": .int(3), "w": .double(0.0)])),
        context(item: .record(["id": .int(3), "w": .double(0.0)]), phase: .dismissing),
        context(),
    ]

    func printed(_ contexts: [RequestContext], sessionPerCall: Bool) throws -> [String] {
        var lines: [String] = []
        let path = temporaryPolicy(Self.policy)
        var session: Session?
        for c in contexts {
            if sessionPerCall || session == nil {
                session = try Session()
                session!.printHandler = { lines.append($0) }
                try session!.loadPolicy(path: path)
            }
            _ = try session!.policies[0].request(c)
        }
        return lines
    }

    @Test func aContextUpdatedInPlace_readsAsOneBuiltAnew() throws {
        let reused = try printed(Self.sequence, sessionPerCall: false)
        let anew = try printed(Self.sequence, sessionPerCall: true)
        #expect(reused.count == Self.sequence.count)
        for (i, (a, b)) in zip(reused, anew).enumerated() { #expect(a == b, "request \(i)") }
        // The double's sign shows, so the -0.0 item was not left in place.
        #expect(reused[6].contains("w=number:-0.0") && reused[7].contains("w=number:0.0"))
    }

    @Test func anUpdateThatFailsPartWay_isFollowedByAWholeOne() throws {
        var deep = Value.record(["id": .int(9)])
        for _ in 0..<120 { deep = .record(["id": .int(9), "next": deep]) }
        var lines: [String] = []
        let session = try Session()
        session.printHandler = { lines.append($0) }
        try session.loadPolicy(path: temporaryPolicy(Self.policy))
        let policy = session.policies[0]
        _ = try policy.request(Self.context(phase: .presented, busyWith: "W", reopen: 50))
        // Nested past what a Lua table may be: the update stops at the item, after the time.
        #expect(throws: PolicyFailure.self) { try policy.request(Self.context(time: 5, item: deep)) }
        let after = Self.context(time: 7, phase: nil, currentItemID: nil)
        _ = try policy.request(after)
        let anew = try printed([after], sessionPerCall: true)
        #expect(lines.count == 2 && lines.last == anew.first)
    }

    @Test func aContextKeptByThePolicy_failsWhenReadLater_withItsPosition() throws {
        let session = try Session()
        session.printHandler = { _ in }
        try session.loadPolicy(
            path: temporaryPolicy(
                """
                local kept
                return { request = function(ctx)
                  if kept then return kept.held end
                  kept = ctx
                end }
                """, name: "keeps.lua"))
        let policy = session.policies[0]
        #expect(try policy.request(Self.context()) == nil)
        let failure = #expect(throws: PolicyFailure.self) { try policy.request(Self.context(time: 1)) }
        #expect(failure?.message.contains("keeps.lua:3: a hook's context can be read only during its call") == true)
        // The next call reads its own context.
        #expect(throws: PolicyFailure.self) { try policy.request(Self.context(time: 2)) }
    }
}
