import SheetLab

/// One libFuzzer input: a fresh session with small limits, a policy, and a
/// driver that makes the engine call every hook. Anything but a crash, a
/// hang or a leak is fine: errors are the expected outcome of most inputs.
public enum FuzzDriver {
    /// Small budgets, so that an endless loop costs little.
    static let limits = LuaLimits(memory: 4 << 20, callBudgetMilliseconds: 10, scriptBudgetMilliseconds: 50)

    static let setup = """
        view { name = "ContentView", state = { "item", show = false, detent = "medium" },
          modifiers = {
            sheet { item = "item", content = function(c)
              return { text = "item " .. tostring(c.item.id), presentationDetents = { "custom(bar)", "medium", "large" },
                       selection = "ContentView.detent" } end },
            fullScreenCover { isPresented = "show", attach = "EmptyView", content = "cover" },
          } }
        """

    /// Loads `source` as a policy and, if it loads, drives the engine through every hook.
    public static func run(policy source: String) {
        guard let session = try? Session(limits: limits) else { return }
        session.printHandler = { _ in }
        session.baseDirectory = "/nonexistent/sheetlab-fuzz"
        guard (try? session.loadPolicy(source: source, name: "fuzz.lua")) != nil else { return }
        _ = try? session.evaluate(setup, chunkName: "=setup")
        let item = { (id: Int) in Value.record(["id": .int(id)]) }
        _ = try? session.set("ContentView.item", item(0))
        _ = try? session.advance(by: .milliseconds(500))
        _ = try? session.drag(to: 300)
        _ = try? session.release(velocity: 0)
        _ = try? session.drag(to: 50)
        _ = try? session.release(velocity: 3000)
        _ = try? session.swipe()
        _ = try? session.set("ContentView.item", item(1))
        _ = try? session.advance(by: .milliseconds(600))
        _ = try? session.set("ContentView.show", .bool(true))
        session.rotate(to: .landscape)
        _ = try? session.dismiss()
        _ = try? session.advanceUntilIdle()
    }
}
