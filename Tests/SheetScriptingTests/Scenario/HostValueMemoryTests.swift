import LuaRuntime
import Testing

@testable import SheetScripting

/// What the scenario API hands a script (`state`, `timeline`, `get`, `stack`)
/// is the script's to keep, so it counts against the script's memory cap.
@Suite struct HostValueMemoryTests {
    @Test(arguments: [
        ("state()", "local keep = {} for i = 1, 1e7 do keep[i] = state() end"),
        ("timeline()", "local keep = {} for i = 1, 1e7 do keep[i] = timeline() end"),
        ("get()", "local keep = {} for i = 1, 1e7 do keep[i] = get('ContentView.big') end"),
        ("stack()", "local keep = {} for i = 1, 1e7 do keep[i] = stack() end"),
    ])
    func keptResults_endWithTheMemoryError_nearTheCap(_ name: String, loop: String) throws {
        let cap = 16 << 20
        let session = try Session(limits: LuaLimits(memory: cap, scriptBudgetMilliseconds: 60_000))
        session.printHandler = { _ in }
        try session.evaluate(
            """
            local big = {} for i = 1, 200 do big[i] = 'entry ' .. i end
            view { name = "ContentView", state = { item = "", big = big },
              modifiers = { sheet { item = "item", content = "sheet" } } }
            for i = 1, 50 do set("ContentView.item", "id" .. i) end
            """)
        session.runtime.resetMemoryPeak()
        do {
            try session.evaluate(loop, chunkName: "keep.lua")
            Issue.record("\(name): expected a memory error")
        } catch {
            #expect(error.kind == .memory, "\(name): \(error)")
            #expect(
                error.description.hasPrefix("keep.lua:1: not enough memory: the memory limit of 16 MiB"), "\(error)")
        }
        // Far below "hundreds of MiB": within one result of the cap.
        #expect(session.runtime.memoryPeak < cap + (2 << 20), "\(name): peak \(session.runtime.memoryPeak >> 20) MiB")
    }
}
