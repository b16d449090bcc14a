-- FB19252983: when the selected detent leaves the sheet's detent set, the
-- sheet moves to another detent without an animation, unlike a change of
-- the selection binding.
--
-- Source: feedback-assistant/reports #699 (FB19252983)
-- Reported: iOS 26
-- Affected: ios16 to ios27 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (35 profiles)
-- Workaround: none in the source
--
--   .sheet(isPresented: $show) {
--       Panel().presentationDetents(compact ? [.height(200), .medium] : [.height(200), .medium, .large],
--                                   selection: $detent)
--   }
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
        return { text = "panel", presentationDetents = detents, selection = "detent" }
      end,
    },
  },
}
set("show", true)
advance()
local before = top().detent
set("compact", true) -- large leaves the set
local moves = timeline({ kind = "detentChanged" })
expect(
  before == "large" and #moves == 1 and moves[1].animated == false,
  "FB19252983: the sheet leaves the removed detent without animation (B41)"
)

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
dismiss()
advance()
