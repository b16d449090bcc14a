import Foundation
import SheetJSON
import SheetScripting
import Testing

@testable import SheetServer

/// One API, three doors: serve has a method for every Lua scenario
/// function (or says why not), its results have the shape of the Lua
/// tables, and docs/serve.md documents every method.
@Suite struct ServeMethodsTests {
    @Test func everyLuaFunction_isAMethod_orExplained() throws {
        let globals = try Session().registeredGlobals
        let mirrored = Set(ServeMethods.list.compactMap(\.lua))
        for name in globals {
            #expect(
                mirrored.contains(name) || ServeMethods.notMethods[name] != nil, "Lua's \(name)() has no serve method")
        }
        for name in mirrored { #expect(globals.contains(name), "\(name) mirrors no Lua function") }
    }

    @Test func everyMethod_isDocumented() throws {
        let doc = try String(contentsOfFile: serveRepositoryRoot + "/docs/serve.md", encoding: .utf8)
        for m in ServeMethods.list {
            #expect(doc.contains("### `\(m.name)`"), "docs/serve.md has no section for \(m.name)")
        }
        for reason in [
            "unknownSlot", "ambiguousSlot", "unknownView", "duplicateView", "unknownProfile", "profileAfterViews",
            "noPresentation", "invalidOrientation", "timeOutOfRange",
        ] {
            #expect(doc.contains("| `\(reason)` |"), "docs/serve.md does not list the reason \(reason)")
        }
        for limit in ServerLimits.all {
            #expect(doc.contains("`\(limit.flag) "), "docs/serve.md does not list \(limit.flag)")
        }
        for code in [-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003, -32800] {
            #expect(doc.contains("`\(code)`"), "docs/serve.md does not list \(code)")
        }
    }

    /// JSON with nulls dropped from objects, numbers as doubles, and `{}` as `[]`:
    /// the differences between a Lua table and its JSON that carry no meaning.
    func normalized(_ json: JSON) -> JSON {
        switch json {
        case .int(let i): return .double(Double(i))
        case .array(let items): return .array(items.map(normalized))
        case .object(let members) where members.isEmpty: return .array([])
        case .object(let members): return .object(members.filter { $0.value != .null }.mapValues(normalized))
        default: return json
        }
    }

    @Test(arguments: ["stack", "top", "state", "timeline", "profile", "now"])
    func results_haveTheShapeOfTheLuaTables(method: String) throws {
        let client = ServeTestClient()
        try client.call("create")
        try client.call("view", ["app": 1, "view": seed000View])
        try client.call("eval", ["app": 1, "source": "set('selectedItem', { id = 0, title = 'A' }) advance(200)"])
        let served = try client.call(method, ["app": 1])
        let lua = try client.call("eval", ["app": 1, "source": .string("return \(method)()")])["values"]
        #expect(normalized(served) == normalized(lua?.array?.first ?? .null))
    }

    @Test func events_sharesItsMarkWithLua() throws {
        let client = ServeTestClient()
        try client.call("create")
        try client.call("view", ["app": 1, "view": seed000View])
        try client.call("set", ["app": 1, "slot": "selectedItem", "value": 1])
        let first = try client.call("events", ["app": 1])
        #expect(first.array?.isEmpty == false)
        #expect(try client.call("eval", ["app": 1, "source": "return #events()"])["values"] == [0])
        try client.call("set", ["app": 1, "slot": "selectedItem", "value": 5])
        try client.call("advance", ["app": 1, "ms": 600])
        let lua = try client.call("eval", ["app": 1, "source": "return events()"])["values"]
        let since = try client.call("timeline", ["app": 1, "since": .int(first.array!.count)])
        #expect(normalized(lua?.array?.first ?? .null) == normalized(since))
    }
}
