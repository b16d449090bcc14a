-- B49: a selection change made while the present transition runs waits
-- until the sheet is presented; the binding already holds the new value.
--
-- Covers: B49

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, detent = "medium" },
  modifiers = { sheet { isPresented = "show",
    content = { text = "s", presentationDetents = { "medium", "large" }, selection = "detent" } } },
}
set("show", true)
advance(100)
set("detent", "large")
expect_eq(top().detent, "medium", "B49: still at medium while presenting")
expect_eq(get("detent"), "large", "B49: the binding holds the new value")
expect_eq(#timeline({ kind = "deferred", rule = "B49" }), 1, "B49: the change waits")
advance(400)
expect_eq(top().detent, "large", "B49: applied once presented")
expect_eq(timeline({ kind = "detentChanged" })[1].rule, "B49", "B49: the move cites it")
