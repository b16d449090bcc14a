/// The app `sheetlab repl` starts with, so that a first command works at
/// once: seed 000's `ContentView`, with an item sheet and a Boolean one.
///
/// The `isPresented` sheet comes first, so the item sheet is the one that
/// works on iOS 14.4, where only the last modifier does (B10).
enum StarterApp {
    /// The Lua that builds it (also what `:save` writes for it).
    static let source = """
        view {
          name = "ContentView",
          state = { "selectedItem", showSettings = false },
          modifiers = {
            sheet { isPresented = "showSettings", content = "SettingsView" },
            sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end },
          },
        }
        """

    /// What the banner says about it, line by line.
    static let description = [
        "ContentView, as in seed 000, with two @State slots and two sheets:",
        "  selectedItem = nil    .sheet(item: $selectedItem) { Text(\"item \\(id)\") }",
        "  showSettings = false  .sheet(isPresented: $showSettings) { SettingsView() }",
    ]

    /// The first command the banner suggests.
    static let firstCommand = "set(\"selectedItem\", { id = 0 })"
}
