-- B42: tapping a sheet's drag indicator moves it to the next detent,
-- animated, and counts as the user's change (a `userChangedDetent` event),
-- unlike a change made by code (B29). From the largest it goes back to the
-- smallest (the report describes large to the smaller one). One report
-- (FB21706305).
--
-- Covers: B42, B29

profile("iphone17-ios26")

view {
  name = "ContentView",
  state = { show = false, detent = "medium" },
  modifiers = {
    sheet {
      isPresented = "show",
      content = { text = "sheet", presentationDetents = { "medium", "large" }, selection = "detent" },
    },
  },
}

set("show", true)
advance(500)
tap_grabber()
expect_eq(top().detent, "large", "B42: the next detent")
expect_eq(get("detent"), "large", "B42: the selection follows")
local changed = timeline({ kind = "userChangedDetent" })
expect_eq(#changed, 1, "B42: a user change")
expect_eq(changed[1].rule, "B42", "B42: by this rule")
expect_eq(changed[1].animated, true, "B42: animated")
tap_grabber()
expect_eq(top().detent, "medium", "B42: from the largest back to the smallest")

-- Code moving the sheet is not a user change (B29).
set("detent", "large")
expect_eq(#timeline({ kind = "userChangedDetent" }), 2, "B29: no user-change event for code")
