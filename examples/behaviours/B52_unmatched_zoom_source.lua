-- B52: a zoom source marked after drawingGroup() (or two sources with one
-- id) gives no zoom: the standard transition runs, with a warning.
--
-- Covers: B52

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false },
  matchedTransitionSource = { id = "photo", after = "drawingGroup" },
  modifiers = { sheet { isPresented = "show",
    content = { text = "photo", navigationTransition = zoom{ source = "photo" } } } },
}
set("show", true)
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(ignored[1].rule, "B52", "B52: the zoom cannot match the source")
expect_eq(top().transition, "standard", "B52: the standard transition runs")
