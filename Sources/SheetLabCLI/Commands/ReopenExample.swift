import SheetServer

/// Seed 000's impatient reopen, the one example `demo` runs and `init`
/// writes: open item 0, swipe the sheet down, and tap "Open" for item 1
/// while it is still closing; with the built-in queue policy.
enum ReopenExample {
    /// The app: one view whose sheet shows the selected item.
    static let view = """
        view {
          name = "ContentView",
          state = { "selectedItem" },
          modifiers = {
            sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end },
          },
        }
        """

    /// The user's taps, up to the reopen while the sheet is closing (at 600 ms).
    static let taps = """
        set("selectedItem", { id = 0 }) -- Button("Open") { selectedItem = Item(id: 0) }
        advance(500)
        swipe()                         -- the user swipes the sheet down ...
        advance(100)
        set("selectedItem", { id = 1 }) -- ... and taps "Open" again while it is closing
        """

    /// The queue policy's path in the examples, and its text as built into the binary.
    static let policyPath = "examples/policies/queue.lua"
    static var policy: String {
        guard let text = MCPResources.builtInText(policyPath) else {
            preconditionFailure("\(policyPath) is not built in (Package.swift's EmbedResources inputs)")
        }
        return text
    }
}
