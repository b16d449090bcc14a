-- B40: before iOS 26, a sheet presented from a toolbar item, requested in
-- the same update in which a popover is dismissed, may not be shown: its
-- binding stays set and nothing appears. Fixed in 26 (release notes
-- 150764801). A profile flag (`popover_dismiss_hides_sheet`).
--
--   .toolbar { ToolbarItem { Button("Edit") { showPopover = false; showEditor = true } } }
--   .popover(isPresented: $showPopover) { Menu() }
--   .sheet(isPresented: $showEditor) { Editor() }   // on the toolbar item
--
-- Covers: B40

local function contentView()
  view {
    name = "ContentView",
    state = { showPopover = false, showEditor = false },
    modifiers = {
      popover { isPresented = "showPopover", content = { text = "menu", fittedHeight = 200 } },
      sheet { isPresented = "showEditor", toolbarItem = "Edit", content = "editor" },
    },
  }
end

-- An iPad, so the popover is a popover (in compact width it is a sheet).
profile("ipadpro11-ios18.4")
contentView()
set("showPopover", true)
advance(500)
expect_eq(top().style, "popover", "a popover in regular width")
set { showPopover = false, showEditor = true } -- one update
advance()
expect_eq(#stack(), 0, "B40: the sheet is not shown")
expect_eq(get("showEditor"), true, "B40: its binding stays set")
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(ignored[1].rule, "B40", "B40: the timeline names the bug")

reset("ipadpro11-ios26")
contentView()
set("showPopover", true)
advance(500)
set { showPopover = false, showEditor = true }
advance()
expect_eq(top().presenter, "ContentView", "B40: fixed in 26")
expect_eq(top().kind, "sheet", "B40: the editor is shown")
