-- B08: the user can swipe a sheet down unless .interactiveDismissDisabled()
-- is set; a fullScreenCover cannot be swiped down at all. Code can still
-- dismiss both. A swipe finishes in the remainder of the transition
-- (250 ms, B01).
--
-- Covers: B08, B01, B02

profile("iphone15-ios17") -- three modifiers on one view: not on 14.4 (B10)

view {
  name = "ContentView",
  state = { showSheet = false, showLocked = false, showCover = false },
  modifiers = {
    sheet { isPresented = "showSheet", content = "sheet" },
    sheet { isPresented = "showLocked", content = { text = "form", interactiveDismissDisabled = true } },
    fullScreenCover { isPresented = "showCover", content = "cover" },
  },
}

-- A plain sheet: swiped away.
set("showSheet", true)
advance(500)
swipe()
expect_eq(top().phase, "dismissing", "B08: a sheet can be swiped down")
expect_eq(top().ends, now() + 250, "B01: the rest of an interactive swipe takes 250 ms")
advance(250)
expect_eq(top(), nil)
expect_eq(get("showSheet"), false, "B02: isPresented is written back after the swipe")

-- .interactiveDismissDisabled(): the swipe is refused, code still closes it.
set("showLocked", true)
advance(500)
swipe()
expect_eq(top().phase, "presented", "B08: interactiveDismissDisabled refuses the swipe")
local refused = timeline({ kind = "dismissPrevented" })
expect_eq(refused[#refused].detail, "interactiveDismissDisabled (B08)", "B08")
set("showLocked", false) -- a Done button
expect_eq(top().phase, "dismissing", "B08: programmatic dismissal still works")
advance(500)
expect_eq(top(), nil)

-- fullScreenCover: no swipe, no drag.
set("showCover", true)
advance(500)
swipe()
expect_eq(top().phase, "presented", "B08: a full-screen cover cannot be swiped down")
refused = timeline({ kind = "dismissPrevented" })
expect_eq(refused[#refused].detail, "a full-screen cover cannot be swiped down (B08)", "B08")
drag(100)
expect_eq(top().phase, "presented", "B08: nor dragged")
dismiss() -- its Close button
advance(500)
expect_eq(top(), nil, "B08: the DismissAction closes it")
expect_eq(get("showCover"), false, "B02")
