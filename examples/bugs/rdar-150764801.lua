-- rdar-150764801: a sheet presented from a toolbar item, asked for in the
-- same update in which a popover is dismissed, is sometimes not shown; its
-- binding stays set.
--
-- Source: iOS & iPadOS 26 release notes, SwiftUI, 150764801 (fixed in iOS 26)
-- Reported: before iOS 26
-- Affected: ios14.4 to ios18.4 on every device (49 profiles)
-- Workaround: none; iOS 26 fixed it
--
--   .toolbar { ToolbarItem { Button("Edit") { showPopover = false; showEditor = true } } }
--   .popover(isPresented: $showPopover) { Menu() }
--   .sheet(isPresented: $showEditor) { Editor() }   // on the toolbar item
--
-- Covers: B40

-- An iPad, where a popover is a popover.
profile("ipadpro11-ios18.4")
view {
  name = "ContentView",
  state = { showPopover = false, showEditor = false },
  modifiers = {
    popover { isPresented = "showPopover", content = { text = "menu", fittedHeight = 200 } },
    sheet { isPresented = "showEditor", toolbarItem = "Edit", content = "editor" },
  },
}
set("showPopover", true)
advance()
set { showPopover = false, showEditor = true } -- one update
advance()
expect(
  #stack() == 0 and get("showEditor") == true,
  "rdar-150764801: the editor sheet is not shown, its binding set (B40)"
)

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
set("showEditor", false)
advance()
