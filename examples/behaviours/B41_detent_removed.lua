-- B41: when the selected detent leaves the detent set (the content stops
-- declaring it), the sheet jumps to an active detent without animation and
-- the selection binding follows. One report (FB19252983); which detent it
-- jumps to is not reported: the engine takes the nearest in height (an
-- assumption).
--
-- Covers: B41

profile("iphone17-ios26")

view {
  name = "ContentView",
  state = { show = false, compact = false, detent = "large" },
  modifiers = {
    sheet {
      isPresented = "show",
      content = function(c)
        local detents = c.binding("compact") and { "height(200)", "medium" } or { "height(200)", "medium", "large" }
        return { text = "sheet", presentationDetents = detents, selection = "detent" }
      end,
    },
  },
}

set("show", true)
advance(500)
expect_eq(top().detent, "large", "the sheet is at large")
set("compact", true) -- large leaves the set
expect_eq(top().detent, "medium", "B41: jumped to the nearest active detent")
expect_eq(get("detent"), "medium", "B41: the selection binding follows")
local jump = timeline({ kind = "detentChanged" })
expect_eq(#jump, 1, "B41: one jump")
expect_eq(jump[1].rule, "B41", "B41: by this rule")
expect_eq(jump[1].animated, false, "B41: without animation")
-- On 26 the jump crosses the full-height line: the placement changes with
-- it, and so does not animate either.
local placement = timeline({ kind = "placementChanged" })
expect_eq(#placement, 1, "B36: the placement changes with the jump")
expect_eq(placement[1].animated, false, "B41: the placement change does not claim an animation")
expect_eq(#timeline({ animated = true, since = jump[1].index }), 0, "B41: nothing after the jump animates")
