import Foundation
import Testing

@testable import SheetScripting

/// `docs/policies.md` names every field a hook's context can have, so a
/// field the engine starts to pass (B34's `reopen_window_left`, B32's
/// `sheet_height`) cannot go undocumented.
@Suite struct PolicyContextDocsTests {
    /// A policy that prints the fields of every context it is given, as `hook: a b c`.
    static let recorder = """
        local function fields(hook, ctx)
          local names = {}
          for k in pairs(ctx) do names[#names + 1] = k end
          print(hook .. ": " .. table.concat(names, " "))
        end
        return {
          request = function(ctx) fields("request", ctx) end,
          dismissed = function(ctx) fields("dismissed", ctx) end,
          settle = function(ctx) fields("settle", ctx) end,
          should_dismiss = function(ctx) fields("should_dismiss", ctx) end,
          detents = { x = function(ctx) fields("detents", ctx) return 200 end },
        }
        """

    /// On 18.0: an item sheet replaced, dragged and swiped, reopened within
    /// B34's window, and two nested sheets restored in one update (B35).
    static let scenario = """
        profile("iphone17-ios18.0")
        view { name = "V", state = { "item", detent = "large" }, modifiers = { sheet { item = "item",
          content = { text = "x", presentationDetents = { "custom(x)", "large" }, selection = "detent" } } } }
        view { name = "W", state = { first = false, second = false }, modifiers = { sheet { isPresented = "first",
          content = { text = "first", view = { name = "Inner",
            modifiers = { sheet { isPresented = "W.second", content = "second" } } } } } } }
        set("item", { id = 1 })
        advance()
        set("item", { id = 2 })
        advance()
        drag(300)
        release(0)
        swipe()
        advance()
        set("item", { id = 3 })
        advance()
        dismiss()
        advance()
        set { ["W.first"] = true, ["W.second"] = true }
        advance()
        """

    /// The fields each hook was given over the scenario.
    static func fieldsSeen() throws -> [String: Set<String>] {
        let session = try Session()
        var lines: [String] = []
        session.printHandler = { lines.append($0) }
        _ = try session.loadPolicy(source: recorder, name: "recorder.lua")
        _ = try session.evaluate(scenario)
        var seen: [String: Set<String>] = [:]
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            seen[String(parts[0]), default: []].formUnion(parts[1].split(separator: " ").map(String.init))
        }
        return seen
    }

    @Test func everyContextField_isNamedInPolicyDocs() throws {
        let text = try String(contentsOfFile: repoPath("docs/policies.md"), encoding: .utf8)
        let seen = try Self.fieldsSeen()
        #expect(Set(seen.keys) == ["request", "dismissed", "settle", "should_dismiss", "detents"])
        #expect(seen["request", default: []].isSuperset(of: ["reopen_window_left", "blocked", "current_item_id"]))
        #expect(seen["detents", default: []].contains("sheet_height"))
        for (hook, fields) in seen {
            for field in fields.sorted() {
                let named = text.contains("`\(field)`")
                #expect(named, "\(hook)'s \(field) is not named in docs/policies.md")
            }
        }
    }
}
