-- B27: .presentationBackgroundInteraction(.enabled(upThrough: .medium))
-- (iOS 16.4) lets taps reach the view behind the sheet while the sheet is
-- at or below medium; above it, or without the modifier, or before 16.4,
-- the background is blocked. tap_background() says whether the tap got
-- through.
--
--   .sheet(isPresented: $show) {
--       MapControls()
--           .presentationDetents([.height(200), .medium, .large])
--           .presentationBackgroundInteraction(.enabled(upThrough: .medium))
--   }
--
-- Covers: B27, B26

local function mapView(upThrough)
  view {
    name = "MapView",
    state = { show = false },
    modifiers = {
      sheet {
        isPresented = "show",
        content = {
          text = "MapControls",
          presentationDetents = { "height(200)", "medium", "large" },
          backgroundInteraction = upThrough,
        },
      },
    },
  }
  set("show", true)
  advance(500)
end

profile("iphone15-ios16.4")
expect(tap_background(), "B27: with nothing presented the tap reaches the view")

mapView("medium")
expect_eq(top().detent, "height(200)")
expect(tap_background(), "B27: below medium the map gets the tap")
drag(391.5)
release()
expect_eq(top().detent, "medium", "B26: settled on medium")
expect(tap_background(), "B27: at medium too")
drag(783)
release()
expect_eq(top().detent, "large")
expect(not tap_background(), "B27: above medium the background is blocked")
local taps = timeline({ kind = "backgroundTap" })
expect(taps[#taps].detail:find("blocked", 1, true), "B27: the timeline says what blocked it")

-- Without the modifier the background is always blocked.
reset()
mapView(nil)
expect(not tap_background(), "B27: no background interaction by default")

-- iOS 16.0 has no presentationBackgroundInteraction.
reset("iphone15-ios16")
mapView("medium")
expect_eq(top().detent, "height(200)")
expect(not tap_background(), "B27: before iOS 16.4 the background is blocked")
