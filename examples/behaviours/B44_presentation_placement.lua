-- B44: `presentationPlacement(.automatic | .center | .leading | .trailing)`
-- (iOS 27) sets where a sheet sits; only sheets respect it. Beta
-- documentation; the 8 pt margin is B36's inset (an assumption).
--
-- Covers: B44

local function contentView(kind, placement)
  local builder = kind == "cover" and fullScreenCover or sheet
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = { builder { isPresented = "show", content = { text = "side", presentationPlacement = placement } } },
  }
end

profile("ipadpro11-ios27")
contentView("sheet", "leading")
set("show", true)
expect_eq(top().presentation_placement, "leading", "B44: as asked")
expect_eq(top().frame.x, 8, "B44: at the leading edge")

reset()
contentView("sheet", "trailing")
set("show", true)
expect_eq(top().frame.x, 834 - 540 - 8, "B44: at the trailing edge")

reset()
contentView("cover", "leading")
set("show", true)
expect(timeline({ kind = "modifierIgnored" })[1].detail:find("only sheets", 1, true), "B44: a cover ignores it")

reset("ipadpro11-ios26")
contentView("sheet", "leading")
set("show", true)
expect_eq(top().frame.x, (834 - 540) / 2, "B44: before 27 the sheet is centred")
expect(timeline({ kind = "modifierIgnored" })[1].detail:find("needs iOS 27", 1, true), "B44: said")
