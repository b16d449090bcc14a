-- B17 for custom detents (CustomPresentationDetent): the resolver's value,
-- clamped to [0, maxDetentValue]; a resolver returning nil makes its detent
-- inactive. Resolvers are policy hooks (detents.NAME); this scenario loads
-- two from policies/custom_detents.lua. A custom detent no loaded policy
-- resolves is inactive too, and the timeline says so.
--
-- Covers: B17

policy("policies/custom_detents.lua")
profile("iphone15-ios17")

local function contentView(detents)
  view {
    name = "ContentView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = { text = "SheetView", presentationDetents = detents, compactAdaptation = "sheet" },
      },
    },
  }
end

contentView { "custom(tall)", "large" }
set("sheet", true)
expect_eq(top().detents, {
  { detent = "custom(tall)", height = 783 * 0.6 },
  { detent = "large", height = 783 },
}, "B17: custom(tall) = the resolver's value")
expect_eq(top().detent, "custom(tall)")

-- In landscape (compact height, kept as a sheet) the resolver returns nil.
rotate("landscape")
expect_eq(top().detents, { { detent = "large", height = 383 } },
  "B17: a resolver returning nil makes the detent inactive")
expect_eq(top().detent, "large", "B17: the sheet moves to a detent that is still active")

-- A resolver returning more than max is clamped, and reported.
reset("iphone15-ios17")
contentView { "custom(huge)" }
set("sheet", true)
expect_eq(top().height, 783, "B17: clamped to maxDetentValue")
local clamped = timeline({ kind = "detentClamped" })
expect_eq(#clamped, 1, "B17: the clamp is reported")
expect_eq(clamped[1].detent, "custom(huge)", "B17: naming the detent")

-- No loaded policy resolves custom(bar): inactive, with an error event.
reset()
contentView { "custom(bar)", "medium" }
set("sheet", true)
expect_eq(top().detents, { { detent = "medium", height = 391.5 } }, "B17: an unresolved custom detent is inactive")
expect_error({ kind = "contentError" }, "B17: and the timeline says why")
