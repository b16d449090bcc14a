-- B48: on 26, focusing a text field in a sheet resting at a smaller detent
-- moves it to the largest detent, animated, and the selection follows.
--
-- Covers: B48

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, detent = "medium" },
  modifiers = { sheet { isPresented = "show",
    content = { text = "form", textField = true, presentationDetents = { "medium", "large" },
      selection = "detent" } } },
}
set("show", true)
advance(500)
focus_text_field()
expect_eq(top().detent, "large", "B48: expanded to the largest detent")
expect_eq(get("detent"), "large", "B48: the selection follows")
local moved = timeline({ kind = "userChangedDetent" })
expect_eq(moved[1].rule, "B48", "B48: by this rule")
expect_eq(moved[1].animated, true, "B48: animated")
