-- B50: changing the detent set while the user drags has crashed apps on 26;
-- the engine warns and applies the change when the drag ends.
--
-- Covers: B50

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, tall = true },
  modifiers = { sheet { isPresented = "show",
    content = function(c)
      return { text = "s", presentationDetents = c.binding("tall") and { "medium", "large" } or { "medium" } }
    end } },
}
set("show", true)
advance(500)
drag(500)
set("tall", false)
local hazard = timeline({ kind = "hazard" })
expect_eq(#hazard, 1, "B50: a warning names the hazard")
expect_eq(hazard[1].rule, "B50", "B50: by this rule")
release(0)
expect_eq(top().detents, { { detent = "medium", height = 406 } }, "B50: applied when the drag ends")
